// Groups of one number column by sorting its values: the path of a clustered 1-D distribution of any size (API.md §13).
import type { ColumnView } from '../table/columns.ts';
import { presentValues } from './rank.ts';
import { sortValues } from './sort.ts';

/** The shape of workers/group/group.ts's Groups, one dimension (declared here: group.ts imports this module). */
type Groups = {
  size: number;
  counts: Float64Array;
  tooMany: boolean;
  dims: { values: ArrayLike<number | string>; numbers: Float64Array; ranks: Int32Array }[];
};

/**
 * The groups of one f64, i32 or i64 column over the rows `sel`: its kept values sorted (radix or
 * counting sort, workers/group/sort.ts) and counted run by run, then the nulls' group last when
 * `nulls`. A float with a distinct value per row has as many groups as rows: ranking each row
 * and counting ranks would search or hash every row again, where the runs of the sorted copy
 * already are the groups and their counts.
 */
export function sortedGroups(col: ColumnView, sel: Int32Array, nulls: boolean): Groups {
  const sorted = presentValues(col, sel);
  sortValues(sorted);
  const n = sorted.length;
  const runs = sorted instanceof BigInt64Array ? countRunsBig(sorted) : countRuns(sorted);
  const nullCount = nulls ? sel.length - n : 0;
  const size = runs + (nullCount > 0 ? 1 : 0);
  const counts = new Float64Array(size),
    ranks = new Int32Array(size),
    numbers = new Float64Array(runs);
  if (sorted instanceof BigInt64Array) {
    const text: string[] = [];
    for (let i = 0, g = -1; i < n; i++) {
      if (i === 0 || sorted[i] !== sorted[i - 1]) text[++g] = String(sorted[i]);
      counts[g]++;
    }
    numbers.set(text.map(Number));
    return finish(text);
  }
  fillRuns(sorted, numbers, counts);
  return finish(numbers);

  function finish(values: ArrayLike<number | string>): Groups {
    for (let g = 0; g < runs; g++) ranks[g] = g;
    if (nullCount > 0) {
      ranks[runs] = runs;
      counts[runs] = nullCount;
    }
    return { size, counts, tooMany: false, dims: [{ values, numbers, ranks }] };
  }
}

/** Runs of equal values in a sorted array (one monomorphic loop per array type). */
function countRuns(sorted: Float64Array | Int32Array): number {
  let runs = sorted.length > 0 ? 1 : 0;
  for (let i = 1; i < sorted.length; i++) runs += sorted[i] !== sorted[i - 1] ? 1 : 0;
  return runs;
}

function countRunsBig(sorted: BigInt64Array): number {
  let runs = sorted.length > 0 ? 1 : 0;
  for (let i = 1; i < sorted.length; i++) runs += sorted[i] !== sorted[i - 1] ? 1 : 0;
  return runs;
}

/** Each run's value and length. */
function fillRuns(sorted: Float64Array | Int32Array, numbers: Float64Array, counts: Float64Array): void {
  for (let i = 0, g = -1; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) numbers[++g] = sorted[i];
    counts[g]++;
  }
}
