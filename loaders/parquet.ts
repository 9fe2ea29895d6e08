// Parquet loader: a large file's columns are read on two threads, a small one's here (loaders/columnar/parquet-*.ts).
import { stat } from 'node:fs/promises';
import type { Column, LoadOptions } from './core/column.ts';
import { checkReadable } from './core/source.ts';
import { readParquetColumns } from './columnar/parquet-read.ts';
import { loadParquetSplit } from './columnar/parquet-split.ts';
import { isSplitWorth } from './rows/split.ts';

/** Loads a Parquet file; source Arrow types map to internal types. */
export async function loadParquet(path: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  return isSplitWorth((await stat(path)).size) ? loadParquetSplit(path, opts) : readParquetColumns(path, opts);
}
