// A column's values in storage units (src/contract/storage.ts) on both sides: the SQL that selects them, the engine's JSON back to them, and their order.
import { compareCodePoints, compareDecimal } from '../../common/order.ts';
import type { InternalType } from '../../contract/model.ts';
import { storageOf } from '../../contract/storage.ts';

/** How a column's storage value travels: as a number, a 64-bit integer's text, a 0/1 or a string. */
export type ValueKind = 'f64' | 'i64' | 'bool' | 'dict' | 'date' | 'datetime';

export function toValueKind(type: InternalType): ValueKind {
  if (type === 'date' || type === 'datetime') return type;
  const kind = storageOf(type); // the storage units of src/contract/storage.ts
  return kind === 'i32' ? 'f64' : kind; // time: ms since midnight, a number in the engine
}

/**
 * The SQL of a column's storage value (null stays null): Float64 for numbers, the exact decimal
 * text of a 64-bit integer (JSON would otherwise round it), 0/1, the string, Date as its day
 * number, DateTime as its seconds (× 1000 in fromEngine: ms).
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
