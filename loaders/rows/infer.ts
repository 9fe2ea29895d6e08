// Builder that infers a column's type over all rows while storing values in their storage units.
import type { InternalType } from '../../src/contract/model.ts';
import type { ColumnBuilder } from './builder.ts';
import { cellText } from './builder.ts';
import { classifyBytes, UNKNOWN } from '../values/bytes.ts';
import type { Kind } from '../values/classify.ts';
import {
  BIG,
  BOOL,
  classifyJsonString,
  classifyText,
  DATE,
  DATETIME,
  FLOAT,
  fitsInt64,
  INT,
  isInexact,
  NULL,
  parsed,
  STRING,
  TIME,
} from '../values/classify.ts';
import type { Column } from '../core/column.ts';
import type { Interner } from '../core/dictionary.ts';
import { createInterner, intern, internBytes, stringTypeOf } from '../core/dictionary.ts';
import { unsupportedValue } from '../core/errors.ts';
import type { F64, I32, I64, U8 } from './growable.ts';
import {
  createF64,
  createI32,
  createI64,
  createU8,
  createValidity,
  finishValidity,
  markNull,
  pushF64,
  pushI32,
  pushI64,
  pushU8,
  trimmed,
} from './growable.ts';
import { packBits } from '../../src/common/bitmap.ts';

const DAY_MS = 86_400_000;
const MAX_EXACT = 2n ** 53n;
const TYPE_OF_KIND: InternalType[] = [
  'char',
  'integer',
  'biginteger',
  'float',
  'boolean',
  'date',
  'datetime',
  'time',
  'char',
];

/**
 * A builder for a column without override. Each value is stored as it arrives, in the storage of the
 * kind seen so far: doubles for integer/float/datetime, Int64 once an integer passes 2^53, Int32 for
 * date/time and dictionary codes, bytes for booleans. Compatible kinds widen in place (integer →
 * float or biginteger, date → datetime). Any other mix needs every value's source text, which typed
 * storage has dropped, so the builder reports a conflict and the caller reloads the column verbatim.
 */
