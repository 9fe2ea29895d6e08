// A column's context-naive profile at load: distinct values and stats from a single sort, or from counts.
import type { ProfileResult, ProfileValues } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { distinctOfSorted, distinctValues } from './distinct.ts';
import { countedRuns, toNarrowCounts } from './profile-counts.ts';
import { statsOfRuns } from '../stats/runs.ts';
import { type Selected, selectValues } from '../table/select.ts';
import { sortValues } from '../group/sort.ts';
import { statsOfSorted } from '../stats/stats.ts';

/**
 * distinctValues and columnStats over all records, sharing one selection and one sort for numeric
 * columns (the costliest step at load); the answers are the same as the two separate calls. A
 * number column's distinct values and counts come as typed arrays (see ProfileResult); labels are
 * the main thread's, made when shown (formatting 10M labels here took 1.5 s of a 10M-row key
 * column's 3.7 s profile, and their strings ~320 MiB on the main thread). A column already in
 * order is read in place; one of short-span integers or few-place decimals is counted, not sorted
 * (workers/values/profile-counts.ts); any other is copied and sorted.
 */
export function profileColumn(col: ColumnView, withStats: boolean): ProfileResult {
  if (!withStats || col.kind === 'dict' || col.kind === 'bool')
    return { distinct: distinctValues(col, null), stats: null };
  let sorted: Selected | null = inOrder(col);
  if (sorted === null) {
    const runs = countedRuns(col);
    if (runs !== null) {
      const { values, counts, nullCount } = runs;
      return { distinct: { values, counts, nullCount }, stats: statsOfRuns(col, runs, nullCount) };
    }
    sorted = selectValues(col, null);
    sortValues(sorted.values);
  }
  const { values, nullCount } = sorted;
  const distinct =
    values instanceof BigInt64Array
      ? distinctOfSorted(col, values, nullCount)
      : isAscending(values)
        ? { values, counts: new Uint8Array(toBuffer(values.length, values.length)).fill(1), nullCount } // every value its own run
        : runsOf(values, nullCount);
  return { distinct, stats: statsOfSorted(col, values, nullCount, distinct.values.length) };
}

/**
 * The column itself when it has no null and is in TypedArray#sort order already (a key column
 * often is: row ids), else null. Why: the copy and the counting sort's slots were 12 bytes a row
 * of a 10M-row key column's profile (the largest transient of a cold start's profiling) and half
 * its time; the column is only read.
 */
function inOrder(col: ColumnView): { values: Float64Array | Int32Array; nullCount: number } | null {
  if (col.nullCount !== 0 || (col.kind !== 'f64' && col.kind !== 'i32')) return null;
  const values = (col.values as Float64Array | Int32Array).subarray(0, col.length);
  return isSorted(values) ? { values, nullCount: 0 } : null;
}

/**
 * Whether each value is above the one before (no two equal, no NaN): the sorted values are then
 * their own distinct values. Why: a key column's (every value distinct) runs were a copy of it,
 * 8 bytes a row made in two more passes; in order already, its distinct values are a view of the
 * column in shared memory (no copy at all, on either thread).
 */
function isAscending(values: Float64Array | Int32Array): boolean {
  for (let i = 1; i < values.length; i++) if (!(values[i - 1] < values[i])) return false;
  return true;
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
 * From SHARED_RUNS runs on the values live in shared memory (see toBuffer).
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
  const values = new Float64Array(toBuffer(8 * runs, runs));
  const counts = toNarrowCounts(runs, longest);
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
