// A column's context-naive profile at load: distinct values and stats from a single sort.
import type { ProfileResult, ProfileValues } from '../src/contract/tasks.ts';
import type { ColumnView } from './columns.ts';
import { distinctOfSorted, distinctValues } from './distinct.ts';
import { selectValues } from './select.ts';
import { sortValues } from './sort.ts';
import { statsOfSorted } from './stats.ts';

/**
 * distinctValues and columnStats over all records, sharing one selection and one sort for numeric
 * columns (the costliest step at load); the answers are the same as the two separate calls. A
 * number column's distinct values and counts come as typed arrays (see ProfileResult); labels are
 * the main thread's, made when shown (formatting 10M labels here took 1.5 s of a 10M-row key
 * column's 3.7 s profile, and their strings ~320 MiB on the main thread).
 */
export function profileColumn(col: ColumnView, withStats: boolean): ProfileResult {
  if (!withStats || col.kind === 'dict' || col.kind === 'bool')
    return { distinct: distinctValues(col, null), stats: null };
  const { values, nullCount } = sortedValuesOf(col);
  const distinct =
    values instanceof BigInt64Array ? distinctOfSorted(col, values, nullCount) : runsOf(values, nullCount);
  return { distinct, stats: statsOfSorted(col, values, nullCount) };
}

/**
 * The column's non-null values in TypedArray#sort order: the column itself when it has no null and
 * is in that order already (a key column often is: row ids), else a sorted copy. Why: the copy and
 * the counting sort's slots were 12 bytes a row of a 10M-row key column's profile (the largest
 * transient of a cold start's profiling) and half its time; the column is only read.
 */
function sortedValuesOf(col: ColumnView): { values: Float64Array | Int32Array | BigInt64Array; nullCount: number } {
  if (col.nullCount === 0 && (col.kind === 'f64' || col.kind === 'i32')) {
    const values = (col.values as Float64Array | Int32Array).subarray(0, col.length);
    if (isSorted(values)) return { values, nullCount: 0 };
  }
  const selected = selectValues(col, null);
  sortValues(selected.values);
  return selected;
}

/** Whether the values are in TypedArray#sort order: ascending, -0 before +0, no NaN (NaN sorts last). */
export function isSorted(values: Float64Array | Int32Array): boolean {
  for (let i = 1; i < values.length; i++) {
    const a = values[i - 1],
      b = values[i];
    if (!(a < b || (a === b && (a !== 0 || 1 / a <= 1 / b)))) return false;
  }
  return values.length === 0 || values[values.length - 1] === values[values.length - 1];
}

/**
 * distinctOfSorted's values and counts for numbers, into typed arrays: one pass to count the runs
 * (and find the longest), one to fill them. Counts take the narrowest type that holds the longest
 * run: a key column's (every count 1) are a byte each, 100 MiB rather than 400 at 100M rows.
 * From SHARED_RUNS runs on they live in shared memory (see toBuffer).
 */
function runsOf(sorted: Float64Array | Int32Array, nullCount: number): ProfileValues {
  let runs = 0,
    longest = 0;
  for (let i = 0; i < sorted.length; runs++) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    longest = Math.max(longest, j - i);
    i = j;
  }
  const width = longest <= 0xff ? 1 : longest <= 0xffff ? 2 : longest <= 0xffff_ffff ? 4 : 8;
  const values = new Float64Array(toBuffer(8 * runs, runs));
  const into = toBuffer(width * runs, runs);
  const counts =
    width === 1
      ? new Uint8Array(into)
      : width === 2
        ? new Uint16Array(into)
        : width === 4
          ? new Uint32Array(into)
          : new Float64Array(into);
  for (let i = 0, r = 0; i < sorted.length; r++) {
    const v = sorted[i];
    let j = i + 1;
    while (j < sorted.length && sorted[j] === v) j++;
    values[r] = v;
    counts[r] = j - i;
    i = j;
  }
  return { values, counts, nullCount };
}

/** Runs from this many on are kept in shared memory. */
const SHARED_RUNS = 65_536;

/**
 * A buffer of `bytes` for `runs` runs: a SharedArrayBuffer from SHARED_RUNS runs on. Why: a key
 * column's values and counts are then sent to the tasks that read them (a clustered naive
 * distribution, src/snapshot/profile-groups.ts) without a copy: a structured clone shares them.
 */
function toBuffer(bytes: number, runs: number): ArrayBuffer | SharedArrayBuffer {
  return runs >= SHARED_RUNS ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}
