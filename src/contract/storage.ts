// The storage contract: how each internal type is held in the Arrow tables, and what a loaded dataset is.
import type { InternalType } from './model.ts';

/**
 * How a column of each internal type is stored in the Arrow tables the loaders build.
 * Every table is one record batch (one chunk per column), so a worker scans plain typed arrays.
 *
 * | internal type                    | Arrow type               | raw buffer        | unit                      |
 * |----------------------------------|--------------------------|-------------------|---------------------------|
 * | integer, float, decimal, key     | Float64                  | Float64Array      | the number                |
 * | biginteger                       | Int64                    | BigInt64Array     | the integer               |
 * | boolean                          | Bool                     | bit-packed Uint8  | 1 = true                  |
 * | char, text                       | Dictionary<Utf8, Int32>  | Int32Array codes  | dictionary sorted by code point, no duplicates |
 * | date                             | DateDay                  | Int32Array        | days since 1970-01-01     |
 * | datetime                         | Float64 (+ field metadata sorrel.type=datetime) | Float64Array | ms since epoch, UTC |
 * | time                             | TimeMillisecond          | Int32Array        | ms since midnight         |
 *
 * Nulls are in the validity bitmap (bit set = valid); the value slot of a null is 0.
 */
export type StorageKind = 'f64' | 'i64' | 'bool' | 'dict' | 'i32';

/** A loaded dataset: its Arrow IPC bytes in shared memory plus what the main thread needs about it. */
export type DatasetInfo = {
  name: string;
  model: string;
  file: string;
  rows: number;
  bytes: number; // Arrow buffer bytes
  dataModified: string; // the catalog's data_modified, else the file's mtime when read; API timestamp format
  columns: Record<string, InternalType>;
  ipc: SharedArrayBuffer; // tableToIPC(table, 'file') bytes
  sha256: string; // of the IPC bytes: the table's part of the data version
};

/**
 * Identifies one dataset's table; the worker decodes `ipc` once per `key` and caches it.
 * `generation` grows with every snapshot a process builds: a worker keeps only the newest
 * generation's tables, so a reload releases the old ones (see workers/columns.ts).
 */
export type TableRef = { key: string; generation: number; ipc: SharedArrayBuffer };
