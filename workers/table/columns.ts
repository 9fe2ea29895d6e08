// Column access for workers: decode a dataset's Arrow IPC parts once per thread, expose raw buffers.
import { tableFromIPC, Type, type Data, type Field, type Table } from 'apache-arrow';
import type { StorageKind, TableRef } from '../../src/contract/storage.ts';
import { isBitSet } from '../../src/common/bitmap.ts';

// Why decode here, and only once per thread: the main thread keeps every dataset as Arrow
// IPC bytes ('file' format) inside SharedArrayBuffers, one per part of its columns (see
// src/contract/storage.ts). A task carries those buffers, and postMessage shares a
// SharedArrayBuffer instead of copying it, so handing a task to a worker costs nothing however
// big the table is. `tableFromIPC` over a Uint8Array view of each part only
// parses the small flatbuffer metadata; every column buffer it returns is a typed-array view
// into the same shared memory (zero copy, checked in test/workers/table/columns.test.ts). Parsing
// the metadata and turning dictionaries into string arrays is still worth doing once, so the
// decoded table is cached per thread under TableRef.key; the key changes when the data does
// (a reload), so a cached entry is never stale, and a small LRU bound lets old snapshots go.
// Compute modules then scan the raw typed arrays: `vector.get(i)` costs a visitor dispatch per
// value and is two orders of magnitude slower in a hot loop.

/** Values of one column as raw buffers, per the storage contract in src/contract/storage.ts. */
export type ColumnView = {
  kind: StorageKind;
  /** f64/i32/i64/dict: element i is `values[i]`; bool: bit `offset + i`, bit-packed, LSB first. */
  values: Float64Array | Int32Array | BigInt64Array | Uint8Array;
  /** Validity bitmap, bit `offset + i` set = valid; null when the column holds no null. */
  validity: Uint8Array | null;
  /** Bit offset into `validity` (and into `values` for bool). */
  offset: number;
  length: number;
  nullCount: number;
  /** dict only: the dictionary, sorted by code point, indexed by the codes in `values`. */
  dictionary?: string[];
  /** date, time or datetime (from the Arrow type, not the kind): order statistics only, no mean or quantiles (API.md §8). */
  temporal: boolean;
};

/** A decoded table: its row count and lazily built, cached column views. */
export type TableView = { key: string; rows: number; column(name: string): ColumnView };

/** The decoded tables of the newest generation this thread has seen (one per dataset). */
let cache = { generation: -Infinity, tables: new Map<string, TableView>() };

/** The decoded table for a reference, from this thread's cache when seen before. */
export function openTable(ref: TableRef): TableView {
  if (ref.generation > cache.generation) {
    const dropped = cache.tables.size > 0;
    cache = { generation: ref.generation, tables: new Map() };
    // Frees the old tables' shared memory now rather than at some later collection (see exposeGc in src/serve/lifecycle.ts).
    if (dropped) (globalThis as { gc?: () => void }).gc?.();
  }
  const hit = cache.tables.get(ref.key);
  if (hit) return hit;
  const view = toTableView(
    ref.key,
    ref.parts.map((p) => tableFromIPC(new Uint8Array(p))),
  );
  if (ref.generation === cache.generation) cache.tables.set(ref.key, view);
  return view;
}

/** How many decoded tables this thread holds, and of which generation (for tests). */
export function toCacheState(): { generation: number; tables: number } {
  return { generation: cache.generation, tables: cache.tables.size };
}

/** Wraps a table's parts (Arrow tables of the same rows); columns are turned into views on first use. */
function toTableView(key: string, parts: Table[]): TableView {
  const columns = new Map<string, ColumnView>();
  const owner = new Map<string, Table>();
  for (const part of parts) for (const f of part.schema.fields) owner.set(f.name, part);
  return {
    key,
    rows: parts[0]?.numRows ?? 0,
    column(name: string): ColumnView {
      let view = columns.get(name);
      if (view) return view;
      const table = owner.get(name);
      const vector = table?.getChild(name);
      const field = table?.schema.fields.find((f) => f.name === name);
      if (!vector || !field) throw new Error(`No column "${name}" in table ${key}.`);
      if (vector.data.length > 1) {
        throw new Error(
          `Column "${name}" of table ${key} has ${vector.data.length} chunks; the storage contract wants one record batch.`,
        );
      }
      view = vector.data.length === 0 ? emptyView(field) : toColumnView(field, vector.data[0]);
      columns.set(name, view);
      return view;
    },
  };
}

/** A view over one chunk of a column; throws on an Arrow type outside the storage contract. */
export function toColumnView(field: Field, data: Data): ColumnView {
  const kind = toKind(field);
  const nullCount = data.nullCount;
  const base = {
    kind,
    validity: nullCount > 0 ? (data.nullBitmap ?? null) : null,
    offset: data.offset,
    length: data.length,
    nullCount: Math.max(nullCount, 0),
    temporal: isTemporal(field),
  };
  if (kind === 'dict') {
    if (!(data.values instanceof Int32Array))
      throw new Error(`Column "${field.name}": dictionary codes must be Int32.`);
    const dictionary = (data.dictionary?.toArray() ?? []) as string[];
    return { ...base, values: data.values, dictionary: Array.from(dictionary) };
  }
  return { ...base, values: data.values as ColumnView['values'] };
}

function emptyView(field: Field): ColumnView {
  const kind = toKind(field);
  const values =
    kind === 'f64'
      ? new Float64Array(0)
      : kind === 'i64'
        ? new BigInt64Array(0)
        : kind === 'bool'
          ? new Uint8Array(0)
          : new Int32Array(0);
  return {
    kind,
    values,
    validity: null,
    offset: 0,
    length: 0,
    nullCount: 0,
    temporal: isTemporal(field),
    ...(kind === 'dict' ? { dictionary: [] } : {}),
  };
}

function toKind(field: Field): StorageKind {
  const t = field.type as { typeId: Type; precision?: number; bitWidth?: number; isSigned?: boolean; unit?: number };
  switch (t.typeId) {
    case Type.Float:
      if (t.precision === 2) return 'f64';
      break;
    case Type.Int:
      if (t.bitWidth === 64 && t.isSigned) return 'i64';
      if (t.bitWidth === 32 && t.isSigned) return 'i32'; // an integer column whose values fit
      break;
    case Type.Bool:
      return 'bool';
    case Type.Dictionary:
      return 'dict';
    case Type.Date:
      if (t.unit === 0) return 'i32';
      break; // DateUnit.DAY
    case Type.Time:
      if (t.unit === 1 && t.bitWidth === 32) return 'i32';
      break; // TimeUnit.MILLISECOND
    default:
      break;
  }
  throw new Error(
    `Column "${field.name}" has Arrow type ${String(field.type)}, outside the storage contract (src/types.ts).`,
  );
}

/**
 * Whether a column holds dates, times or datetimes, from its Arrow type: DateDay and TimeMillisecond
 * (Int32 values, as an integer column's may be), or a Float64 marked `sorrel.type=datetime`.
 */
function isTemporal(field: Field): boolean {
  const id = field.type.typeId;
  return id === Type.Date || id === Type.Time || field.metadata.get('sorrel.type') === 'datetime';
}

/** True when row i holds a value (not null). */
export function isValid(col: ColumnView, i: number): boolean {
  return isBitSet(col.validity, col.offset + i);
}

/** The boolean at row i of a bool column, as 0 or 1 (0 for a null). */
export function bitAt(col: ColumnView, i: number): number {
  const b = col.offset + i;
  return ((col.values as Uint8Array)[b >> 3] >> (b & 7)) & 1;
}
