// The distinct values of a number column among some rows, when there are at most a given number of them: stops at the first one more.
import type { ColumnView } from '../table/columns.ts';
import { sortValues } from './sort.ts';

/** The sorted distinct non-null values, or null when there are more than the limit; `visited` rows were read. */
export type Few = { sorted: Float64Array | Int32Array | BigInt64Array | null; visited: number };

/** Limits above this are not worth a hash table of their own: the caller sorts instead. */
export const MAX_FEW = 1 << 22;

/**
 * Why: a distribution with more groups than `maxGroups` is refused (422 TOO_MANY_GROUPS), and a
 * dimension with more distinct values than that among the kept rows already makes more groups.
 * Sorting every value to rank them (rank.ts) cost 21.6 s at 50M rows before such a refusal; this
 * reads the rows in order into an open-addressing table of 2–4 × `limit` slots and stops at the
 * (limit + 1)-th distinct value, so a refusal costs about `limit` rows of work. When it does not
 * stop, the values it collected are the dimension's ranks, sorted: no sort of every row either.
 * Doubles are keyed by their bits (0 and -0 as one, as the sort-based ranks have them); a hash
 * set of JS numbers would box every double it is given.
 */
export function distinctUpTo(col: ColumnView, sel: Int32Array, limit: number): Few {
  if (col.kind === 'i64') return bigDistinctUpTo(col, sel, limit);
  const values = col.values as Float64Array | Int32Array;
  const validity = col.validity;
  const size = 2 ** Math.ceil(Math.log2(2 * limit + 2));
  const slots = new Float64Array(size);
  const used = new Uint8Array(size);
  const mask = size - 1;
  const scratch = new Float64Array(1);
  const bits = new Uint32Array(scratch.buffer);
  let count = 0;
  for (let p = 0; p < sel.length; p++) {
    const i = sel[p];
    if (validity !== null && ((validity[(col.offset + i) >> 3] >> ((col.offset + i) & 7)) & 1) === 0) continue;
    let v = values[i];
    if (v === 0) v = 0; // -0 too
    scratch[0] = v;
    let h = Math.imul(bits[0] ^ Math.imul(bits[1], 0x9e3779b1), 0x85ebca6b);
    h = (h ^ (h >>> 15)) & mask;
    while (used[h] === 1 && slots[h] !== v) h = (h + 1) & mask;
    if (used[h] === 1) continue;
    if (++count > limit) return { sorted: null, visited: p + 1 };
    used[h] = 1;
    slots[h] = v;
  }
  const out = values instanceof Int32Array ? new Int32Array(count) : new Float64Array(count);
  for (let h = 0, k = 0; h < size; h++) if (used[h] === 1) out[k++] = slots[h];
  sortValues(out);
  return { sorted: out, visited: sel.length };
}

// BigInt64 values are rare and few: a Set of bigints is enough.
function bigDistinctUpTo(col: ColumnView, sel: Int32Array, limit: number): Few {
  const values = col.values as BigInt64Array;
  const seen = new Set<bigint>();
  for (let p = 0; p < sel.length; p++) {
    const i = sel[p];
    const b = col.offset + i;
    if (col.validity !== null && ((col.validity[b >> 3] >> (b & 7)) & 1) === 0) continue;
    seen.add(values[i]);
    if (seen.size > limit) return { sorted: null, visited: p + 1 };
  }
  const out = BigInt64Array.from(seen);
  sortValues(out);
  return { sorted: out, visited: sel.length };
}
