// Arrow values wider than a double's exact range: Int64/Uint64 beyond 2^53 and decimals.
import { toEcho, toEchoText } from '../../src/common/echo.ts';
import type { ChunkConverter, ColumnSpec } from './chunks.ts';
import { createConverter, isValidSoFar } from './chunks.ts';
import type { Column } from '../core/column.ts';
import { significantDigits } from '../values/convert.ts';
import type { Interner } from '../core/dictionary.ts';
import { createInterner, intern } from '../core/dictionary.ts';
import { LoadError } from '../core/errors.ts';
import type { Validity } from '../rows/growable.ts';
import { wordsOf } from './int64.ts';

const I64_MAX = 0x7fffffffffffffffn;

/**
 * An Int64/Uint64 column: integer in Int32 storage while every valid value fits 32 bits (row ids
 * mostly do: no doubles made and narrowed later), exact doubles while within ±2^53, switching to
 * biginteger (earlier rows converted exactly) at the first that is not. A Uint64 above the Int64
 * range is a LoadError unless the override is float (rounded) or char/text (kept as text).
 */
export function createInt64Converter(spec: ColumnSpec, unsigned: boolean): ChunkConverter {
  let mode: 'int32' | 'exact' | 'big' | 'float' | 'text' = 'int32';
  let i32: Int32Array | null = new Int32Array(spec.rows);
  let f64: Float64Array | null = null;
  let i64: BigInt64Array | null = null;
  let text: TextOut | null = null;

  // Rows before `row` are in i64; move them to the override's storage or fail.
  const overflow = (row: number, v: bigint, validity: Validity) => {
    if (spec.override === 'float') {
      f64 = new Float64Array(spec.rows);
      for (let r = 0; r < row; r++) f64[r] = Number(i64![r]);
      mode = 'float';
    } else if (spec.override === 'char' || spec.override === 'text') {
      text = createTextOut(spec.rows);
      for (let r = 0; r < row; r++) if (isValidSoFar(validity, r)) text.set(r, String(i64![r]));
      mode = 'text';
    } else {
      throw new LoadError(
        `${spec.file} row ${row + 1}, column ${toEcho(spec.name)}: ${v} does not fit in a signed 64-bit integer. Use internal_type float or char for this column.`,
      );
    }
    i64 = null;
  };

  return createConverter(
    spec,
    (data, at, validity) => {
      const words = wordsOf(data);
      let i = 0;
      if (mode === 'int32') {
        i = unsigned
          ? copyUint32s(words, data.offset, data.length, i32!, at, validity)
          : copyInt32s(words, data.offset, data.length, i32!, at, validity);
        if (i === data.length) return;
        // A value past 32 bits: the rows so far become exact doubles, and the rest are read as such.
        f64 = new Float64Array(spec.rows);
        for (let r = 0; r < at + i; r++) f64[r] = i32![r];
        i32 = null;
        mode = 'exact';
        i += unsigned
          ? copyUint64(words, data.offset + i, data.length - i, f64, at + i, validity)
          : copyInt64(words, data.offset + i, data.length - i, f64, at + i, validity);
        if (i === data.length) return;
        i64 = new BigInt64Array(spec.rows);
        for (let r = 0; r < at + i; r++) i64[r] = BigInt(f64[r]);
        f64 = null;
        mode = 'big';
      } else if (mode === 'exact') {
        i = unsigned
          ? copyUint64(words, data.offset, data.length, f64!, at, validity)
          : copyInt64(words, data.offset, data.length, f64!, at, validity);
        if (i === data.length) return;
        i64 = new BigInt64Array(spec.rows);
        for (let r = 0; r < at + i; r++) i64[r] = BigInt(f64![r]);
        f64 = null;
        mode = 'big';
      }
      const values = data.values as BigInt64Array | BigUint64Array;
      for (; i < data.length; i++) {
        const v = values[data.offset + i];
        if (mode === 'big') {
          if (unsigned && v > I64_MAX && isValidSoFar(validity, at + i)) overflow(at + i, v, validity);
          else {
            i64![at + i] = BigInt.asIntN(64, v);
            continue;
          }
        }
        if (mode === 'float') f64![at + i] = Number(v);
        else if (isValidSoFar(validity, at + i)) text!.set(at + i, String(v));
      }
    },
    (base) => {
      // Every valid value fitted 32 bits: Int32 storage at once (loaders/core/narrow.ts), no doubles made.
      if (mode === 'int32') return { ...base, type: 'integer', values: i32!, dictionary: null };
      if (mode === 'exact' || mode === 'float')
        return { ...base, type: mode === 'exact' ? 'integer' : 'float', values: f64!, dictionary: null };
      if (mode === 'big') return { ...base, type: 'biginteger', values: i64!, dictionary: null };
      return text!.column(base, spec.override === 'text' ? 'text' : 'char');
    },
  );
}

