// Arrow bodies (API.md §16): one record batch of typed columns, the rest of the JSON body in the schema's metadata.
import {
  Bool,
  type Data,
  DateDay,
  Field,
  Float64,
  Int64,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  TimeMillisecond,
  TimestampMillisecond,
  tableToIPC,
} from 'apache-arrow';
import type { InternalType } from '../contract/model.ts';
import { storageOf } from '../contract/storage.ts';
import { toCells, toCountType, toIntegerType, toLabelData, toNumberData, toUtf8Data } from './arrow-columns.ts';

/**
 * A column's Arrow type. The one rule (docs/api.md, "Arrow bodies"): float and decimal values, bins
 * and centroids are Float64 (exact: they are doubles in storage, see src/contract/storage.ts);
 * biginteger values Int64 (exact beyond 2^53); booleans Bool; strings Utf8; dates DateDay, datetimes
 * Timestamp(ms, no zone: UTC), times Time(ms). Three kinds are decided by the column's own values
 * (src/http/arrow-columns.ts): `count`, the narrowest unsigned integer type that holds every count
 * (Float64 from 2^32 on); `integer` (integer and key values), the narrowest 8-, 16- or 32-bit integer
 * type that holds them (Float64 when one is not whole or is out of range); and `label`, Utf8 or a
 * dictionary of Utf8, whichever is fewer bytes.
 */
export type ArrowKind =
  | 'float64'
  | 'integer'
  | 'int64'
  | 'bool'
  | 'utf8'
  | 'date'
  | 'datetime'
  | 'time'
  | 'count'
  | 'label';

/** A column of an Arrow body: its name, type, and value j in storage units (src/contract/storage.ts), null for a null. */
export type ArrowColumn = { name: string; kind: ArrowKind; at: (j: number) => unknown };

/** The Arrow kind of a field's values (storage units as they are, see ArrowKind). */
export function toArrowKind(type: InternalType): ArrowKind {
  if (type === 'date' || type === 'datetime' || type === 'time') return type; // temporal types keep their own Arrow type
  if (type === 'integer' || type === 'key') return 'integer'; // whole numbers: the narrowest type that holds them
  const kind = storageOf(type); // the one type → storage rule
  return kind === 'i64' ? 'int64' : kind === 'bool' ? 'bool' : kind === 'dict' ? 'utf8' : 'float64';
}

/**
 * The Arrow IPC stream of `length` rows of `columns`, with `metadata` (the JSON body's other keys)
 * as JSON text under each key in the schema's metadata, in the given order. Deterministic: the same
 * columns and metadata give the same bytes (apache-arrow writes no clock, no random id; a dictionary's
 * id is its column's position, never apache-arrow's process-wide counter).
 */
export function toArrowBytes(length: number, columns: ArrowColumn[], metadata: Record<string, unknown>): Buffer {
  const data = columns.map((c, i) => toData(c, length, i));
  const fields = columns.map((c, i) => new Field(c.name, data[i].type, true));
  const meta = new Map(Object.entries(metadata).map(([k, v]) => [k, JSON.stringify(v)]));
  const schema = new Schema(fields, meta);
  const struct = makeData({ type: new Struct(fields), length, nullCount: 0, children: data });
  const bytes = tableToIPC(new Table(new RecordBatch(schema, struct)), 'stream');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** One column's Arrow data: values in a typed array, nulls in a validity bitmap. `position`: the column's, a dictionary's id. */
function toData({ kind, at }: ArrowColumn, length: number, position: number): Data {
  const cells = toCells(at, length);
  const { values, isValid } = cells;
  const base = { length, nullCount: cells.nullCount, nullBitmap: cells.nullBitmap };
  switch (kind) {
    case 'count':
      return toNumberData(cells, length, toCountType(cells, length));
    case 'label':
      return toLabelData(cells, length, position);
    case 'integer':
      return toNumberData(cells, length, toIntegerType(cells, length));
    case 'utf8':
      return toUtf8Data(cells, length);
    case 'float64':
      return toNumberData(cells, length, new Float64());
    case 'int64':
    case 'datetime': {
      // A datetime is whole milliseconds in storage (a Float64, src/contract/storage.ts).
      const data = new BigInt64Array(length);
      for (let j = 0; j < length; j++)
        if (isValid(j))
          data[j] = kind === 'int64' ? BigInt(values[j] as string) : BigInt(Math.floor(values[j] as number));
      return kind === 'int64'
        ? makeData({ ...base, type: new Int64(), data })
        : makeData({ ...base, type: new TimestampMillisecond(), data } as never);
    }
    case 'time': // Arrow kinds, not the storage rule: both are Int32 in storage and in the body
    case 'date': {
      const data = new Int32Array(length);
      for (let j = 0; j < length; j++) if (isValid(j)) data[j] = values[j] as number;
      return kind === 'date'
        ? makeData({ ...base, type: new DateDay(), data })
        : makeData({ ...base, type: new TimeMillisecond(), data });
    }
    case 'bool': {
      const data = new Uint8Array(Math.ceil(length / 8));
      for (let j = 0; j < length; j++)
        if (isValid(j) && (values[j] === 1 || values[j] === true)) data[j >> 3] |= 1 << (j & 7);
      return makeData({ ...base, type: new Bool(), data });
    }
  }
}
