// Parquet loader: parquet-wasm decodes one row group at a time, read out through the Arrow C Data Interface.
import * as arrow from 'apache-arrow';
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { ChunkConverter } from './columnar/chunks.ts';
import type { Column, LoadOptions } from './core/column.ts';
import { LoadError } from './core/errors.ts';
import type { FfiColumns } from './columnar/ffi.ts';
import { readFfiColumns } from './columnar/ffi.ts';
import { checkColumns } from './core/normalize.ts';
import { checkReadable } from './core/source.ts';
import { createConverters, finishConverters } from './columnar/to-columns.ts';

// parquet-wasm's default batch is 1024 rows, which makes a 3M-row file ~3000 batches and ~3x slower to
// read; but the reader preallocates for the whole batch size, so ask for exactly one row group's rows.
const MIN_BATCH_ROWS = 1024;

type ParquetWasm = typeof import('parquet-wasm');
type ParquetFile = import('parquet-wasm').ParquetFile;
type WasmTable = import('parquet-wasm').Table;

/**
 * Loads a Parquet file; source Arrow types map to internal types.
 *
 * WebAssembly memory only grows, so what enters it stays reserved for the life of the process. The
 * file is a file-backed Blob (never read whole into JS or wasm memory); ParquetFile's reader fetches
 * one row group's column chunks at a time, and each decoded row group is converted straight from
 * wasm memory through the C Data Interface (no IPC round trip, no copy) into the output columns, and
 * freed, so wasm memory stays near one row group. The synchronous `readParquet` would copy the whole
 * file into wasm on every call: on the 10M-row bench file (81 row groups) that was 2.2x the decoding
 * CPU and 150 MiB more wasm memory.
 */
export async function loadParquet(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  const file = basename(path);
  // Imported on first use: the Node build compiles its WebAssembly on import (~50 ms), no init call.
  const wasm = await import('parquet-wasm');
  let parquet: ParquetFile;
  let groupRows: number[];
  try {
    parquet = await wasm.ParquetFile.fromFile(await openAsBlob(path));
    groupRows = parquet
      .metadata()
      .rowGroups()
      .map((g) => g.numRows());
  } catch (err) {
    throw new LoadError(
      `${file} is not a readable Parquet file (${errorText(err)}). Check that it is Parquet and not truncated.`,
    );
  }
  try {
    const converters: ChunkConverter[] = [];
    let fields: arrow.Field[] | null = null;
    const rows = groupRows.reduce((n, r) => n + r, 0);
    let read = 0;
    for (let g = 0; g < Math.max(groupRows.length, 1); g++) {
      const table = await readRowGroup(parquet, groupRows.length ? [g] : [], groupRows[g] ?? 0, file);
      useRowGroup(wasm, table, (group) => {
        if (!fields) {
          fields = group.fields;
          if (fields.length === 0) throw new LoadError(`${file} has no columns. Write at least one column.`);
          checkColumns(
            fields.map((f) => f.name),
            path,
            opts.columns,
          );
          converters.push(...createConverters(fields, rows, path, opts));
        }
        converters.forEach((c, i) => {
          for (const d of group.chunks[i]) c.add(d);
        });
      });
      read += groupRows[g] ?? 0;
      opts.onRows?.(read);
    }
    return finishConverters(converters, fields!, path, opts);
  } finally {
    parquet.free();
  }
}

// Decodes the given row groups (all of them in one batch) into wasm memory.
async function readRowGroup(parquet: ParquetFile, rowGroups: number[], rows: number, file: string): Promise<WasmTable> {
  try {
    return await parquet.read({ rowGroups, batchSize: Math.max(rows, MIN_BATCH_ROWS) });
  } catch (err) {
    throw new LoadError(
      `${file} could not be decoded (${errorText(err)}). Check that the file is complete and uses a supported encoding.`,
    );
  }
}

// Hands a decoded row group's columns to `use` while they are still views into wasm memory (so
// synchronously: nothing may run wasm in between), then frees it.
function useRowGroup(wasm: ParquetWasm, table: WasmTable, use: (group: FfiColumns) => void): void {
  let consumed = false;
  try {
    const ffi = table.toFFI();
    try {
      const columns = readFfiColumns(wasm.wasmMemory(), ffi.arrayAddrs(), ffi.schemaAddr(), false);
      if (columns) {
        use(columns);
        return;
      }
    } finally {
      ffi.free();
    }
    // A type the FFI reader does not know: let apache-arrow read the IPC stream instead.
    consumed = true;
    const ipc = arrow.tableFromIPC(table.intoIPCStream());
    use({
      fields: ipc.schema.fields,
      chunks: ipc.schema.fields.map((_, i) => ipc.getChildAt(i)!.data),
      rows: ipc.numRows,
    });
  } finally {
    if (!consumed) table.free();
  }
}

// parquet-wasm throws Errors, but a wasm trap or a panic can surface as another value.
function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
