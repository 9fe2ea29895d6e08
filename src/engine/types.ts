// ClickHouse column types → Sorrel's internal types (API.md §14; the table is in docs/engines.md).
import type { InternalType } from '../contract/model.ts';

/** What a DESCRIBE type says before the data is looked at: a family, and whether it holds nulls. */
export type EngineColumnType = {
  /** int: ≤ 32-bit integers; int64: Int64/UInt64 (integer or biginteger by their range). */
  family: 'int' | 'int64' | 'float' | 'decimal' | 'string' | 'date' | 'datetime';
  nullable: boolean;
  /** UInt8 or Int8: a catalog may read it as boolean. */
  byte: boolean;
};

const INT = /^U?Int(8|16|32)$/;
const INT64 = /^U?Int64$/;

/** The family of a DESCRIBE type, or null for a type Sorrel does not read (a catalog problem). */
export function toEngineColumnType(text: string): EngineColumnType | null {
  let t = text.trim();
  let nullable = false;
  const wrapped = (name: string) => {
    const m = new RegExp(`^${name}\\((.*)\\)$`).exec(t);
    if (m) t = m[1].trim();
    return m !== null;
  };
  if (wrapped('Nullable')) nullable = true;
  if (wrapped('LowCardinality') && wrapped('Nullable')) nullable = true;
  const byte = t === 'UInt8' || t === 'Int8';
  if (INT.test(t)) return { family: 'int', nullable, byte };
  if (INT64.test(t)) return { family: 'int64', nullable, byte };
  if (t === 'Float32' || t === 'Float64') return { family: 'float', nullable, byte };
  if (/^Decimal(32|64|128)?\(\s*\d+\s*(,\s*\d+\s*)?\)$/.test(t)) return { family: 'decimal', nullable, byte };
  if (t === 'String' || /^FixedString\(\d+\)$/.test(t)) return { family: 'string', nullable, byte };
  if (t === 'Date') return { family: 'date', nullable, byte };
  if (t === 'DateTime' || /^DateTime\('[^']*'\)$/.test(t)) return { family: 'datetime', nullable, byte };
  return null;
}

/** The internal types a catalog override may give a column of each family (the first is the default). */
const ALLOWED: Record<EngineColumnType['family'], readonly InternalType[]> = {
  int: ['integer', 'key'],
  int64: ['integer', 'biginteger', 'key'],
  float: ['float'],
  decimal: ['decimal'],
  string: ['text', 'char'],
  date: ['date'],
  datetime: ['datetime'],
};

/**
 * The internal type of a column: the catalog's override when the family can hold it (UInt8/Int8
 * also as boolean), else the default. Int64/UInt64 are integer when every value is within ±2^53
 * (`wide` false), else biginteger, as the Parquet loader decides; strings are char unless a value
 * is longer than 255 characters (`long`), as the file loaders decide.
 */
export function toInternalType(
  col: EngineColumnType,
  override: InternalType | null,
  facts: { wide: boolean; long: boolean },
): { type: InternalType } | { allowed: readonly InternalType[] } {
  const allowed = col.byte ? [...ALLOWED[col.family], 'boolean' as const] : ALLOWED[col.family];
  if (override !== null) return allowed.includes(override) ? { type: override } : { allowed };
  if (col.family === 'int64') return { type: facts.wide ? 'biginteger' : 'integer' };
  if (col.family === 'string') return { type: facts.long ? 'text' : 'char' };
  return { type: allowed[0] };
}
