// Reading a Parquet file's columns (all, or some): parquet-wasm decodes one row group at a time, read out through the Arrow C Data Interface.
import * as arrow from 'apache-arrow';
import { basename } from 'node:path';
import type { ChunkConverter } from './chunks.ts';
import type { Column, LoadOptions } from '../core/column.ts';
import { LoadError } from '../core/errors.ts';
import type { FfiColumns } from './ffi.ts';
import { openByteRange } from './file-range.ts';
import { readFfiColumns } from './ffi.ts';
import { checkColumns } from '../core/normalize.ts';
import { createConverters, finishConverters } from './to-columns.ts';

// parquet-wasm's default batch is 1024 rows, which makes a 3M-row file ~3000 batches and ~3x slower to
// read; but the reader preallocates for the whole batch size, so ask for exactly one row group's rows.
const MIN_BATCH_ROWS = 1024;

export type ParquetWasm = typeof import('parquet-wasm');
export type ParquetFile = import('parquet-wasm').ParquetFile;
type WasmTable = import('parquet-wasm').Table;

/**
 * Reads a Parquet file's columns (only those named in `pick`, in file order, when given); source
 * Arrow types map to internal types.
 *
 * WebAssembly memory only grows, so what enters it stays reserved for the life of the process. The
 * file is a file-backed Blob (never read whole into JS or wasm memory); ParquetFile's reader fetches
 * one row group's column chunks at a time, and each decoded row group is converted straight from
 * wasm memory through the C Data Interface (no IPC round trip, no copy) into the output columns, and
 * freed, so wasm memory stays near one row group. The synchronous `readParquet` would copy the whole
 * file into wasm on every call: on the 10M-row bench file (81 row groups) that was 2.2x the decoding
 * CPU and 150 MiB more wasm memory.
 */
export async function readParquetColumns(path: string, opts: LoadOptions, pick?: string[]): Promise<Column[]> {
  const file = basename(path);
  const { wasm, parquet, close } = await openParquet(path);
  try {
    const groupRows = parquet
      .metadata()
      .rowGroups()
      .map((g) => g.numRows());
    const converters: ChunkConverter[] = [];
    let fields: arrow.Field[] | null = null;
    const rows = groupRows.reduce((n, r) => n + r, 0);
    let read = 0;
    for (let g = 0; g < Math.max(groupRows.length, 1); g++) {
      const table = await readRowGroup(parquet, groupRows.length ? [g] : [], groupRows[g] ?? 0, file, pick);
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
    await close();
  }
}

/**
 * The file opened for reading (its metadata read, nothing decoded yet). The caller calls `close`,
 * which frees `parquet` and closes the file. Throws LoadError for a file that is not Parquet.
 */
export async function openParquet(
  path: string,
): Promise<{ wasm: ParquetWasm; parquet: ParquetFile; close(): Promise<void> }> {
  // Imported on first use: the Node build compiles its WebAssembly on import (~50 ms), no init call.
  const wasm = await import('parquet-wasm');
  let range: Awaited<ReturnType<typeof openByteRange>> | null = null;
  try {
    range = await openByteRange(path);
    // ParquetFile takes a Blob and uses only its size, slice and arrayBuffer, which a ByteRange has.
    const parquet = await wasm.ParquetFile.fromFile(range.file as unknown as Blob);
    try {
      parquet.metadata();
    } catch (err) {
      parquet.free();
      throw err;
    }
    return {
      wasm,
      parquet,
      close: async () => {
        parquet.free();
        await range?.close();
      },
    };
  } catch (err) {
    await range?.close();
    throw new LoadError(
      `${basename(path)} is not a readable Parquet file (${errorText(err)}). Check that it is Parquet and not truncated.`,
    );
  }
}

/** Decodes the given row groups (all of them in one batch; the columns in `pick`, else all) into wasm memory. */
export async function readRowGroup(
  parquet: ParquetFile,
  rowGroups: number[],
  rows: number,
  file: string,
  pick?: string[],
): Promise<WasmTable> {
  try {
    const batchSize = Math.max(rows, MIN_BATCH_ROWS);
    return await parquet.read(pick ? { rowGroups, batchSize, columns: pick } : { rowGroups, batchSize });
  } catch (err) {
    throw new LoadError(
      `${file} could not be decoded (${errorText(err)}). Check that the file is complete and uses a supported encoding.`,
    );
  }
}

/**
 * Hands a decoded row group's columns to `use` while they are still views into wasm memory (so
 * synchronously: nothing may run wasm in between), then frees it.
 */
export function useRowGroup(wasm: ParquetWasm, table: WasmTable, use: (group: FfiColumns) => void): void {
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
