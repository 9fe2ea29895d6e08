// Summary statistics of one column among the masked records (API.md §8), in storage units.
import type { StatsResult } from '../src/contract/tasks.ts';
import type { ColumnView } from './columns.ts';
import { selectValues } from './select.ts';
import { sortValues } from './sort.ts';

const QUANTILES = [['p05', 0.05], ['p25', 0.25], ['p50', 0.5], ['p75', 0.75], ['p95', 0.95]] as const;

/**
 * count (non-null), null_count, distinct, min, max; for numbers also mean, sample stddev, sum
 * and quantiles. Temporal columns (date, time, datetime) get order statistics only. i64 min and
 * max are decimal strings when they lie beyond 2^53, and i64 sums are exact until converted.
 */
export function columnStats(col: ColumnView, mask: Uint8Array | null): StatsResult {
  if (col.kind === 'dict' || col.kind === 'bool') throw new Error(`Stats do not apply to a ${col.kind} column.`);
  const { values, nullCount } = selectValues(col, mask);
  sortValues(values);
  return statsOfSorted(col, values, nullCount);
}

/** The same statistics from the column's kept non-null values, already sorted ascending. */
export function statsOfSorted(col: ColumnView, values: Float64Array | Int32Array | BigInt64Array, nullCount: number): StatsResult {
  const n = values.length;
  const numeric = !col.temporal;
  const result: StatsResult = {
    count: n, null_count: nullCount, distinct: countRuns(values),
    min: null, max: null, mean: null, stddev: null, sum: null,
    quantiles: numeric ? { p05: null, p25: null, p50: null, p75: null, p95: null } : null,
  };
  if (n === 0) return result;
  if (values instanceof BigInt64Array) {
    result.min = toNumberOrText(values[0]);
    result.max = toNumberOrText(values[n - 1]);
    let sum = 0n;
    for (let i = 0; i < n; i++) sum += values[i];
    describe(Float64Array.from(values, Number), result, Number(sum));
    return result;
  }
  result.min = values[0];
  result.max = values[n - 1];
  if (numeric) describe(values, result, sumOf(values));
  return result;
}

/** mean, stddev, sum and quantiles of sorted values (n ≥ 1). */
function describe(sorted: Float64Array | Int32Array, result: StatsResult, sum: number): void {
  const n = sorted.length;
  const mean = sum / n;
  result.sum = sum;
  result.mean = mean;
  if (n >= 2) {
    let ss = 0;
    for (let i = 0; i < n; i++) { const d = sorted[i] - mean; ss += d * d; }
    result.stddev = Math.sqrt(ss / (n - 1));
  }
  const q = result.quantiles!;
  for (const [key, p] of QUANTILES) q[key] = quantileCont(sorted, p);
}

/**
 * DuckDB's quantile_cont over sorted values: position (n − 1)·q, linear interpolation between
 * the values at its floor and ceiling.
 */
export function quantileCont(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  if (lo === hi) return sorted[lo];
  return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
}

/** Neumaier-compensated sum, so large columns do not drift. */
function sumOf(values: Float64Array | Int32Array): number {
  let sum = 0, c = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i], t = sum + v;
    c += Math.abs(sum) >= Math.abs(v) ? (sum - t) + v : (v - t) + sum;
    sum = t;
  }
  return sum + c;
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
