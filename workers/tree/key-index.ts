// Key columns of the model tree: a hash index over a key column, the key's check, and link resolution against it.
import type { KeyReport, LinkReport } from '../../src/contract/tree.ts';
import type { ColumnView } from '../table/columns.ts';

const EXAMPLES = 5;

// How key and link values are compared. Why 64-bit words: a key may be Float64 (integer, key,
// float), Int64 (biginteger), Int32 (date, time) or a dictionary string, and a link column of
// another numeric storage may point at it (an integer column at a biginteger key). Every numeric
// value is read as two 32-bit words: in 'bits' mode (Float64 on both sides) the double's own
// bits, -0 folded into 0; in 'int' mode (any other numeric pair) the value as a 64-bit integer,
// a Float64 that is not a whole number matching nothing. Words hash with two multiplies, and an
// open-addressing table of row numbers (a power of two, at least twice the key rows) finds a
// value in about one probe: no Map, no BigInt, no string per row. Dictionary strings compare
// by code instead: the link's dictionary is mapped once onto the key's, then a code → row array.
type Mode = 'bits' | 'int' | 'codes';

/** Reads row i into W (W[0] low word, W[1] high word); false for a null or a value that no key can equal. */
type Reader = (i: number) => boolean;

const W = new Int32Array(2);
const F = new Float64Array(1),
  FW = new Int32Array(F.buffer);

/** The check of a key column: nulls and repeated values, with the first examples. */
export function checkKey(key: ColumnView): KeyReport {
  const mode: Mode = key.kind === 'dict' ? 'codes' : key.kind === 'f64' ? 'bits' : 'int';
  return indexKey(key, mode).report;
}

/**
 * Resolves a link column against a key column: out[i] = the key row holding row i's value, -1
 * for a null or a value no key row holds (dangling, reported with the first distinct values).
 * A repeated key value resolves to its first row.
 */
export function resolveLink(link: ColumnView, key: ColumnView, out: Int32Array): LinkReport {
  if (out.length !== link.length)
    throw new Error(`The output holds ${out.length} rows; the link column has ${link.length}.`);
  const mode = toMode(link, key);
  const report: LinkReport = { rows: link.length, nulls: 0, dangling: 0, danglingValues: [] };
  const seen = new Set<number | string>();
  const dangle = (i: number) => {
    report.dangling++;
    if (report.danglingValues.length < EXAMPLES) {
      const v = valueAt(link, i);
      if (!seen.has(v)) {
        seen.add(v);
        report.danglingValues.push(v);
      }
    }
  };
  const index = indexKey(key, mode);
  if (mode === 'codes') {
    const codeToRow = index.codeToRow!;
    const keyCode = new Map(key.dictionary!.map((s, c) => [s, c]));
    const toRow = Int32Array.from(link.dictionary!, (s) => {
      const c = keyCode.get(s);
      return c === undefined ? -1 : codeToRow[c];
    });
    const codes = link.values as Int32Array;
    for (let i = 0; i < link.length; i++) {
      if (!isValidAt(link, i)) {
        out[i] = -1;
        report.nulls++;
        continue;
      }
      const r = toRow[codes[i]];
      out[i] = r;
      if (r < 0) dangle(i);
    }
    return report;
  }
  const read = toReader(link, mode);
  for (let i = 0; i < link.length; i++) {
    if (!isValidAt(link, i)) {
      out[i] = -1;
      report.nulls++;
      continue;
    }
    const r = read(i) ? index.find(W[0], W[1]) : -1;
    out[i] = r;
    if (r < 0) dangle(i);
  }
  return report;
}

type Index = { report: KeyReport; find(lo: number, hi: number): number; codeToRow: Int32Array | null };

