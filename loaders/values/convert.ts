// Value conversion for type overrides: one source value → storage units of the named internal type.
import { toEcho } from '../../src/common/echo.ts';
import type { InternalType } from '../../src/contract/model.ts';
import { BIG, classifyText, fitsInt64, INT, parsed } from './classify.ts';
import { LoadError } from '../core/errors.ts';
import { parseIsoTime, toDays, toEpochMs } from './temporal.ts';

/** A value as a loader meets it: text from CSV/JSON, or a JSON/Arrow number, bigint or boolean. */
export type Source = string | number | bigint | boolean;

/** Converts one value to storage units; undefined when it cannot be converted. */
export type Convert = (v: Source) => number | bigint | string | undefined;

const MAX_EXACT = 2 ** 53;
const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

/** The converter for an override type. */
export function converterFor(type: InternalType): Convert {
  switch (type) {
    case 'integer':
    case 'key':
      return toInteger;
    case 'float':
      return toFloat;
    case 'decimal':
      return toDecimal;
    case 'biginteger':
      return toBigInteger;
    case 'boolean':
      return toBoolean;
    case 'date':
      return (v) => (typeof v === 'string' ? nanToUndefined(toDays(v)) : undefined);
    case 'datetime':
      return (v) => (typeof v === 'string' ? nanToUndefined(toEpochMs(v)) : undefined);
    case 'time':
      return (v) => (typeof v === 'string' ? nanToUndefined(parseIsoTime(v)) : undefined);
    case 'char':
    case 'text':
      return (v) => String(v);
  }
}

function nanToUndefined(x: number): number | undefined {
  return x === x ? x : undefined;
}

function toInteger(v: Source): number | undefined {
  if (typeof v === 'string') return classifyText(v) === INT ? parsed.value : undefined;
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) <= MAX_EXACT ? v : undefined;
  if (typeof v === 'bigint') return v >= -MAX_EXACT && v <= MAX_EXACT ? Number(v) : undefined;
  return undefined;
}

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function toFloat(v: Source): number | undefined {
  if (typeof v === 'string') {
    const x = NUMBER_TEXT.test(v) ? Number(v) : NaN;
    return Number.isFinite(x) ? x : undefined;
  }
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return undefined;
}

function toDecimal(v: Source): number | undefined {
  const x = toFloat(v);
  return x !== undefined && significantDigits(String(v)) <= 15 ? x : undefined;
}

function toBigInteger(v: Source): bigint | undefined {
  if (typeof v === 'string') {
    const k = classifyText(v);
    return k === INT ? BigInt(parsed.value) : k === BIG ? BigInt(v) : undefined;
  }
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) <= MAX_EXACT ? BigInt(v) : undefined;
  if (typeof v === 'bigint') return fitsInt64(v) ? v : undefined;
  return undefined;
}

function toBoolean(v: Source): number | undefined {
  if (typeof v === 'boolean') return v ? 1 : 0;
  const s = String(v).toLowerCase();
  return TRUE.has(s) ? 1 : FALSE.has(s) ? 0 : undefined;
}

/** Significant digits of a decimal text: from the first to the last non-zero digit of the mantissa. */
export function significantDigits(text: string): number {
  const mantissa = text
    .replace(/^[+-]/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '');
  const trimmed = mantissa.replace(/^0+/, '').replace(/0+$/, '');
  return trimmed.length;
}

const NOUN: Record<InternalType, string> = {
  integer: 'an integer',
  key: 'a key (a whole number)',
  float: 'a number',
  decimal: 'a number',
  biginteger: 'an integer in the Int64 range',
  boolean: 'a boolean (true/false/1/0/yes/no)',
  date: 'a date',
  datetime: 'a datetime',
  time: 'a time (HH:MM[:SS[.fff]])',
  char: 'a string',
  text: 'a string',
};

/** A value as error messages show it: strings quoted, long ones cut. */
function showValue(v: Source): string {
  return toEcho(v);
}

/** The LoadError for a value that an override cannot convert. */
export function conversionError(file: string, row: number, column: string, v: Source, type: InternalType): LoadError {
  const where = `${file} row ${row}, column ${toEcho(column)}: ${showValue(v)}`;
  if (type === 'decimal' && toFloat(v) !== undefined) {
    const digits = significantDigits(String(v));
    return new LoadError(
      `${where} has ${digits} significant digits and cannot be held exactly as a double (override decimal); use internal_type char to keep it verbatim.`,
    );
  }
  return new LoadError(`${where} is not ${NOUN[type]} (override ${type}). Fix the value or remove the override.`);
}
