// Parquet loader: parquet-wasm decodes the file to Arrow, which maps to columns like an IPC file.
import * as arrow from 'apache-arrow';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { readParquet, wasmMemory } from 'parquet-wasm';
import type { Column, LoadOptions } from './column.ts';
import { LoadError } from './errors.ts';
import { readFfiTable } from './ffi.ts';
import { checkColumns } from './normalize.ts';
import { checkReadable } from './source.ts';
import { columnsOfTable } from './vectors.ts';

// parquet-wasm's default batch is 1024 rows: a 3M-row file becomes ~3000 batches and reads ~3x slower.
const BATCH_ROWS = 1 << 24;

/** Loads a Parquet file; source Arrow types map to internal types. */
export async function loadParquet(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  const bytes = await readFile(path);
  let wasmTable: ReturnType<typeof readParquet>;
  try {
    // The Node build of parquet-wasm instantiates its WebAssembly synchronously on import: no init call.
    wasmTable = readParquet(bytes, { batchSize: BATCH_ROWS });
  } catch (err) {
    throw new LoadError(`${basename(path)} is not a readable Parquet file (${errorText(err)}). Check that it is Parquet and not truncated.`);
  }
  // Read the decoded batches in place through the C Data Interface (no IPC round trip), copying
  // each column out before wasm runs again; fall back to IPC for a type the FFI reader lacks.
  let consumed = false;
  try {
    const ffi = wasmTable.toFFI();
    try {
      const table = readFfiTable(wasmMemory(), ffi.arrayAddrs(), ffi.schemaAddr());
      if (table) return toColumns(table, path, opts);
    } finally {
      ffi.free();
    }
    consumed = true;
    return toColumns(arrow.tableFromIPC(wasmTable.intoIPCStream()), path, opts);
  } finally {
    if (!consumed) wasmTable.free();
  }
}

function toColumns(table: arrow.Table, path: string, opts: LoadOptions): Column[] {
  if (table.schema.fields.length === 0) throw new LoadError(`${basename(path)} has no columns. Write at least one column.`);
  checkColumns(table.schema.fields.map((f) => f.name), path, opts.columns);
  return columnsOfTable(table, path, opts);
}

// parquet-wasm throws plain strings, not Error objects.
function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
