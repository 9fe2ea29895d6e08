// A large delimited file loaded on two threads: each reads the whole file and builds every other column.
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Column, LoadOptions } from '../core/column.ts';
import { startLoaderWorker } from '../core/worker.ts';
import { cellText } from './builder.ts';
import { createByteTokens, tokenize } from './delimited-bytes.ts';
import { loadRows, type RowReader } from './to-columns.ts';

/** Files from this size are split across two threads: a thread and its modules cost 0.3-0.4 s, the 35 MB 1M-row bench CSV loaded slower split (0.52-0.74 s against 0.30-0.51), the 350 MB one faster. */
export const SPLIT_MIN_BYTES = 128 * 1024 * 1024;

/** What the worker (split-worker.ts) is asked to load, and what it answers. */
export type SplitJob = { path: string; delimiter: string; opts: LoadOptions; columns: number[] };
export type SplitAnswer = { columns: Column[] } | { error: string };

/**
 * Loads some columns here and the others in a worker thread, both from the same bytes with the same
 * tokenizer, then puts them back in file order. Measured on the 10M-row bench CSV (6 columns):
 * tokenizing is 0.9 s of the loader's 4.0 s CPU and each column's classifying or interning the rest
 * (0.2-0.4 s a numeric or low-cardinality column, 1.5 s the 100k-distinct `name`), so two threads
 * that each tokenize everything still cut the wall time when the columns are shared by cost (see
 * toSides), and a column comes out exactly as a one-thread load makes it (inference is per column).
 * Splitting rows instead would need a merge of dictionaries and inferred types and a guess at where
 * a quoted line ends. Any failure on either side (a malformed file, a value an override cannot
 * convert) is left to one plain load of all the columns, so the error is the one it gives.
 * `tell` learns which way the columns were made.
 */
export async function loadSplit(
  read: RowReader,
  path: string,
  delimiter: string,
  opts: LoadOptions,
  tell: (how: 'two threads' | 'one thread') => void = () => {},
): Promise<Column[]> {
  const costs = await sampleCosts(path, delimiter);
  const alone = () => {
    tell('one thread');
    return loadRows(read, path, opts);
  };
  if (!costs || costs.length < 2) return alone();
  const [here, there] = toSides(costs);
  // A function cannot cross to the worker; the rows read are told from this thread's reading.
  const { onRows: _, ...plain } = opts;
  const worker = startWorker({ path, delimiter, opts: plain, columns: there });
  const theirs = new Promise<Column[] | null>((resolve) => {
    worker.once('message', (a: SplitAnswer) => resolve('columns' in a ? a.columns : null));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  const mine = new Set(here);
  let ours: Column[] | null = null;
  try {
    ours = await loadRows(read, path, opts, (i) => mine.has(i));
  } catch {
    // The plain load below throws the message a one-thread load gives.
  }
  const others = ours ? await theirs : null;
  // Awaited: until the thread has exited, the buffers it transferred here are not given back when the
  // columns are dropped, so the copy into shared memory (loaders/core/ipc.ts) would hold the table twice
  // (the 100M-row bench CSV peaked at 2.4× its Arrow bytes; measured in bench/README.md, issue 19).
  await worker.terminate();
  if (!ours || !others || ours.length + others.length !== costs.length) return alone();
  tell('two threads');
  const columns: Column[] = new Array(costs.length);
  for (let k = 0; k < here.length; k++) columns[here[k]] = ours[k];
  for (let k = 0; k < there.length; k++) columns[there[k]] = others[k];
  return columns;
}

/**
 * Each column's estimated cost from the file's first MiB: 1 for a column of plain numbers, else 1
 * plus 4 times its share of distinct values (interning many distinct strings is what costs: the
 * 100k-distinct `name` of the bench CSV took 5 times a numeric column). Null when the sample has
 * no complete record after the header, or breaks a rule (the load then runs on one thread).
 */
export async function sampleCosts(path: string, delimiter: string): Promise<number[] | null> {
  const handle = await open(path);
  let b: Buffer;
  try {
    b = Buffer.allocUnsafe(Math.min(SAMPLE_BYTES, (await handle.stat()).size));
    b = b.subarray(0, (await handle.read(b, 0, b.length, 0)).bytesRead);
  } finally {
    await handle.close();
  }
  const t = createByteTokens(delimiter);
  t.newline = b.includes(10) || !b.includes(13) ? 10 : 13;
  const end = b.lastIndexOf(t.newline) + 1;
  const bom = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  tokenize(t, b, bom, end, false);
  const block = t.block;
  if (!t.header || t.malformed || block.rows === 0) return null;
  return t.header.map((_, c) => {
    const distinct = new Set<string>();
    let numeric = true;
    for (let r = 0; r < block.rows; r++) {
      const s = cellText(block, r, c);
      if (s === '') continue;
      distinct.add(s);
      numeric &&= PLAIN_NUMBER.test(s);
    }
    return numeric ? 1 : 1 + (4 * distinct.size) / block.rows;
  });
}

/** Columns in two sides of about equal cost: the costliest first, each to the cheaper side so far. */
export function toSides(costs: readonly number[]): [number[], number[]] {
  const sides: [number[], number[]] = [[], []];
  const totals = [0, 0];
  const order = costs.map((_, i) => i).sort((a, b) => costs[b] - costs[a] || a - b);
  for (const c of order) {
    const side = totals[0] <= totals[1] ? 0 : 1;
    sides[side].push(c);
    totals[side] += costs[c];
  }
  for (const side of sides) side.sort((a, b) => a - b);
  return sides;
}

const SAMPLE_BYTES = 1 << 20;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Whether a file of `bytes` is worth two threads on this machine. */
export function isSplitWorth(bytes: number): boolean {
  return bytes >= SPLIT_MIN_BYTES && availableParallelism() > 1;
}

function startWorker(job: SplitJob): Worker {
  return startLoaderWorker(import.meta.url, 'split-worker', job);
}
