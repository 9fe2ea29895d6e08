// Arrow tables (from IPC or Parquet) → loader columns: source Arrow types mapped to internal types.
import * as arrow from 'apache-arrow';
import { basename } from 'node:path';
import type { InternalType } from '../src/types.ts';
import type { Column, LoadOptions } from './column.ts';
import { significantDigits } from './convert.ts';
import { stringTypeOf } from './dictionary.ts';
import { LoadError } from './errors.ts';
import { createValidity, finishValidity, markNull } from './growable.ts';
import { int64At, wordsOf } from './int64.ts';
import { recastColumn } from './recast.ts';
import { toDateDays, toEpochMsColumn, toTimeMs } from './temporal-vectors.ts';
import { internStrings } from './utf8.ts';

/** The columns of an Arrow table in schema order, each mapped to its internal type and override. */
export function columnsOfTable(table: arrow.Table, path: string, opts: LoadOptions): Column[] {
  const file = basename(path);
  const fields = table.schema.fields;
  const columns: Column[] = [];
  for (let i = 0; i < fields.length; i++) {
    const override = opts.columns?.[fields[i].name];
    const source = { file, name: fields[i].name, type: fields[i].type, chunks: table.getChildAt(i)!.data, rows: table.numRows, override };
    const natural = toColumn(source);
    columns.push(override ? recastColumn(natural, override, file) : natural);
  }
  return columns;
}

/** One Arrow column as the loaders meet it. */
export type Source = { file: string; name: string; type: arrow.DataType; chunks: readonly arrow.Data[]; rows: number; override?: InternalType };

function toColumn(src: Source): Column {
  const t = src.type;
  if (arrow.DataType.isNull(t)) return stringColumn(src, new Int32Array(src.rows), []);
  if (arrow.DataType.isInt(t)) return t.bitWidth === 64 ? int64Column(src, !t.isSigned) : numberColumn(src, 'integer');
  if (arrow.DataType.isFloat(t)) return numberColumn(src, 'float');
  if (arrow.DataType.isBool(t)) return boolColumn(src);
  if (arrow.DataType.isDecimal(t)) return decimalColumn(src, t.scale, t.bitWidth);
  if (arrow.DataType.isDate(t)) return { ...withValidity(src), type: 'date', values: toDateDays(src), dictionary: null };
  if (arrow.DataType.isTimestamp(t)) return { ...withValidity(src), type: 'datetime', values: toEpochMsColumn(src), dictionary: null };
  if (arrow.DataType.isTime(t)) return { ...withValidity(src), type: 'time', values: toTimeMs(src), dictionary: null };
  const strings = arrow.DataType.isUtf8(t) || arrow.DataType.isLargeUtf8(t)
    || (arrow.DataType.isDictionary(t) && (arrow.DataType.isUtf8(t.dictionary) || arrow.DataType.isLargeUtf8(t.dictionary)));
  if (strings) {
    const codes = new Int32Array(src.rows);
    return stringColumn(src, codes, internStrings(src.chunks, codes).values);
  }
  throw new LoadError(`${src.file}: column "${src.name}" has Arrow type ${t}, which cannot be loaded. Convert it to a number, string, boolean, date or time column, or drop it.`);
}

/** Validity and length of a source column, gathered across its chunks. */
export function withValidity(src: Source): Pick<Column, 'name' | 'length' | 'validity' | 'nullCount'> {
  const v = createValidity();
  let row = 0;
  for (const data of src.chunks) {
    if (data.nullCount > 0) {
      const bits = data.nullBitmap;
      for (let i = 0; i < data.length; i++) {
        const j = data.offset + i;
        if (!bits || bits.length === 0 || (bits[j >> 3] & (1 << (j & 7))) === 0) markNull(v, row + i);
      }
    }
    row += data.length;
  }
  return { name: src.name, length: src.rows, validity: finishValidity(v, src.rows), nullCount: v.nullCount };
}

function stringColumn(src: Source, codes: Int32Array, dictionary: string[]): Column {
  return { ...withValidity(src), type: stringTypeOf(dictionary), values: codes, dictionary };
}

function numberColumn(src: Source, type: 'integer' | 'float'): Column {
  const out = new Float64Array(src.rows);
  const isSingle = arrow.DataType.isFloat(src.type) && src.type.precision === arrow.Precision.SINGLE;
  const isHalf = arrow.DataType.isFloat(src.type) && src.type.precision === arrow.Precision.HALF;
  const shortest = new Map<number, number>();
  let row = 0;
  for (const data of src.chunks) {
    const values = data.values as ArrayLike<number>;
    for (let i = 0; i < data.length; i++) {
      const x = isHalf ? arrow.util.uint16ToFloat64(values[data.offset + i]) : values[data.offset + i];
      out[row + i] = isSingle ? shortestSingle(x, shortest) : x;
    }
    row += data.length;
  }
  return { ...withValidity(src), type, values: out, dictionary: null };
}

// A Float32 widened to double shows float noise (0.1f is 0.10000000149011612); take the shortest
// decimal that rounds back to the same Float32, as the file's writer would have printed it.
function shortestSingle(x: number, cache: Map<number, number>): number {
  let y = cache.get(x);
  if (y !== undefined) return y;
  y = x;
  if (Number.isFinite(x) && x !== 0) {
    for (let p = 1; p <= 9; p++) {
      const candidate = Number(x.toPrecision(p));
      if (Math.fround(candidate) === x) { y = candidate; break; }
    }
  }
  if (cache.size < 1 << 20) cache.set(x, y);
  return y;
}

