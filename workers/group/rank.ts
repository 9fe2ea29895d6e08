// Per-dimension ranks for grouping: each value of a column as a small integer, null last.
import type { ColumnView } from '../table/columns.ts';
import { foldSearch, search } from './bucket-search.ts';

export { search };
import { distinctUpTo, MAX_FEW } from './few.ts';
import { integerSpan, selectedSpan } from './offsets.ts';
import { rankFloats } from './radix.ts';
import { sortValues } from './sort.ts';

/** Keys packed from ranks: Int32 when the product of the cards fits, else doubles. */
export type Keys = Int32Array | Float64Array;

const DIRECT_SLOTS = 1 << 22;

/**
 * How a dimension turns values into ranks: `card` ranks with null last. dict and bool use their
 * codes; integers in a short range use their offset from the minimum (gaps included: only ranks
 * in use become groups); integers in a range up to a few times the row count a table over that
 * range; other numbers their position among the sorted distinct values.
 */
export type RankedDim = {
  values: ArrayLike<number | string>;
  numbers: Float64Array | null;
  card: number;
  mode: 'codes' | 'offset' | 'table' | 'search';
  min: number;
  /** table mode: the rank of value v is table[v − min]. */
  table: Int32Array | null;
  /** search mode: the sorted distinct values. */
  sorted: Float64Array | Int32Array | BigInt64Array | null;
  /** search mode by radix (workers/group/radix.ts): per position in `sel`, the rank. */
  ranks?: Int32Array;
};

const SHORT_RANGE = 1 << 16;

/**
 * How the kept rows `sel` of a column rank: codes, integer offsets or table, or sorted search.
 * Null when the column holds more than `limit` distinct values among them (checked for a search
 * dimension, which stops reading at the first value over (few.ts), and for an integer table).
 * `radix`: a float dimension also gets each kept row's rank, by radix argsort rather than search.
 */
export function rankDimension(
  col: ColumnView,
  sel: Int32Array,
  limit = Number.POSITIVE_INFINITY,
  radix = false,
): RankedDim | null {
  const none = { min: 0, table: null, sorted: null };
  if (col.kind === 'dict')
    return { ...none, mode: 'codes', values: col.dictionary!, numbers: null, card: col.dictionary!.length + 1 };
  if (col.kind === 'bool') return { ...none, mode: 'codes', values: [0, 1], numbers: Float64Array.of(0, 1), card: 3 };
  if (col.kind !== 'i64') {
    // A table knows how many values are present: more than `limit` of them are more groups.
    const ranged = integerRange(col, sel);
    if (ranged) return ranged.mode === 'table' && ranged.card - 1 > limit ? null : ranged;
  }
  const floats =
    radix && (col.kind === 'f64' || (col.kind === 'i32' && !col.temporal))
      ? rankFloats(col.values as Float64Array | Int32Array, col.validity, col.offset, sel)
      : null;
  if (floats !== null) {
    const { ranks, uniq } = floats;
    return { ...none, mode: 'search', sorted: uniq, card: uniq.length + 1, values: uniq, numbers: uniq, ranks };
  }
  let uniq: Float64Array | Int32Array | BigInt64Array;
  if (limit <= MAX_FEW) {
    const few = distinctUpTo(col, sel, limit);
    if (few.sorted === null) return null;
    uniq = few.sorted;
  } else {
    const sorted = presentValues(col, sel);
    sortValues(sorted);
    uniq = uniqueSorted(sorted);
  }
  // Typed arrays serve as the values: a JS array of 10M numbers costs more than the ranking.
  const base = { ...none, mode: 'search' as const, sorted: uniq, card: uniq.length + 1 };
  if (uniq instanceof BigInt64Array)
    return { ...base, values: Array.from(uniq, String), numbers: Float64Array.from(uniq, Number) };
  return { ...base, values: uniq, numbers: uniq instanceof Float64Array ? uniq : Float64Array.from(uniq) };
}

/** The offset and table paths, when every kept value is an integer in a range of at most ~4 slots per row. */
function integerRange(col: ColumnView, sel: Int32Array): RankedDim | null {
  // The whole column's span (once per thread, offsets.ts) answers most columns without a pass over sel.
  const whole = integerSpan(col);
  if (whole === null) return null;
  const values = col.values as Float64Array | Int32Array;
  let { min, max } = whole.max - whole.min < SHORT_RANGE ? whole : selectedSpan(col, sel);
  if (min === Infinity) min = max = 0;
  const range = max - min + 1;
  if (range <= SHORT_RANGE) {
    const all = Array.from({ length: range }, (_, r) => min + r);
    return {
      values: all,
      numbers: Float64Array.from(all),
      card: range + 1,
      mode: 'offset',
      min,
      table: null,
      sorted: null,
    };
  }
  if (range > Math.max(SHORT_RANGE, 4 * sel.length) || range > DIRECT_SLOTS) return null;
  const table = new Int32Array(range);
  for (let p = 0; p < sel.length; p++) if (isValid(col, sel[p])) table[values[sel[p]] - min] = 1;
  // Presence → rank: table[v] becomes the number of present values below v.
  const present: number[] = [];
  for (let v = 0, r = 0; v < range; v++) {
    if (table[v] === 0) continue;
    present.push(v + min);
    table[v] = r++;
  }
  return {
    values: present,
    numbers: Float64Array.from(present),
    card: present.length + 1,
    mode: 'table',
    min,
    table,
    sorted: null,
  };
}

