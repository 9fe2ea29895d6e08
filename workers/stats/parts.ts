// Stats split by rows across threads (src/parallel/split.ts): each part's sorted values and exact sums, merged without merging the values.
import { type ExactTotals, mergeTotals } from '../../src/common/exact-sum.ts';
import type { StatsResult } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { isWhole } from './exact.ts';
import { momentsOfTotals, totalsOf } from './moments.ts';
import { selectValues } from '../table/select.ts';
import { sortValues } from '../group/sort.ts';
import { QUANTILES, quantileCont, toEmptyStats, toNumberOrText } from '../../src/common/stats-shape.ts';
import { countRuns } from './stats.ts';

type Sorted = Float64Array | Int32Array | BigInt64Array;

/** One part's kept non-null values, sorted, with its null count, runs and exact sums (null for temporal columns). */
export type StatsPart = { values: Sorted; nullCount: number; distinct: number; totals: ExactTotals | null };

/** The stats part of a slice of rows: the selection and sort that dominate a stats task, on this thread. */
export function statsPart(col: ColumnView, mask: Uint8Array | null): StatsPart {
  if (col.kind === 'dict' || col.kind === 'bool') throw new Error(`Stats do not apply to a ${col.kind} column.`);
  const { values, nullCount } = selectValues(col, mask);
  sortValues(values);
  return { values, nullCount, distinct: countRuns(values), totals: col.temporal ? null : totalsOf(values) };
}

/**
 * columnStats over the parts' rows together, byte for byte: the exact sums add (one rounding
 * after, API.md §8); distinct values are counted in one walk over the parts' heads; min, max and
 * the two order statistics each quantile interpolates between are found by binary search in the
 * sorted parts (k parts: O(k² log² n)), so the values are never merged into one array.
 */
export function mergeStats(col: ColumnView, parts: StatsPart[]): StatsResult {
  const arrays = parts.map((p) => p.values);
  const n = arrays.reduce((s, a) => s + a.length, 0);
  const nullCount = parts.reduce((s, p) => s + p.nullCount, 0);
  const numeric = !col.temporal;
  const result = toEmptyStats(n, nullCount, unionRuns(arrays), numeric);
  if (n === 0) return result;
  const min = valueAtRank(arrays, 0),
    max = valueAtRank(arrays, n - 1);
  result.min = typeof min === 'bigint' ? toNumberOrText(min) : min;
  result.max = typeof max === 'bigint' ? toNumberOrText(max) : max;
  if (!numeric) return result;
  const totals = mergeTotals(parts.map((p) => p.totals!));
  const integer = !(arrays[0] instanceof Float64Array);
  Object.assign(
    result,
    momentsOfTotals(totals, n, integer, () => arrays.every((a) => isWhole(a as Float64Array))),
  );
  const q = result.quantiles!;
  for (const [key, p] of QUANTILES) {
    const lo = Math.floor((n - 1) * p),
      hi = Math.ceil((n - 1) * p);
    q[key] = quantileCont({ length: n, [lo]: valueAtRank(arrays, lo), [hi]: valueAtRank(arrays, hi) } as never, p);
  }
  return result;
}

/** The order the sort leaves values in (TypedArray#sort: −0 before +0, NaN last). */
function less(a: number | bigint, b: number | bigint): boolean {
  if (a < b) return true;
  if (typeof a === 'bigint') return false;
  return (a === b && Object.is(a, -0) && Object.is(b, 0)) || (b !== b && a === a);
}

/** How many values of the sorted array are at most v in that order. */
function countAtMost(a: Sorted, v: number | bigint): number {
  let lo = 0,
    hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (less(v, a[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The value at rank r (0-based) of all the sorted arrays together: the least value with more than r values at most it. */
function valueAtRank(arrays: Sorted[], r: number): number | bigint {
  const atMost = (v: number | bigint) => arrays.reduce((s, a) => s + countAtMost(a, v), 0);
  let best: number | bigint | undefined;
  for (const a of arrays) {
    let lo = 0,
      hi = a.length; // the first index whose value has more than r at most it, in this array
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (atMost(a[mid]) > r) hi = mid;
      else lo = mid + 1;
    }
    if (lo < a.length && (best === undefined || less(a[lo], best))) best = a[lo];
  }
  if (best === undefined) throw new RangeError(`No rank ${r} in the parts.`);
  return best;
}

/**
 * The number of distinct values in all the sorted arrays together, as countRuns counts them
 * over one sorted array (−0 and +0 one value, each NaN its own): a walk over the heads.
 */
function unionRuns(arrays: Sorted[]): number {
  const nonEmpty = arrays.filter((a) => a.length > 0);
  if (nonEmpty.length === 1) return countRuns(nonEmpty[0]);
  if (nonEmpty.length === 2 && !(nonEmpty[0] instanceof BigInt64Array) && !hasNaN(nonEmpty))
    return unionRuns2(nonEmpty[0] as Float64Array, nonEmpty[1] as Float64Array);
  const pos = new Array<number>(arrays.length).fill(0);
  let runs = 0;
  for (;;) {
    let v: number | bigint | undefined;
    for (let p = 0; p < arrays.length; p++) {
      if (pos[p] === arrays[p].length) continue;
      const x = arrays[p][pos[p]];
      if (v === undefined || x < v || v !== v) v = x;
    }
    if (v === undefined) return runs;
    if (v !== v) return runs + arrays.reduce((s, a, p) => s + a.length - pos[p], 0); // only NaNs left
    runs++;
    for (let p = 0; p < arrays.length; p++) {
      const a = arrays[p];
      let i = pos[p];
      while (i < a.length && a[i] === v) i++;
      pos[p] = i;
    }
  }
}

const hasNaN = (arrays: Sorted[]) => arrays.some((a) => a[a.length - 1] !== a[a.length - 1]); // sorted last

/**
 * unionRuns of two sorted number arrays without NaN, in one tight merge walk (a monomorphic loop:
 * the generic walk over k parts costs as much as a part's sort at 10M values).
 */
function unionRuns2(a: Float64Array | Int32Array, b: Float64Array | Int32Array): number {
  let i = 0,
    j = 0,
    runs = 0;
  const n = a.length,
    m = b.length;
  while (i < n && j < m) {
    const x = a[i],
      y = b[j];
    const v = x < y ? x : y;
    runs++;
    while (i < n && a[i] === v) i++;
    while (j < m && b[j] === v) j++;
  }
  // the rest of one array, counted as countRuns counts
  for (; i < n; i++) if (i === 0 || a[i] !== a[i - 1]) runs++;
  for (; j < m; j++) if (j === 0 || b[j] !== b[j - 1]) runs++;
  return runs;
}
