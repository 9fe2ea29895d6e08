// Arrow IPC loader (.arrow, .feather, .ipc): file or stream format, any number of record batches.
import * as arrow from 'apache-arrow';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Column, LoadOptions } from './core/column.ts';
import { LoadError } from './core/errors.ts';
import { checkColumns } from './core/normalize.ts';
import { checkReadable } from './core/source.ts';
import { columnsOfTable } from './columnar/to-columns.ts';

/** Loads an Arrow IPC file or stream; source Arrow types map to internal types. */
export async function loadArrow(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  const bytes = await readFile(path);
  let table: arrow.Table;
  try {
    table = arrow.tableFromIPC(bytes);
  } catch (err) {
    throw new LoadError(
      `${basename(path)} is not a readable Arrow IPC file or stream (${(err as Error).message}). Write it as Arrow IPC (Feather v2), uncompressed.`,
    );
  }
  if (table.schema.fields.length === 0)
    throw new LoadError(`${basename(path)} has no columns. Write at least one column.`);
  checkColumns(
    table.schema.fields.map((f) => f.name),
    path,
    opts.columns,
  );
  return columnsOfTable(table, path, opts);
}
