// Shaping what a distributed engine counted (API.md §14): its groups and value runs through the very functions the table tasks end with.
import type { GridCells } from '../../src/contract/grid.ts';
import type {
  DistParams,
  DistPoint,
  DistResult,
  ShapeGroups,
  StatsResult,
  ValueRuns,
} from '../../src/contract/tasks.ts';
import { clusterPoints, defaultK } from '../cluster/kmeans.ts';
import type { ColumnView } from '../table/columns.ts';
import { byValues, shapeDistribution } from './dist.ts';
import { statsOfSorted } from '../stats/stats.ts';

/** A distribution from groups an engine counted: sorted, outliers set aside and clustered as for a table. */
export function shapeGroups(groups: ShapeGroups, params: DistParams): DistResult {
  return shapeDistribution(groups, params);
}

/**
 * A distribution from §13's grid an engine computed (steps 1–2 and the cells, src/engine/compute/grid.ts)
 * and its groups holding a null (`nulls=true`): steps 3–4 of §7 over the cells, then the answer as
 * shapeDistribution makes it for the same groups — outliers in value order (or stably by count), the
 * centroids and the null groups sorted together, `cells`, and `badN` for an `n` past the cells.
 */
export function shapeCells(grid: GridCells, nulls: DistPoint[], params: DistParams): DistResult {
  const size = grid.size + nulls.length;
  const result: DistResult = { size, clustered: false, data: [], outliers: [], tooMany: false, badN: null };
  if (nulls.length > params.maxGroups) return { ...result, size: 0, tooMany: true };
  const outliers: DistPoint[] = grid.outliers.map((o) => ({ count: o.count, values: o.values })).sort(byValues);
  if (params.sort === 'count') outliers.sort((a, b) => b.count - a.count);
  result.outliers = outliers;
  const { n } = params;
  if (n !== null && !(Number.isInteger(n) && n >= 1 && n <= grid.cells)) {
    // Refused (src/routes/dist-answer.ts reads badN only): the groups of `data` are not needed.
    result.badN = { n, points: grid.cells };
    return result;
  }
  const dims = grid.std.length;
  const norm = {
    values: grid.values,
    dims,
    std: Float64Array.from(grid.std),
    constant: Float64Array.from(grid.constant),
  };
  const clusters = clusterPoints(norm, grid.counts, n ?? Math.max(1, defaultK(grid.cells)));
  const data: DistPoint[] = [];
  for (let j = 0; j < clusters.k; j++)
    data.push({ count: clusters.counts[j], values: Array.from(clusters.values.subarray(j * dims, (j + 1) * dims)) });
  result.clustered = true;
  result.cells = grid.cells;
  result.data = [...data, ...nulls].sort(
    params.sort === 'count' ? (a, b) => b.count - a.count || byValues(a, b) : byValues,
  );
  return result;
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
