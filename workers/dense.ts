// Ranks of a numeric column's values over chosen rows by hashing: one pass over the rows, a sort of the distinct values only.
import type { ColumnView } from './columns.ts';
import { search } from './rank.ts';
import { sortValues } from './sort.ts';

/** Ranks as tree-rows.ts hands them out: ascending distinct values, null last at card − 1. */
export type DenseRanks = { values: (number | string)[]; numbers: Float64Array; card: number; rankOfRow: Int32Array };

// Why hash rather than sort: ranking by sorting every selected value costs a sort of all the
// rows (30M lab values) and a binary search per row, while lab values, years or doses repeat: a
// hash table of the distinct values (open addressing over the value's two 32-bit words, grown
// by doubling, usually small enough to stay in cache) gives each row a provisional id in one
// pass, and only the distinct values are sorted to turn ids into ranks.

/** Ranks of the f64, i32 or i64 column `col` at the rows marked in `used` (others get 0). */
export function denseRanks(col: ColumnView, used: Uint8Array): DenseRanks {
  const n = col.length;
  const { validity, offset } = col;
  const words = toWords(col);
  let size = 1024, mask = size - 1, count = 0;
  let slots = new Int32Array(size).fill(-1);          // id per slot
  let firstRow = new Int32Array(256);                 // a row holding each id's value
  const idOfRow = new Int32Array(n);
  const lo = (r: number) => words.lo(r), hi = (r: number) => words.hi(r);
  for (let r = 0; r < n; r++) {
    if (used[r] === 0) continue;
    if (validity !== null && ((validity[(offset + r) >> 3] >> ((offset + r) & 7)) & 1) === 0) { idOfRow[r] = -1; continue; }
    const a = lo(r), b = hi(r);
    let s = hash(a, b) & mask;
    for (; slots[s] >= 0; s = (s + 1) & mask) {
      const f = firstRow[slots[s]];
      if (lo(f) === a && hi(f) === b) break;
    }
    if (slots[s] >= 0) { idOfRow[r] = slots[s]; continue; }
    if (count === firstRow.length) { const grown = new Int32Array(2 * count); grown.set(firstRow); firstRow = grown; }
    firstRow[count] = r;
    slots[s] = count;
    idOfRow[r] = count++;
    if (2 * count > size) {
      size *= 2;
      mask = size - 1;
      slots = new Int32Array(size).fill(-1);
      for (let id = 0; id < count; id++) {
        let t = hash(lo(firstRow[id]), hi(firstRow[id])) & mask;
        while (slots[t] >= 0) t = (t + 1) & mask;
        slots[t] = id;
      }
    }
  }

  // Sort the distinct values; each id's rank is its value's position among them.
  const src = col.values as Float64Array | Int32Array | BigInt64Array;
  const distinct = src instanceof BigInt64Array ? new BigInt64Array(count) : src instanceof Int32Array ? new Int32Array(count) : new Float64Array(count);
  for (let id = 0; id < count; id++) distinct[id] = src[firstRow[id]] as never;
  const sorted = distinct.slice();
  sortValues(sorted);
  const rankOfId = new Int32Array(count);
  let firstNaN = sorted.length;   // sortValues puts NaN last; search cannot find it
  while (firstNaN > 0 && sorted[firstNaN - 1] !== sorted[firstNaN - 1]) firstNaN--;
  for (let id = 0; id < count; id++) { const d = distinct[id]; rankOfId[id] = d !== d ? firstNaN : search(sorted, d); }
  const rankOfRow = new Int32Array(n);
  for (let r = 0; r < n; r++) if (used[r]) rankOfRow[r] = idOfRow[r] < 0 ? count : rankOfId[idOfRow[r]];
  const isBig = sorted instanceof BigInt64Array;
  return {
    values: Array.from(sorted as ArrayLike<number | bigint>, (v) => (isBig ? String(v) : (v as number))),
    numbers: Float64Array.from(sorted as ArrayLike<number | bigint>, Number),
    card: count + 1,
    rankOfRow,
  };
}

/** The two 32-bit words of row r's value: a double's bits (-0 read as 0), an Int64's halves, an Int32 sign-extended. */
function toWords(col: ColumnView): { lo(r: number): number; hi(r: number): number } {
  const v = col.values;
  if (v instanceof Int32Array) return { lo: (r) => v[r], hi: (r) => v[r] >> 31 };
  if (!(v instanceof Float64Array) && !(v instanceof BigInt64Array)) throw new Error(`A ${col.kind} column holds no numbers.`);
  const w = new Int32Array(v.buffer, v.byteOffset, 2 * col.length);
  if (v instanceof BigInt64Array) return { lo: (r) => w[2 * r], hi: (r) => w[2 * r + 1] };
  // -0 has the sign bit alone; it is the same value as 0.
  return { lo: (r) => w[2 * r], hi: (r) => (w[2 * r + 1] === -0x80000000 && w[2 * r] === 0 ? 0 : w[2 * r + 1]) };
}

function hash(lo: number, hi: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ hi, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
