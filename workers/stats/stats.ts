// Summary statistics of one column among the masked records (API.md §8), in storage units.
import { QUANTILES, quantileCont, toEmptyStats, toNumberOrText } from '../../src/common/stats-shape.ts';
import type { StatsResult } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { momentsOf } from './moments.ts';
import { selectValues } from '../table/select.ts';
import { sortValues } from '../group/sort.ts';

/**
 * count (non-null), null_count, distinct, min, max; for numbers also mean, sample stddev, sum
 * and quantiles. Temporal columns (date, time, datetime) get order statistics only. i64 min and
 * max are decimal strings when they lie beyond 2^53; sum, mean and stddev are rounded once from exact
 * sums (workers/stats/moments.ts), so they do not depend on the order of the values.
 */
export function columnStats(col: ColumnView, mask: Uint8Array | null): StatsResult {
  if (col.kind === 'dict' || col.kind === 'bool') throw new Error(`Stats do not apply to a ${col.kind} column.`);
  const { values, nullCount } = selectValues(col, mask);
  sortValues(values);
  return statsOfSorted(col, values, nullCount);
}

/** The same statistics from the column's kept non-null values, already sorted ascending. */
export function statsOfSorted(
  col: ColumnView,
  values: Float64Array | Int32Array | BigInt64Array,
  nullCount: number,
  distinct: number = countRuns(values), // a profile has counted the runs already
): StatsResult {
  const n = values.length;
  const numeric = !col.temporal;
  const result = toEmptyStats(n, nullCount, distinct, numeric);
  if (n === 0) return result;
  const [min, max] = [values[0], values[n - 1]];
  result.min = typeof min === 'bigint' ? toNumberOrText(min) : min;
  result.max = typeof max === 'bigint' ? toNumberOrText(max) : max;
  if (!numeric) return result;
  Object.assign(result, momentsOf(values));
  const q = result.quantiles!;
  for (const [key, p] of QUANTILES) q[key] = quantileCont(values, p);
  return result;
}

export function countRuns(sorted: ArrayLike<number | bigint>): number {
  let runs = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) runs++;
  return runs;
}