/** Builds the index of a key column and checks it on the way. */
function indexKey(key: ColumnView, mode: Mode): Index {
  const report: KeyReport = { rows: key.length, nulls: 0, nullRows: [], duplicates: 0, duplicateValues: [] };
  const seen = new Set<number | string>();
  const repeat = (i: number) => {
    report.duplicates++;
    if (report.duplicateValues.length < EXAMPLES) {
      const v = valueAt(key, i);
      if (!seen.has(v)) {
        seen.add(v);
        report.duplicateValues.push(v);
      }
    }
  };
  const isNull = (i: number) => {
    if (isValidAt(key, i)) return false;
    if (report.nulls++ < EXAMPLES) report.nullRows.push(i);
    return true;
  };
  if (mode === 'codes') {
    const codeToRow = new Int32Array(key.dictionary!.length).fill(-1);
    const codes = key.values as Int32Array;
    for (let i = 0; i < key.length; i++) {
      if (isNull(i)) continue;
      if (codeToRow[codes[i]] >= 0) repeat(i);
      else codeToRow[codes[i]] = i;
    }
    return { report, codeToRow, find: () => -1 };
  }

  const n = key.length;
  const words = new Int32Array(2 * n);
  const read = toReader(key, mode);
  let size = 16;
  while (size < 2 * n) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  const find = (lo: number, hi: number): number => {
    for (let s = hash(lo, hi) & mask; ; s = (s + 1) & mask) {
      const r = slots[s];
      if (r < 0 || (words[2 * r] === lo && words[2 * r + 1] === hi)) return r;
    }
  };
  for (let i = 0; i < n; i++) {
    if (isNull(i) || !read(i)) continue;
    const lo = W[0],
      hi = W[1];
    words[2 * i] = lo;
    words[2 * i + 1] = hi;
    let s = hash(lo, hi) & mask;
    for (; slots[s] >= 0; s = (s + 1) & mask) if (words[2 * slots[s]] === lo && words[2 * slots[s] + 1] === hi) break;
    if (slots[s] >= 0) repeat(i);
    else slots[s] = i;
  }
  return { report, find, codeToRow: null };
}

/** How a link column compares with a key column; throws for storages that can never match. */
function toMode(link: ColumnView, key: ColumnView): Mode {
  const numeric = (c: ColumnView) => c.kind === 'f64' || c.kind === 'i64' || c.kind === 'i32';
  if (link.kind === 'dict' && key.kind === 'dict') return 'codes';
  if (link.kind === 'f64' && key.kind === 'f64') return 'bits';
  if (numeric(link) && numeric(key)) return 'int';
  throw new Error(`A ${link.kind} link column cannot point at a ${key.kind} key column.`);
}

/** A reader of one column's values as 64-bit words, in `mode`. */
function toReader(col: ColumnView, mode: Mode): Reader {
  const { values } = col;
  if (values instanceof BigInt64Array) {
    const w = new Int32Array(values.buffer, values.byteOffset, 2 * col.length);
    return (i) => {
      W[0] = w[2 * i];
      W[1] = w[2 * i + 1];
      return true;
    };
  }
  if (values instanceof Int32Array)
    return (i) => {
      W[0] = values[i];
      W[1] = values[i] >> 31;
      return true;
    };
  if (!(values instanceof Float64Array)) throw new Error(`A ${col.kind} column cannot be a key.`);
  if (mode === 'bits') {
    return (i) => {
      const v = values[i];
      if (v !== v) return false; // NaN equals nothing
      F[0] = v === 0 ? 0 : v; // -0 is 0
      W[0] = FW[0];
      W[1] = FW[1];
      return true;
    };
  }
  return (i) => {
    const v = values[i];
    if (!Number.isInteger(v) || v < -(2 ** 63) || v >= 2 ** 63) return false;
    const hi = Math.floor(v / 4294967296);
    W[0] = (v - hi * 4294967296) | 0;
    W[1] = hi | 0;
    return true;
  };
}

function hash(lo: number, hi: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ hi, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function isValidAt(col: ColumnView, i: number): boolean {
  const v = col.validity;
  return v === null || ((v[(col.offset + i) >> 3] >> ((col.offset + i) & 7)) & 1) === 1;
}

/** Row i's value in the storage units of a DistinctResult: numbers, decimal text for Int64, dictionary strings. */
export function valueAt(col: ColumnView, i: number): number | string {
  if (col.kind === 'dict') return col.dictionary![(col.values as Int32Array)[i]];
  if (col.kind === 'i64') return String((col.values as BigInt64Array)[i]);
  if (col.kind === 'bool') return ((col.values as Uint8Array)[(col.offset + i) >> 3] >> ((col.offset + i) & 7)) & 1;
  return (col.values as Float64Array | Int32Array)[i];
}
