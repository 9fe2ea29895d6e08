// Ranks of a numeric column's values over chosen rows by hashing: one pass over the rows, a sort of the distinct values only.
import type { ColumnView } from '../table/columns.ts';
import { search } from './rank.ts';
import { sortValues } from './sort.ts';

/** Ranks as tree-rows.ts hands them out: ascending distinct values, null last at card − 1. */
export type DenseRanks = { values: (number | string)[]; numbers: Float64Array; card: number; rankOfRow: Int32Array };

// Why hash rather than sort: ranking by sorting every selected value costs a sort of all the
// rows (30M lab values) and a binary search per row, while lab values, years or doses repeat: a
// hash table of the distinct values (open addressing over the value's two 32-bit words, grown
// by doubling, usually small enough to stay in cache) gives each row a provisional id in one
// pass, and only the distinct values are sorted to turn ids into ranks.

/**
 * Ranks of the f64, i32 or i64 column `col` at the rows marked in `used` (others get 0); null as
 * soon as the rows hold more than `limit` distinct values (nulls aside): the rows after the one
 * that passes it are not read, so a distribution that will be refused stops early.
 */
export function denseRanks(col: ColumnView, used: Uint8Array, limit = Number.POSITIVE_INFINITY): DenseRanks | null {
  const n = col.length;
  const { validity, offset } = col;
  const words = toWords(col),
    isDouble = col.values instanceof Float64Array;
  let size = 1024,
    mask = size - 1,
    count = 0;
  let slots = new Int32Array(size).fill(-1); // id per slot
  // Per id: a row holding its value, and the value's words (compared in cache, not in the column).
  let firstRow = new Int32Array(256),
    idLo = new Int32Array(256),
    idHi = new Int32Array(256);
  const idOfRow = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    if (used[r] === 0) continue;
    if (validity !== null && ((validity[(offset + r) >> 3] >> ((offset + r) & 7)) & 1) === 0) {
      idOfRow[r] = -1;
      continue;
    }
    const a = words[2 * r];
    let b = words[2 * r + 1];
    if (b === -0x80000000 && a === 0 && isDouble) b = 0; // -0 is the same value as 0
    let s = hash(a, b) & mask,
      id = slots[s];
    while (id >= 0 && (idLo[id] !== a || idHi[id] !== b)) {
      s = (s + 1) & mask;
      id = slots[s];
    }
    if (id >= 0) {
      idOfRow[r] = id;
      continue;
    }
    if (count === firstRow.length) {
      firstRow = grow(firstRow);
      idLo = grow(idLo);
      idHi = grow(idHi);
    }
    firstRow[count] = r;
    idLo[count] = a;
    idHi[count] = b;
    slots[s] = count;
    idOfRow[r] = count++;
    if (count > limit) return null;
    if (2 * count > size) {
      size *= 2;
      mask = size - 1;
      slots = new Int32Array(size).fill(-1);
      for (let k = 0; k < count; k++) {
        let t = hash(idLo[k], idHi[k]) & mask;
        while (slots[t] >= 0) t = (t + 1) & mask;
        slots[t] = k;
      }
    }
  }

  // Sort the distinct values; each id's rank is its value's position among them.
  const src = col.values as Float64Array | Int32Array | BigInt64Array;
  const distinct =
    src instanceof BigInt64Array
      ? new BigInt64Array(count)
      : src instanceof Int32Array
        ? new Int32Array(count)
        : new Float64Array(count);
  for (let id = 0; id < count; id++) distinct[id] = src[firstRow[id]] as never;
  const sorted = distinct.slice();
  sortValues(sorted);
  const rankOfId = new Int32Array(count);
  let firstNaN = sorted.length; // sortValues puts NaN last; search cannot find it
  while (firstNaN > 0 && sorted[firstNaN - 1] !== sorted[firstNaN - 1]) firstNaN--;
  for (let id = 0; id < count; id++) {
    const d = distinct[id];
    rankOfId[id] = d !== d ? firstNaN : search(sorted, d);
  }
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

/** The two 32-bit words of each row's value, low first: a double's bits, an Int64's halves, an Int32 sign-extended (a copy). */
function toWords(col: ColumnView): Int32Array {
  const v = col.values;
  if (v instanceof Float64Array || v instanceof BigInt64Array)
    return new Int32Array(v.buffer, v.byteOffset, 2 * col.length);
  if (!(v instanceof Int32Array)) throw new Error(`A ${col.kind} column holds no numbers.`);
  const w = new Int32Array(2 * col.length);
  for (let r = 0; r < col.length; r++) {
    w[2 * r] = v[r];
    w[2 * r + 1] = v[r] >> 31;
  }
  return w;
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const out = new Int32Array(2 * a.length);
  out.set(a);
  return out;
}

function hash(lo: number, hi: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ hi, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