/** The non-null values at sel, copied in row order. */
export function presentValues(col: ColumnView, sel: Int32Array): Float64Array | Int32Array | BigInt64Array {
  const src = col.values as Float64Array | Int32Array | BigInt64Array;
  let kept = 0;
  for (let p = 0; p < sel.length; p++) kept += +isValid(col, sel[p]);
  const out =
    col.kind === 'i64' ? new BigInt64Array(kept) : col.kind === 'i32' ? new Int32Array(kept) : new Float64Array(kept);
  for (let p = 0, k = 0; p < sel.length; p++) if (isValid(col, sel[p])) out[k++] = src[sel[p]];
  return out;
}

/**
 * keys[p] = keys[p]·card + rank of row sel[p]. One small function per kind keeps each hot loop
 * monomorphic, and columns without nulls skip the bitmap.
 */
export function foldRanks(col: ColumnView, sel: Int32Array, dim: RankedDim, keys: Keys): void {
  const c = dim.card;
  if (col.kind === 'dict') foldCodes(col.values as Int32Array, sel, keys, c);
  else if (col.kind === 'bool') foldBits(col.values as Uint8Array, col.offset, sel, keys, c);
  else if (dim.mode === 'offset') {
    if (col.values instanceof Int32Array) foldOffsetInt(col.values, dim.min, sel, keys, c);
    else foldOffset(col.values as Float64Array, dim.min, sel, keys, c);
  } else if (dim.mode === 'table')
    foldTable(col.values as Float64Array | Int32Array, dim.table!, dim.min, sel, keys, c);
  else foldSearch(col.values as ArrayLike<number | bigint>, dim.sorted!, sel, keys, c);
  if (col.validity !== null) foldNulls(col.validity, col.offset, sel, keys, c);
}

function foldCodes(codes: Int32Array, sel: Int32Array, keys: Keys, c: number): void {
  for (let p = 0; p < sel.length; p++) keys[p] = keys[p] * c + codes[sel[p]];
}

function foldBits(bits: Uint8Array, offset: number, sel: Int32Array, keys: Keys, c: number): void {
  for (let p = 0; p < sel.length; p++) {
    const b = offset + sel[p];
    keys[p] = keys[p] * c + ((bits[b >> 3] >> (b & 7)) & 1);
  }
}

// A null's value slot may fall outside the range: such ranks go to the null rank at once.
function foldOffset(values: Float64Array, min: number, sel: Int32Array, keys: Keys, c: number): void {
  for (let p = 0; p < sel.length; p++) {
    const r = values[sel[p]] - min;
    keys[p] = keys[p] * c + (r >= 0 && r < c ? r : c - 1);
  }
}

function foldOffsetInt(values: Int32Array, min: number, sel: Int32Array, keys: Keys, c: number): void {
  for (let p = 0; p < sel.length; p++) {
    const r = values[sel[p]] - min;
    keys[p] = keys[p] * c + (r >= 0 && r < c ? r : c - 1);
  }
}

function foldTable(
  values: Float64Array | Int32Array,
  table: Int32Array,
  min: number,
  sel: Int32Array,
  keys: Keys,
  c: number,
): void {
  for (let p = 0; p < sel.length; p++) keys[p] = keys[p] * c + (table[values[sel[p]] - min] | 0);
}

/**
 * Null rows: the loops above used whatever sat in the value slot (a rank in range, or 0 when the
 * slot falls outside the table); this replaces that rank by the null rank, card − 1.
 */
function foldNulls(validity: Uint8Array, offset: number, sel: Int32Array, keys: Keys, c: number): void {
  for (let p = 0; p < sel.length; p++) {
    const b = offset + sel[p];
    if (((validity[b >> 3] >> (b & 7)) & 1) === 0) keys[p] = keys[p] - (keys[p] % c) + (c - 1);
  }
}

/** The rank of row i in one dimension (for a group's representative row). */
export function rankOf(col: ColumnView, dim: RankedDim, i: number): number {
  if (!isValid(col, i)) return dim.card - 1;
  switch (dim.mode) {
    case 'codes':
      return col.kind === 'dict'
        ? (col.values as Int32Array)[i]
        : ((col.values as Uint8Array)[(col.offset + i) >> 3] >> ((col.offset + i) & 7)) & 1;
    case 'offset':
      return (col.values as Float64Array | Int32Array)[i] - dim.min;
    case 'table':
      return dim.table![(col.values as Float64Array | Int32Array)[i] - dim.min];
    case 'search':
      return search(dim.sorted!, (col.values as ArrayLike<number | bigint>)[i]);
  }
}

function isValid(col: ColumnView, i: number): boolean {
  const v = col.validity;
  return v === null || ((v[(col.offset + i) >> 3] >> ((col.offset + i) & 7)) & 1) === 1;
}

/** Compacts the distinct values of a sorted array to its front; returns that part. */
export function uniqueSorted<T extends Float64Array | Int32Array | BigInt64Array>(sorted: T): T {
  let k = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[k++] = sorted[i];
  return sorted.subarray(0, k) as T;
}