// Copies Int64 (or Uint64) values that fit a signed 32-bit integer and returns how many it copied: all
// of them, or up to the first valid value that does not (a null's slot is copied as whatever it holds).
function copyInt32s(
  words: Int32Array,
  offset: number,
  length: number,
  out: Int32Array,
  at: number,
  validity: Validity,
): number {
  for (let i = 0; i < length; i++) {
    const j = offset + i,
      lo = words[2 * j];
    out[at + i] = lo;
    if (words[2 * j + 1] !== lo >> 31 && isValidSoFar(validity, at + i)) return i;
  }
  return length;
}

function copyUint32s(
  words: Int32Array,
  offset: number,
  length: number,
  out: Int32Array,
  at: number,
  validity: Validity,
): number {
  for (let i = 0; i < length; i++) {
    const j = offset + i,
      lo = words[2 * j];
    out[at + i] = lo;
    if ((words[2 * j + 1] !== 0 || lo < 0) && isValidSoFar(validity, at + i)) return i;
  }
  return length;
}

// Copies Int64 values as exact doubles (hi * 2^32 + lo) and returns how many it copied: all of them,
// or up to the first valid value past 2^53. Separate signed and unsigned loops stay monomorphic.
function copyInt64(
  words: Int32Array,
  offset: number,
  length: number,
  out: Float64Array,
  at: number,
  validity: Validity,
): number {
  for (let i = 0; i < length; i++) {
    const j = offset + i;
    const hi = words[2 * j + 1],
      lo = words[2 * j] >>> 0;
    if (hi >= -2097152 && hi < 2097152) out[at + i] = hi * 4294967296 + lo;
    else if (hi === 2097152 && lo === 0) out[at + i] = 2 ** 53;
    else if (isValidSoFar(validity, at + i)) return i;
  }
  return length;
}

function copyUint64(
  words: Int32Array,
  offset: number,
  length: number,
  out: Float64Array,
  at: number,
  validity: Validity,
): number {
  for (let i = 0; i < length; i++) {
    const j = offset + i;
    const hi = words[2 * j + 1] >>> 0,
      lo = words[2 * j] >>> 0;
    if (hi < 2097152) out[at + i] = hi * 4294967296 + lo;
    else if (hi === 2097152 && lo === 0) out[at + i] = 2 ** 53;
    else if (isValidSoFar(validity, at + i)) return i;
  }
  return length;
}

/**
 * A decimal column as Float64. Decimals are exact in the file and a double holds 15 significant
 * digits exactly, so more is a LoadError unless the override asks for text (kept verbatim) or float.
 */
export function createDecimalConverter(spec: ColumnSpec, scale: number, bitWidth: number): ChunkConverter {
  const asText = spec.override === 'char' || spec.override === 'text';
  const out = asText ? null : new Float64Array(spec.rows);
  const text = asText ? createTextOut(spec.rows) : null;
  return createConverter(
    spec,
    (data, at, validity) => {
      for (let i = 0; i < data.length; i++) {
        if (!isValidSoFar(validity, at + i)) continue;
        const s = decimalText(data.values as Uint32Array, data.offset + i, bitWidth, scale);
        if (text) {
          text.set(at + i, s);
          continue;
        }
        if (spec.override !== 'float' && significantDigits(s) > 15) {
          throw new LoadError(
            `${spec.file} row ${at + i + 1}, column ${toEcho(spec.name)}: decimal ${toEchoText(s)} has ${significantDigits(s)} significant digits and cannot be held exactly as a double; use internal_type char to keep it verbatim.`,
          );
        }
        out![at + i] = Number(s);
      }
    },
    (base) =>
      text
        ? text.column(base, spec.override === 'text' ? 'text' : 'char')
        : { ...base, type: 'decimal', values: out!, dictionary: null },
  );
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

type TextOut = {
  set(row: number, s: string): void;
  column(base: Pick<Column, 'name' | 'length' | 'validity' | 'nullCount'>, type: 'char' | 'text'): Column;
};

// Values kept as text (for a char/text override): interned strings and a code per row.
function createTextOut(rows: number): TextOut {
  const codes = new Int32Array(rows);
  const strings: Interner = createInterner();
  return {
    set: (row, s) => {
      codes[row] = intern(strings, s);
    },
    column: (base, type) => ({ ...base, type, values: codes, dictionary: strings.values }),
  };
}
