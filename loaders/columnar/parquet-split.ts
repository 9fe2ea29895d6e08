// A large Parquet file loaded on two threads: each decodes its share of the columns (as loaders/rows/split.ts does for delimited files).
import * as arrow from 'apache-arrow';
import type { Column, LoadOptions } from '../core/column.ts';
import { checkColumns } from '../core/normalize.ts';
import { toSides } from '../rows/split.ts';
import { startLoaderWorker } from '../core/worker.ts';
import { openParquet, readParquetColumns } from './parquet-read.ts';

/** What the worker (parquet-split-worker.ts) is asked to read, and what it answers. */
export type ParquetSplitJob = { path: string; opts: LoadOptions; columns: string[] };
export type ParquetSplitAnswer = { columns: Column[] } | { error: string };

/**
 * Reads some columns here and the others in a worker thread, each decoding only its own column
 * chunks, then puts them back in file order. Why: the decoding (parquet-wasm) and the converting
 * (interning strings above all) ran on the main thread alone, the largest part of a cold start
 * (10M-row bench file: ~1.6 s of CPU, the 50M one ~20 s), while the pool's threads waited for
 * the table. A column comes out as a one-thread load makes it (conversion is per column). Any
 * failure on either side is left to one plain load of all the columns, so the error is the one it
 * gives. Costs: a string column 8 (decoding and interning every row), any other 1: on the 10M-row
 * bench file `name` (50,000 values) took ~0.9 s of CPU beyond a thread's fixed ~0.5 s (importing and
 * tiering up parquet-wasm), a number column ~0.1 s, and with a cost of 4 the main thread took `name`
 * and `grade` and finished last. `tell` learns which way the columns were made.
 */
export async function loadParquetSplit(
  path: string,
  opts: LoadOptions,
  tell: (how: 'two threads' | 'one thread') => void = () => {},
): Promise<Column[]> {
  const alone = () => {
    tell('one thread');
    return readParquetColumns(path, opts);
  };
  const fields = await readFields(path);
  if (!fields || fields.length < 2) return alone();
  const names = fields.map((f) => f.name);
  try {
    checkColumns(names, path, opts.columns);
  } catch {
    return alone(); // a duplicate or empty name, an override of no column: the plain load says which
  }
  const [here, there] = toSides(fields.map((f) => (isString(f.type) ? 8 : 1))).map((side) => side.map((i) => names[i]));
  const only = (side: string[]) =>
    Object.fromEntries(Object.entries(opts.columns ?? {}).filter(([c]) => side.includes(c)));
  // A function cannot cross to the worker; the rows read are told from this thread's reading.
  const { onRows: _, ...plain } = opts;
  const worker = startLoaderWorker(import.meta.url, 'parquet-split-worker', {
    path,
    opts: { ...plain, columns: only(there) },
    columns: there,
  } satisfies ParquetSplitJob);
  const theirs = new Promise<Column[] | null>((resolve) => {
    worker.once('message', (a: ParquetSplitAnswer) => resolve('columns' in a ? a.columns : null));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  let ours: Column[] | null = null;
  try {
    ours = await readParquetColumns(path, { ...opts, columns: only(here) }, here);
  } catch {
    // The plain load below throws the message a one-thread load gives.
  }
  const others = ours ? await theirs : null;
  // Awaited, as loaders/rows/split.ts does: until the thread has exited, the buffers it transferred
  // here are not given back when the columns are dropped after their copy into shared memory.
  await worker.terminate();
  if (!ours || !others) return alone();
  const byName = new Map([...ours, ...others].map((c) => [c.name, c]));
  if (byName.size !== names.length || !names.every((n) => byName.has(n))) return alone();
  tell('two threads');
  return names.map((n) => byName.get(n)!);
}

// The file's columns (names and Arrow types) from its schema, nothing decoded; null when unreadable.
async function readFields(path: string): Promise<arrow.Field[] | null> {
  try {
    const { parquet, close } = await openParquet(path);
    try {
      return arrow.tableFromIPC(parquet.schema().intoIPCStream()).schema.fields;
    } finally {
      await close();
    }
  } catch {
    return null;
  }
}

function isString(t: arrow.DataType): boolean {
  const text = (x: arrow.DataType) => arrow.DataType.isUtf8(x) || arrow.DataType.isLargeUtf8(x);
  return text(t) || (arrow.DataType.isDictionary(t) && text(t.dictionary));
}
