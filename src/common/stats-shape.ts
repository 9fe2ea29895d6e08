// The shape of a stats answer and its §8 quantile rule, shared by the workers and the engine path (API.md §8).
import type { StatsResult } from '../contract/tasks.ts';

/** The quantiles of a number column's stats, by key. */
export const QUANTILES = [
  ['p05', 0.05],
  ['p25', 0.25],
  ['p50', 0.5],
  ['p75', 0.75],
  ['p95', 0.95],
] as const;

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

/** A 64-bit integer as JSON: a number when it is a safe integer, else its decimal text. */
export function toNumberOrText(v: bigint): number | string {
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
