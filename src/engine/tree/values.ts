// Engine values in the storage units of src/contract/storage.ts, so tree answers equal the in-memory path's.
import type { InternalType } from '../../contract/model.ts';

/**
 * An expression giving a column's value in its storage unit, written so JSON carries it exactly:
 * floats widened to Float64 (a Float32 printed as itself would read back as another double),
 * 64-bit integers and decimals as text, dates as days since 1970-01-01, datetimes as ms.
 */
export function storageSql(expr: string, type: InternalType): string {
  switch (type) {
    case 'float':
    case 'key':
      return `toFloat64(${expr})`;
    case 'biginteger':
    case 'decimal':
      return `toString(${expr})`;
    case 'boolean':
      return `toUInt8(${expr})`;
    case 'date':
      return `toUInt16(${expr})`;
    case 'datetime':
      return `toUInt32(${expr}) * 1000`;
    default:
      return expr;
  }
}

/** A value read back from storageSql's expression: numbers, decimal text for a biginteger, strings; null stays null. */
export function toStorage(value: unknown, type: InternalType): number | string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'char':
    case 'text':
      return String(value);
    case 'biginteger':
      return String(value);
    default:
      return typeof value === 'number' ? value : Number(value);
  }
}
