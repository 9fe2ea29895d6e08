// The engine's one value mapping: a column's values in storage units (src/contract/storage.ts) in SQL, back from JSON, their order and labels.
import { compareCodePoints, compareDecimal } from '../../common/order.ts';
import type { InternalType } from '../../contract/model.ts';
import { storageOf } from '../../contract/storage.ts';

/**
 * How a column's storage value travels: as a number, a 64-bit integer's text, a 0/1, a string, a
 * day number or a second count. Every engine task (table, tree, search, values pages)
 * reads values through this one mapping, so the two sides never convert a value differently.
 */
export type ValueKind = 'f64' | 'i64' | 'bool' | 'dict' | 'date' | 'datetime';

export function toValueKind(type: InternalType): ValueKind {
  if (type === 'date' || type === 'datetime') return type;
  const kind = storageOf(type); // the storage units of src/contract/storage.ts
  return kind === 'i32' ? 'f64' : kind; // time: ms since midnight, a number in the engine
}

/**
 * The SQL of a column's storage value (null stays null): Float64 for numbers (a decimal too:
 * ClickHouse's toFloat64 of a Decimal is the correctly rounded double, as the file loaders read
 * its text — 10^6 three-digit decimals checked on 18.16 — and values that round to one double
 * group as one, as in memory), the exact decimal text of a 64-bit integer (JSON would otherwise
 * round it), 0/1, the string, Date as its day number, DateTime as its seconds (× 1000 in
 * fromEngine: ms, so the wire carries the shorter number).
 */
export function toSqlValue(column: string, kind: ValueKind): string {
  switch (kind) {
    case 'f64':
      return `toFloat64(${column})`;
    case 'i64':
      return `toString(${column})`;
    case 'bool':
      return `toUInt8(${column})`;
    case 'dict':
      return column;
    case 'date':
      return `toUInt16(${column})`;
    case 'datetime':
      return `toUInt32(${column})`;
  }
}

/** A value of toSqlValue's column, as the engine's JSON gives it, in storage units (the DistinctResult form). */
export function fromEngine(v: unknown, kind: ValueKind): number | string | null {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'i64':
      return String(BigInt(v as string));

    case 'dict':
      return v as string;
    case 'datetime':
      return Number(v) * 1000;
    default:
      return Number(v);
  }
}

/** Ascending order of storage values of one kind: numbers numerically, i64 exactly, strings by code point (src/common/order.ts). */
export function toComparator(kind: ValueKind): (a: number | string, b: number | string) => number {
  if (kind === 'dict') return (a, b) => compareCodePoints(a as string, b as string);
  if (kind === 'i64') return (a, b) => compareDecimal(a as string, b as string); // fromEngine's String(BigInt)
  return (a, b) => (a as number) - (b as number);
}

/**
 * The SQL of a value's default label (src/common/values.ts toLabel) for a non-null `column`, for
 * the §5 `query` of a pushed values page: the text JavaScript's String gives. ClickHouse 18.16
 * prints a Float64 as the shortest text that reads back (as ECMAScript does) but writes `-0`,
 * `inf`, `nan` and a positive exponent without its `+`; those are rewritten.
 */
export function toSqlLabel(column: string, kind: ValueKind): string {
  switch (kind) {
    case 'f64': {
      const x = `toFloat64(${column})`;
      return `multiIf(isNaN(${x}), 'NaN', isInfinite(${x}), if(${x} > 0, 'Infinity', '-Infinity'), ${x} = 0, '0', replaceRegexpOne(toString(${x}), 'e([0-9])', 'e+\\\\1'))`;
    }
    case 'i64':
    case 'date':
      return `toString(${column})`;
    case 'bool':
      return `if(${column} = 1, 'true', 'false')`;
    case 'dict':
      return column;
    case 'datetime':
      return `concat(replaceOne(toString(${column}, 'UTC'), ' ', 'T'), '.000')`;
  }
}

/** toSqlValue of a column of internal type `type` (the tree's SQL names columns by type). */
export function toSqlStorage(column: string, type: InternalType): string {
  return toSqlValue(column, toValueKind(type));
}

/** fromEngine of a value of internal type `type`. */
export function fromStorage(v: unknown, type: InternalType): number | string | null {
  return fromEngine(v, toValueKind(type));
}
