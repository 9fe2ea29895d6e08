// One binned or truncated axis counted in a single pass over the rows: the histogram of API.md §13.
import { toBin } from '../../src/common/bins.ts';
import { toPeriod } from '../../src/common/intervals.ts';
import type { AxisSpec } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';

/** The Groups shape of workers/group/group.ts, one dimension (declared here: group.ts need not know this path). */
type Groups = {
  size: number;
  counts: Float64Array;
  tooMany: boolean;
  dims: { values: ArrayLike<number>; numbers: Float64Array; ranks: Int32Array }[];
};

/** Most period slots counted in one array; a wider span of periods goes through ordinary grouping. */
const MAX_SLOTS = 1 << 22;

/**
 * The groups of one f64 or i32 column grouped by bins or periods, masked, nulls dropped or counted
 * apart; null when the span of periods is too wide for one array (the caller groups as usual).
 *
 * Why a path of its own: grouping a derived column of bin indexes reads and writes every row five
 * times (derive, select, span, fold, count); a histogram needs one read of the values and one
 * increment per row, into a few hundred counters that stay in the cache. Periods of a datetime
 * first take one pass for the span of their ordinals. Groups come in bin or period order; the
 * route turns indexes and ordinals into values and labels.
 */
export function binnedGroups(col: ColumnView, axis: AxisSpec, mask: Uint8Array | null, nulls: boolean): Groups | null {
  if (axis.kind === 'exact' || col.values instanceof BigInt64Array || col.values instanceof Uint8Array) return null;
  const values = col.values,
    n = col.length; // the value buffer may be longer than the column
  const slotOf =
    axis.kind === 'bins' ? (v: number) => toBin(v, axis.bins) : (v: number) => toPeriod(v, axis.unit, axis.type);
  let lo = 0,
    slots = axis.kind === 'bins' ? axis.bins.count : 0;
  if (axis.kind === 'interval') {
    let min = Infinity,
      max = -Infinity;
    const { validity, offset } = col;
    for (let i = 0; i < n; i++) {
      if (validity !== null && ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 0) continue;
      const v = values[i];
      min = v < min ? v : min;
      max = v > max ? v : max;
    }
    if (min > max) min = max = 0;
    lo = slotOf(min);
    slots = slotOf(max) - lo + 1;
    if (slots > MAX_SLOTS) return null;
  }
  const tally = new Float64Array(slots + 1); // the last slot counts the nulls
  const { validity, offset } = col;
  for (let i = 0; i < n; i++) {
    if (mask !== null && mask[i] === 0) continue;
    if (validity !== null && ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 0) tally[slots]++;
    else tally[slotOf(values[i]) - lo]++;
  }
  if (!nulls) tally[slots] = 0;
  let size = 0;
  for (let s = 0; s <= slots; s++) size += tally[s] > 0 ? 1 : 0;
  const numbers = new Float64Array(slots),
    counts = new Float64Array(size),
    ranks = new Int32Array(size);
  for (let s = 0; s < slots; s++) numbers[s] = lo + s;
  for (let s = 0, g = 0; s <= slots; s++) {
    if (tally[s] === 0) continue;
    ranks[g] = s;
    counts[g++] = tally[s];
  }
  return { size, counts, tooMany: false, dims: [{ values: numbers, numbers, ranks }] };
}
