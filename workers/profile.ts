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
  const { values, nullCount } = selectValues(col, null);
  sortValues(values);
  const distinct =
    values instanceof BigInt64Array ? distinctOfSorted(col, values, nullCount) : runsOf(values, nullCount);
  return { distinct, stats: statsOfSorted(col, values, nullCount) };
}

/**
 * distinctOfSorted's values and counts for numbers, into typed arrays: one pass to count the runs
 * (and find the longest), one to fill them. Counts take the narrowest type that holds the longest
 * run: a key column's (every count 1) are a byte each, 100 MiB rather than 400 at 100M rows.
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
  const values = new Float64Array(runs);
  const counts =
    longest <= 0xff
      ? new Uint8Array(runs)
      : longest <= 0xffff
        ? new Uint16Array(runs)
        : longest <= 0xffff_ffff
          ? new Uint32Array(runs)
          : new Float64Array(runs);
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
