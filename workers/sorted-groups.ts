// Groups of one number column by sorting its values: the path of a clustered 1-D distribution of any size (API.md §13).
import type { ColumnView } from './columns.ts';
import type { Groups } from './group.ts';
import { presentValues } from './rank.ts';
import { sortValues } from './sort.ts';

/**
 * The groups of one f64, i32 or i64 column over the rows `sel`: its kept values sorted (radix or
 * counting sort, workers/sort.ts) and counted run by run, then the nulls' group last when
 * `nulls`. A float with a distinct value per row has as many groups as rows: ranking each row
 * and counting ranks would search or hash every row again, where the runs of the sorted copy
 * already are the groups and their counts.
 */
export function sortedGroups(col: ColumnView, sel: Int32Array, nulls: boolean): Groups {
  const sorted = presentValues(col, sel);
  sortValues(sorted);
  const n = sorted.length;
  let runs = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) runs++;
  const nullCount = nulls ? sel.length - n : 0;
  const size = runs + (nullCount > 0 ? 1 : 0);
  const counts = new Float64Array(size),
    ranks = new Int32Array(size),
    numbers = new Float64Array(runs);
  const isBig = sorted instanceof BigInt64Array;
  const values: (number | string)[] = new Array(runs);
  for (let i = 0, g = -1; i < n; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) {
      g++;
      ranks[g] = g;
      numbers[g] = Number(sorted[i]);
      values[g] = isBig ? String(sorted[i]) : (sorted[i] as number);
    }
    counts[g]++;
  }
  if (nullCount > 0) {
    ranks[runs] = runs;
    counts[runs] = nullCount;
  }
  return { size, counts, tooMany: false, dims: [{ values, numbers, ranks }] };
}
