// Shaping what a distributed engine counted (API.md §14): its groups and value runs through the very functions the table tasks end with.
import type { DistParams, DistResult, ShapeGroups, StatsResult, ValueRuns } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { shapeDistribution } from './dist.ts';
import { statsOfSorted } from '../stats/stats.ts';

/** A distribution from groups an engine counted: sorted, outliers set aside and clustered as for a table. */
export function shapeGroups(groups: ShapeGroups, params: DistParams): DistResult {
  return shapeDistribution(groups, params);
}

/**
 * Stats from an engine's ascending distinct values and counts: the runs are expanded into the
 * sorted values a table's stats task would have sorted, so every sum, mean and deviation is
 * computed in the same order with the same roundings.
 */
export function shapeStats(runs: ValueRuns): StatsResult {
  const { values, counts } = runs;
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  const sorted = new (values.constructor as Float64ArrayConstructor)(n) as typeof values;
  for (let i = 0, at = 0; i < counts.length; i++) {
    (sorted as Float64Array).fill(values[i] as number, at, at + counts[i]);
    at += counts[i];
  }
  return statsOfSorted({ temporal: runs.temporal } as ColumnView, sorted, runs.nullCount);
}
