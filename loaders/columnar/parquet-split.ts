// A large Parquet file loaded on two threads: each decodes its share of the other columns, and both share the string columns' row groups.
import * as arrow from 'apache-arrow';
import type { Column, LoadOptions } from '../core/column.ts';
import { checkColumns } from '../core/normalize.ts';
import { freeBuffer } from '../core/release.ts';
import { toSides } from '../rows/split.ts';
import { startLoaderWorker } from '../core/worker.ts';
import { createClaims, readClaimedStrings, stopClaims } from './parquet-claims.ts';
import { openParquet, readParquetColumns } from './parquet-read.ts';
import { mergeStringPieces } from './string-merge.ts';

/** What the worker (parquet-split-worker.ts) is asked to read, and what it answers. */
export type ParquetSplitJob = {
  path: string;
  opts: LoadOptions;
  /** The columns it reads whole. */
  columns: string[];
  /** The string columns whose row groups it claims (parquet-claims.ts), and the rows of each row group. */
  strings: string[];
  groupRows: number[];
  claims: SharedArrayBuffer;
};
export type ParquetSplitAnswer = { columns: Column[]; pieces: (Column | null)[] } | { error: string };

/**
 * Reads a Parquet file on this thread and a worker thread, then puts the columns back in file order.
 * Why: decoding (parquet-wasm) and converting, interning strings above all, ran on the main thread
 * alone, the largest part of a cold start, while the pool's threads waited for the table. The
 * string columns (without an override) are read by row group, each thread claiming the next one
 * when it is free (parquet-claims.ts), and their two pieces merged (string-merge.ts): on the bench's
 * wide file, `name` (50,000 values, one hash lookup a row) cost more than the six number columns
 * together, so giving it whole to one thread left that thread last (at 10M rows the main thread
 * ended ~0.7 s after the worker; at 100M it was the cold start's critical path). The other columns
 * are read whole, shared by count (`toSides`) before both threads turn to the strings. A column comes
 * out as the normaliser makes it of a one-thread load. Any failure on either side is left to one
 * plain load of all the columns, so the error is the one it gives. `tell` learns which way the
 * columns were made.
 */
export async function loadParquetSplit(
  path: string,
  opts: LoadOptions,
  tell: (how: 'two threads' | 'one thread') => void = () => {},
): Promise<Column[]> {
  // Started first, so that its boot (~0.3 s: modules, compiling parquet-wasm) overlaps this thread's
  // reading of the file's layout; it waits for its job.
  const worker = startLoaderWorker(import.meta.url, 'parquet-split-worker', null);
  const theirs = new Promise<Extract<ParquetSplitAnswer, { columns: Column[] }> | null>((resolve) => {
    worker.once('message', (a: ParquetSplitAnswer) => resolve('columns' in a ? a : null));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  const alone = async () => {
    await worker.terminate();
    tell('one thread');
    return readParquetColumns(path, opts);
  };
  const layout = await readLayout(path);
  if (!layout) return alone();
  const { fields, groupRows } = layout;
  const names = fields.map((f) => f.name);
  try {
    checkColumns(names, path, opts.columns);
  } catch {
    return alone(); // a duplicate or empty name, an override of no column: the plain load says which
  }
  // An overridden string column is read whole, so the override sees the column a one-thread load makes.
  const strings = fields.filter((f) => isString(f.type) && !opts.columns?.[f.name]).map((f) => f.name);
  const whole = names.filter((n) => !strings.includes(n));
  if (whole.length + Math.min(strings.length ? groupRows.length : 0, 2) < 2) return alone(); // nothing to share
  const [here, there] = toSides(whole.map(() => 1)).map((side) => side.map((i) => whole[i]));
  const only = (side: string[]) =>
    Object.fromEntries(Object.entries(opts.columns ?? {}).filter(([c]) => side.includes(c)));
  const claims = createClaims(groupRows.length);
  // A function cannot cross to the worker; the rows read are told from this thread's reading.
  const { onRows, ...plain } = opts;
  worker.postMessage({
    path,
    opts: { ...plain, columns: only(there) },
    columns: there,
    strings,
    groupRows,
    claims: claims.next.buffer as SharedArrayBuffer,
  } satisfies ParquetSplitJob);
  let ours: Column[] | null = null;
  let pieces: (Column | null)[] = [];
  try {
    // With strings to share, progress is told from the claims (both threads' rows), else from this read.
    ours = here.length
      ? await readParquetColumns(
          path,
          { ...plain, columns: only(here), onRows: strings.length ? undefined : onRows },
          here,
        )
      : [];
    if (strings.length) pieces = await readClaimedStrings(path, strings, groupRows, claims, 0, onRows);
  } catch {
    stopClaims(claims);
    ours = null; // the plain load below throws the message a one-thread load gives
  }
  const others = ours ? await theirs : null;
  // Awaited, as loaders/rows/split.ts does: until the thread has exited, the buffers it transferred
  // here are not given back when the columns are dropped after their copy into shared memory.
  await worker.terminate();
  if (!ours || !others) return alone();
  const byName = new Map([...ours, ...others.columns].map((c) => [c.name, c]));
  try {
    strings.forEach((name, i) => {
      const column = mergeStringPieces(name, [pieces[i] ?? null, others.pieces[i] ?? null], claims.owner, groupRows);
      byName.set(name, column);
      // The worker's codes are copied into this thread's: free them now rather than at the next collection.
      const spent = others.pieces[i]?.values;
      if (spent && spent !== column.values) freeBuffer(spent.buffer as ArrayBuffer);
    });
  } catch {
    return alone();
  }
  if (byName.size !== names.length || !names.every((n) => byName.has(n))) return alone();
  tell('two threads');
  onRows?.(groupRows.reduce((n, r) => n + r, 0));
  return names.map((n) => byName.get(n)!);
}

// The file's columns (names and Arrow types) from its schema and the rows of each row group, nothing decoded; null when unreadable.
async function readLayout(path: string): Promise<{ fields: arrow.Field[]; groupRows: number[] } | null> {
  try {
    const { parquet, close } = await openParquet(path);
    try {
      const fields = arrow.tableFromIPC(parquet.schema().intoIPCStream()).schema.fields;
      const groupRows = parquet
        .metadata()
        .rowGroups()
        .map((g) => g.numRows());
      return { fields, groupRows };
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