export function createInferringBuilder(file: string, name: string): ColumnBuilder {
  let kind: Kind = NULL;
  let length = 0,
    hint = 0,
    conflict = false,
    inexact = false;
  let f64: F64 | null = null,
    i64: I64 | null = null,
    i32: I32 | null = null,
    u8: U8 | null = null;
  let dict: Interner | null = null;
  const validity = createValidity();

  // Storage for the first value's kind; rows before it were null and stay zero.
  function start(k: Kind): void {
    const capacity = Math.max(1024, length * 2, hint);
    if (k === BIG) i64 = createI64(capacity);
    else if (k === BOOL) u8 = createU8(capacity);
    else if (k === DATE || k === TIME || k === STRING) i32 = createI32(capacity);
    else f64 = createF64(capacity);
    if (k === STRING) dict = createInterner();
    for (const b of [f64, i64, i32, u8]) if (b) b.length = length;
  }

  function widen(k: Kind): boolean {
    if (kind === NULL) {
      start(k);
    } else if (
      kind === STRING ||
      (kind === FLOAT && (k === INT || k === BIG)) ||
      (kind === BIG && k === INT) ||
      (kind === DATETIME && k === DATE)
    ) {
      return true;
    } else if (kind === INT && k === FLOAT) {
      // Integers are already doubles.
    } else if (kind === INT && k === BIG) {
      i64 = createI64(f64!.data.length);
      for (let i = 0; i < length; i++) i64.data[i] = BigInt(f64!.data[i]);
      i64.length = length;
      f64 = null;
    } else if (kind === BIG && k === FLOAT) {
      f64 = createF64(i64!.data.length);
      for (let i = 0; i < length; i++) f64.data[i] = Number(i64!.data[i]);
      f64.length = length;
      i64 = null;
    } else if (kind === DATE && k === DATETIME) {
      f64 = createF64(i32!.data.length);
      for (let i = 0; i < length; i++) f64.data[i] = i32!.data[i] * DAY_MS;
      f64.length = length;
      i32 = null;
    } else {
      return false;
    }
    kind = k;
    return true;
  }

  // Stores one value of kind k; `parsed.value` holds its number unless k is BIG or STRING.
  function put(k: Kind, v: string | number | bigint | boolean): void {
    if (conflict) {
      length++;
      return;
    }
    if (k !== kind && !widen(k)) {
      conflict = true;
      f64 = i64 = i32 = u8 = null;
      dict = null;
      length++;
      return;
    }
    switch (kind) {
      case STRING:
        pushI32(i32!, intern(dict!, typeof v === 'string' ? v : String(v)));
        break;
      case BIG:
        pushI64(i64!, k === BIG ? BigInt(v as string | bigint) : BigInt(parsed.value));
        break;
      case DATETIME:
        pushF64(f64!, k === DATE ? parsed.value * DAY_MS : parsed.value);
        break;
      case DATE:
      case TIME:
        pushI32(i32!, parsed.value);
        break;
      case BOOL:
        pushU8(u8!, parsed.value);
        break;
      default:
        pushF64(f64!, parsed.value);
    }
    length++;
  }

  function pushNull(): void {
    markNull(validity, length);
    if (f64) pushF64(f64, 0);
    else if (i32) pushI32(i32, 0);
    else if (i64) pushI64(i64, 0n);
    else if (u8) pushU8(u8, 0);
    length++;
  }

  function pushText(s: string): void {
    if (s === '') pushNull();
    else if (kind === STRING && !conflict) {
      pushI32(i32!, intern(dict!, s));
      length++;
    } else put(classifyText(s), s);
  }

  return {
    name,
    length: () => length,
    pushText,
    pushBlock(block, col) {
      const { bytes, bounds, width, rows } = block;
      for (let r = 0, k = 2 * col; r < rows; r++, k += 2 * width) {
        const start = bounds[k],
          end = bounds[k + 1];
        if (end < 0) pushText(block.texts[k >> 1]);
        else if (start === end) pushNull();
        else if (conflict) length++;
        else if (kind === STRING) {
          pushI32(i32!, internBytes(dict!, bytes, start, end));
          length++;
        } else {
          const c = classifyBytes(bytes, start, end);
          if ((c === INT || c === FLOAT) && (kind === INT || kind === FLOAT)) {
            // put's widening inlined for the common case: integers and floats, both stored as doubles.
            if (c === FLOAT) kind = FLOAT;
            pushF64(f64!, parsed.value);
            length++;
          } else if (c === UNKNOWN) pushText(cellText(block, r, col));
          else put(c, '');
        }
      }
    },
    reserve(rows) {
      hint = rows;
    },
    pushValue(v) {
      switch (typeof v) {
        case 'string':
          return put(kind === STRING ? STRING : classifyJsonString(v), v);
        case 'number':
          if (isInexact(v)) inexact = true;
          parsed.value = v;
          return put(Number.isInteger(v) && Math.abs(v) <= 2 ** 53 ? INT : FLOAT, v);
        case 'bigint':
          parsed.value = Number(v);
          return put(v >= -MAX_EXACT && v <= MAX_EXACT ? INT : fitsInt64(v) ? BIG : STRING, v);
        case 'boolean':
          parsed.value = v ? 1 : 0;
          return put(BOOL, v);
        case 'undefined':
          return pushNull();
        default:
          if (v === null) return pushNull();
          throw unsupportedValue(file, length + 1, name, v);
      }
    },
    padTo(rows) {
      while (length < rows) pushNull();
    },
    status: () => ({ conflict, inexact }),
    finish(): Column {
      const base = { name, length, validity: finishValidity(validity, length), nullCount: validity.nullCount };
      if (kind === NULL) return { ...base, type: 'char', values: new Int32Array(length), dictionary: [] };
      if (kind === STRING)
        return {
          ...base,
          type: stringTypeOf(dict!.values),
          values: trimmed(i32!.data, length),
          dictionary: dict!.values,
        };
      const type = TYPE_OF_KIND[kind];
      if (kind === BIG) return { ...base, type, values: trimmed(i64!.data, length), dictionary: null };
      if (kind === BOOL) return { ...base, type, values: packBits(u8!.data.subarray(0, length)), dictionary: null };
      if (kind === DATE || kind === TIME)
        return { ...base, type, values: trimmed(i32!.data, length), dictionary: null };
      return { ...base, type, values: trimmed(f64!.data, length), dictionary: null };
    },
  };
}