function int64Column(src: Source, unsigned: boolean): Column {
  const out = new Float64Array(src.rows);
  let row = 0, exact = true;
  const base = withValidity(src);
  for (const data of src.chunks) {
    const words = wordsOf(data);
    for (let i = 0; i < data.length && exact; i++) {
      const x = int64At(words, data.offset + i, unsigned);
      if (x !== x && isValidRow(base.validity, row + i)) exact = false;
      out[row + i] = x === x ? x : 0;
    }
    row += data.length;
  }
  if (exact) return { ...base, type: 'integer', values: out, dictionary: null };
  return bigIntegerColumn(src, base);
}

function bigIntegerColumn(src: Source, base: ReturnType<typeof withValidity>): Column {
  const out = new BigInt64Array(src.rows);
  let row = 0;
  for (const data of src.chunks) {
    const values = data.values as BigInt64Array | BigUint64Array;
    for (let i = 0; i < data.length; i++) {
      const v = values[data.offset + i];
      if (v > 0x7fffffffffffffffn && isValidRow(base.validity, row + i)) return uint64Overflow(src, base, v, row + i + 1);
      out[row + i] = BigInt.asIntN(64, v);
    }
    row += data.length;
  }
  return { ...base, type: 'biginteger', values: out, dictionary: null };
}

// A Uint64 above the Int64 range: kept as text or rounded to float when the override says so, else an error.
function uint64Overflow(src: Source, base: ReturnType<typeof withValidity>, v: bigint, row: number): Column {
  const at = (j: number, d: arrow.Data) => (d.values as BigUint64Array)[d.offset + j];
  if (src.override === 'char' || src.override === 'text') return textColumn(src, base, (j, d) => String(at(j, d)));
  if (src.override === 'float') {
    const out = new Float64Array(src.rows);
    let r = 0;
    for (const data of src.chunks) {
      for (let i = 0; i < data.length; i++) out[r + i] = Number(at(i, data));
      r += data.length;
    }
    return { ...base, type: 'float', values: out, dictionary: null };
  }
  throw new LoadError(`${src.file} row ${row}, column "${src.name}": ${v} does not fit in a signed 64-bit integer. Use internal_type float or char for this column.`);
}

function boolColumn(src: Source): Column {
  const out = new Uint8Array((src.rows + 7) >> 3);
  let row = 0;
  for (const data of src.chunks) {
    const bits = data.values as Uint8Array;
    for (let i = 0; i < data.length; i++) {
      const j = data.offset + i, r = row + i;
      if (bits[j >> 3] & (1 << (j & 7))) out[r >> 3] |= 1 << (r & 7);
    }
    row += data.length;
  }
  return { ...withValidity(src), type: 'boolean', values: out, dictionary: null };
}

// Decimals are exact in the file; a double holds at most 15 significant digits exactly, so more is an
// error unless the override asks for text (kept verbatim) or float (rounding accepted).
function decimalColumn(src: Source, scale: number, bitWidth: number): Column {
  const base = withValidity(src);
  const text = (j: number, d: arrow.Data) => decimalText(d.values as Uint32Array, d.offset + j, bitWidth, scale);
  if (src.override === 'char' || src.override === 'text') return textColumn(src, base, text);
  const out = new Float64Array(src.rows);
  let row = 0;
  for (const data of src.chunks) {
    for (let i = 0; i < data.length; i++) {
      if (!isValidRow(base.validity, row + i)) continue;
      const s = text(i, data);
      if (src.override !== 'float' && significantDigits(s) > 15) {
        throw new LoadError(`${src.file} row ${row + i + 1}, column "${src.name}": decimal ${s} has ${significantDigits(s)} significant digits and cannot be held exactly as a double; use internal_type char to keep it verbatim.`);
      }
      out[row + i] = Number(s);
    }
    row += data.length;
  }
  return { ...base, type: 'decimal', values: out, dictionary: null };
}

function decimalText(words: Uint32Array, j: number, bitWidth: number, scale: number): string {
  const stride = bitWidth / 32;
  let v = 0n;
  for (let k = stride - 1; k >= 0; k--) v = (v << 32n) | BigInt(words[j * stride + k]);
  v = BigInt.asIntN(bitWidth, v);
  const negative = v < 0n;
  let digits = (negative ? -v : v).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  } else if (scale < 0) {
    digits += '0'.repeat(-scale);
  }
  return negative ? `-${digits}` : digits;
}

function textColumn(src: Source, base: ReturnType<typeof withValidity>, text: (i: number, d: arrow.Data) => string): Column {
  const codes = new Int32Array(src.rows);
  const values: string[] = [];
  const seen = new Map<string, number>();
  let row = 0;
  for (const data of src.chunks) {
    for (let i = 0; i < data.length; i++) {
      if (!isValidRow(base.validity, row + i)) continue;
      const s = text(i, data);
      let code = seen.get(s);
      if (code === undefined) { code = values.push(s) - 1; seen.set(s, code); }
      codes[row + i] = code;
    }
    row += data.length;
  }
  return { ...base, type: src.override === 'text' ? 'text' : 'char', values: codes, dictionary: values };
}

function isValidRow(bits: Uint8Array | null, row: number): boolean {
  return bits === null || (bits[row >> 3] & (1 << (row & 7))) !== 0;
}
