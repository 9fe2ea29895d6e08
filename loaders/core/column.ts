// The loader-side column model: what every format's loader produces before the shared normaliser.
import type * as arrow from 'apache-arrow';
import type { DataFormat } from '../../src/contract/formats.ts';
import type { InternalType } from '../../src/contract/model.ts';
import { type StorageKind, storageOf } from '../../src/contract/storage.ts';

/**
 * What loadTable accepts: a format (else taken from the extension), per-column type overrides, the
 * most bytes one part of the table holds (BUFFER_BYTES by default), and a callback told the rows
 * read so far as a large file loads (for the load log; not every format reports).
 */
export type LoadOptions = {
  format?: DataFormat;
  columns?: Record<string, InternalType>;
  bufferBytes?: number;
  onRows?: (rows: number) => void;
};

/** A canonical table (a view of `parts`, its Arrow IPC files in shared memory) and what the catalog needs about it. */
export type LoadedTable = {
  table: arrow.Table;
  parts: SharedArrayBuffer[];
  types: Record<string, InternalType>;
  rows: number;
  bytes: number;
  /** The table's sha256 (toTableHash's), from the thread that hashed it while it was copied if one did. */
  hash(): Promise<string>;
};

/** One column in storage units (see the StorageKind table in src/contract/storage.ts), not yet an Arrow vector. */
export type Column = {
  name: string;
  type: InternalType;
  length: number;
  /** Bit set = valid; null when no row is null. */
  validity: Uint8Array | null;
  nullCount: number;
  /**
   * Float64Array (f64), BigInt64Array (i64), bit-packed Uint8Array (bool), Int32Array (dict codes, i32).
   * An integer column's may be either Float64Array or Int32Array (see toStorage).
   */
  values: Float64Array | BigInt64Array | Int32Array | Uint8Array;
  /** Strings by code for char/text, in any order; the normaliser sorts and deduplicates them. */
  dictionary: readonly string[] | null;
  /**
   * True when `dictionary` is already in storage form: sorted by code point, no duplicates, every
   * entry used by a valid row, null rows coded 0. The normaliser then keeps it as it is.
   */
  sortedDictionary?: boolean;
};

/** Every format's loader has this signature. */
export type Loader = (path: string, opts: LoadOptions) => Promise<Column[]>;

/**
 * How a column is stored: its type's storage (storageOf, src/contract/storage.ts), except an
 * integer column held in an Int32Array, which is `i32` (every value fits 32 bits: loaders/core/narrow.ts).
 */
export function toStorage(column: Pick<Column, 'type' | 'values'>): StorageKind {
  return column.type === 'integer' && column.values instanceof Int32Array ? 'i32' : storageOf(column.type);
}
