// Summary statistics of one column among the masked records (API.md §8), in storage units.
import type { StatsResult } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { momentsOf } from './moments.ts';
import { selectValues } from '../table/select.ts';
import { sortValues } from '../group/sort.ts';

/** The quantiles of a number column's stats, by key. */
export const QUANTILES = [
  ['p05', 0.05],
  ['p25', 0.25],
  ['p50', 0.5],
  ['p75', 0.75],
  ['p95', 0.95],
] as const;

/**
 * count (non-null), null_count, distinct, min, max; for numbers also mean, sample stddev, sum
 * and quantiles. Temporal columns (date, time, datetime) get order statistics only. i64 min and
 * max are decimal strings when they lie beyond 2^53; sums of whole numbers are exact (workers/stats/moments.ts).
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

/**
 * DuckDB's quantile_cont over sorted values: position (n − 1)·q, linear interpolation between
 * the values at its floor and ceiling. For 64-bit integers the step and the lower value's own
 * rounding are taken exactly, so the answer is rounded once, at the end.
 */
export function quantileCont(sorted: ArrayLike<number> | BigInt64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos),
    hi = Math.ceil(pos);
  const a = sorted[lo],
    b = sorted[hi];
  if (typeof a === 'bigint') {
    const base = Number(a);
    return lo === hi ? base : base + (Number(a - BigInt(base)) + (pos - lo) * Number((b as bigint) - a));
  }
  if (lo === hi) return a;
  return a + (pos - lo) * ((b as number) - a);
}

function countRuns(sorted: ArrayLike<number | bigint>): number {
  let runs = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) runs++;
  return runs;
}

function toNumberOrText(v: bigint): number | string {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : String(v);
}

/** The statistics before any value is read: counts, and nulls for the rest (quantiles for numbers only). */
export function toEmptyStats(n: number, nullCount: number, distinct: number, numeric: boolean): StatsResult {
  return {
    count: n,
    null_count: nullCount,
    distinct,
    min: null,
    max: null,
    mean: null,
    stddev: null,
    sum: null,
    quantiles: numeric ? { p05: null, p25: null, p50: null, p75: null, p95: null } : null,
  };
}
