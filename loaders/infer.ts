// Builder that infers a column's type over all rows while storing values in their storage units.
import type { InternalType } from '../src/types.ts';
import type { ColumnBuilder } from './builder.ts';
import type { Kind } from './classify.ts';
import {
  BIG, BOOL, classifyJsonString, classifyText, DATE, DATETIME, FLOAT, fitsInt64, INT, isInexact, NULL, parsed, STRING, TIME,
} from './classify.ts';
import type { Column } from './column.ts';
import type { Interner } from './dictionary.ts';
import { createInterner, intern, stringTypeOf } from './dictionary.ts';
import { unsupportedValue } from './errors.ts';
import type { F64, I32, I64 } from './growable.ts';
import { createF64, createI32, createI64, createValidity, finishValidity, markNull, pushF64, pushI32, pushI64 } from './growable.ts';
import { packBits } from './pack.ts';

const DAY_MS = 86_400_000;
const MAX_EXACT = 2n ** 53n;
const TYPE_OF_KIND: InternalType[] = ['char', 'integer', 'biginteger', 'float', 'boolean', 'date', 'datetime', 'time', 'char'];

/**
 * A builder for a column without override. Values are stored as they come (numbers, days, ms and 0/1
 * in a Float64 buffer; Int64 once an integer passes 2^53; a dictionary when the first value is a
 * string). Compatible kinds widen in place: integer → float or biginteger, date → datetime. Any other
 * mix needs every value's source text, which typed storage has dropped, so the builder reports a
 * conflict and the caller loads the column again as verbatim text.
 */
export function createInferringBuilder(file: string, name: string): ColumnBuilder {
  let kind: Kind = NULL;
  let length = 0, conflict = false, inexact = false;
  let f64: F64 | null = createF64();
  let i64: I64 | null = null;
  let codes: I32 | null = null;
  let dict: Interner | null = null;
  const validity = createValidity();

  function widen(k: Kind): boolean {
    if (kind === NULL) {
      if (k === STRING) { codes = zeros(createI32(length + 1024)); dict = createInterner(); f64 = null; }
      if (k === BIG) { i64 = zeros(createI64(length + 1024)); f64 = null; }
    } else if (kind === STRING) {
      return true;
    } else if (kind === INT && k === FLOAT) {
      // Stored values are already doubles.
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
    } else if ((kind === FLOAT && (k === INT || k === BIG)) || (kind === BIG && k === INT) || (kind === DATETIME && k === DATE)) {
      return true;
    } else if (kind === DATE && k === DATETIME) {
      for (let i = 0; i < length; i++) f64!.data[i] *= DAY_MS;
    } else {
      return false;
    }
    kind = k;
    return true;
  }

  function zeros<T extends I32 | I64>(b: T): T {
    b.length = length;
    return b;
  }

  // Stores one value of kind k; `parsed.value` holds its number unless k is STRING.
  function put(k: Kind, v: string | number | bigint | boolean): void {
    if (conflict) { length++; return; }
    if (k !== kind && !widen(k)) {
      conflict = true;
      f64 = null; i64 = null; codes = null; dict = null;
      length++;
      return;
    }
    if (kind === STRING) pushI32(codes!, intern(dict!, typeof v === 'string' ? v : String(v)));
    else if (kind === BIG) pushI64(i64!, k === BIG ? BigInt(v as string | bigint) : BigInt(parsed.value));
    else if (kind === DATETIME && k === DATE) pushF64(f64!, parsed.value * DAY_MS);
    else pushF64(f64!, parsed.value);
    length++;
  }

  function pushNull(): void {
    markNull(validity, length);
    if (!conflict) {
      if (codes) pushI32(codes, 0); else if (i64) pushI64(i64, 0n); else pushF64(f64!, 0);
    }
    length++;
  }

  return {
    name,
    length: () => length,
    pushText(s) {
      if (s === '') pushNull(); else put(classifyText(s), s);
    },
    pushValue(v) {
      switch (typeof v) {
        case 'string': return put(classifyJsonString(v), v);
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
        case 'undefined': return pushNull();
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
      if (kind === STRING) return { ...base, type: stringTypeOf(dict!.values), values: codes!.data.slice(0, length), dictionary: dict!.values };
      const type = TYPE_OF_KIND[kind];
      if (kind === BIG) return { ...base, type, values: i64!.data.slice(0, length), dictionary: null };
      const values = f64!.data.subarray(0, length);
      if (kind === BOOL) return { ...base, type, values: packBits(values), dictionary: null };
      if (kind === DATE || kind === TIME) return { ...base, type, values: Int32Array.from(values), dictionary: null };
      return { ...base, type, values: values.slice(), dictionary: null };
    },
  };
}
