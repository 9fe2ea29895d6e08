// The storage contract: how each internal type is held in the Arrow tables, and what a loaded dataset is.
import type { EngineTable, ScannedSummary } from './engine.ts';
import type { InternalType } from './model.ts';

/**
 * How a column of each internal type is stored in the Arrow tables the loaders build.
 * Every table is one record batch (one chunk per column), so a worker scans plain typed arrays.
 *
 * | internal type                    | Arrow type               | raw buffer        | unit                      |
 * |----------------------------------|--------------------------|-------------------|---------------------------|
 * | integer, every value in int32    | Int32                    | Int32Array        | the number                |
 * | integer (others), float, decimal, key | Float64             | Float64Array      | the number                |
 * | biginteger                       | Int64                    | BigInt64Array     | the integer               |
 * | boolean                          | Bool                     | bit-packed Uint8  | 1 = true                  |
 * | char, text                       | Dictionary<Utf8, Int32>  | Int32Array codes  | dictionary sorted by code point, no duplicates |
 * | date                             | DateDay                  | Int32Array        | days since 1970-01-01     |
 * | datetime                         | Float64 (+ field metadata sorrel.type=datetime) | Float64Array | ms since epoch, UTC |
 * | time                             | TimeMillisecond          | Int32Array        | ms since midnight         |
 *
 * Nulls are in the validity bitmap (bit set = valid); the value slot of a null is 0.
 *
 * An integer column is Int32 when every valid value is a whole number in [−2^31, 2^31) and none is
 * -0, decided once its values are known (loaders/core/narrow.ts); else Float64, exact to 2^53. Why:
 * masks and grouping read 4 bytes a row instead of 8. Workers tell a column's kind and whether it is
 * temporal from its Arrow type (Int32 → `i32`, not temporal; DateDay, TimeMillisecond → `i32`,
 * temporal), so a snapshot file built while integers were all Float64 still answers the same.
 * key and decimal columns stay Float64.
 *
 * A table's columns live in one or more parts: each part is an Arrow IPC file (one record batch,
 * every row) of some consecutive columns, in its own SharedArrayBuffer. A part holds at most
 * BUFFER_BYTES of Arrow buffers (a setting: SORREL_BUFFER_MB), unless one column alone is larger.
 * Why parts: `tableFromIPC` reads a file through one Uint8Array, which V8 limits to 4 GiB, so one
 * file per table stopped a little under 100M rows of seven columns.
 */
export type StorageKind = 'f64' | 'i64' | 'bool' | 'dict' | 'i32';

/**
 * How an internal type is stored, by the table above, before its values are known (an integer
 * column may then narrow to `i32`: loaders/core/narrow.ts). The one mapping: the loaders store by
 * it and the engine reads its values back into these units.
 */
export function storageOf(type: InternalType): StorageKind {
  switch (type) {
    case 'biginteger':
      return 'i64';
    case 'boolean':
      return 'bool';
    case 'char':
    case 'text':
      return 'dict';
    case 'date':
    case 'time':
      return 'i32';
    default:
      return 'f64'; // integer, float, decimal, key, datetime
  }
}

/** The most Arrow buffer bytes one part of a table holds by default (2 GiB, half of one Uint8Array's limit). */
export const BUFFER_BYTES = 2 ** 31;

/** A loaded dataset: its Arrow IPC bytes in shared memory plus what the main thread needs about it. */
export type DatasetInfo = {
  name: string;
  model: string;
  file: string;
  rows: number;
  bytes: number; // Arrow buffer bytes
  dataModified: string; // the catalog's data_modified, else the file's mtime when read; API timestamp format
  columns: Record<string, InternalType>;
  parts: readonly SharedArrayBuffer[]; // Arrow IPC files of consecutive columns (see above)
  sha256: string; // of tableToIPC(table, 'file') for the whole table, whatever its parts: its share of the data version
  /** Set for a dataset in a distributed engine (API.md §14): `parts` is empty, `sha256` hashes the engine's fingerprint. */
  engine?: EngineTable;
  /** An engine dataset's field columns as start-up's scan read them (src/engine/describe.ts); never in a snapshot file. */
  scanned?: Readonly<Record<string, ScannedSummary>>;
  /** An engine dataset's text columns that start-up's scan found all ASCII (no accented value to read); never in a snapshot file. */
  ascii?: ReadonlySet<string>;
};

/**
 * Identifies one dataset's table; the worker decodes its `parts` once per `key` and caches them.
 * `generation` grows with every snapshot a process builds: a worker keeps only the newest
 * generation's tables, so a reload releases the old ones (see workers/table/columns.ts).
 */
export type TableRef = {
  key: string;
  generation: number;
  parts: readonly SharedArrayBuffer[];
  /** The row count, when known: the pool splits a large task by rows (src/parallel/split.ts). */
  rows?: number;
  /** Set for a dataset in a distributed engine (API.md §14): `parts` is empty and src/engine/ computes. */
  engine?: EngineTable;
};
