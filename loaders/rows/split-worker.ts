// Worker thread of split.ts: builds its share of a delimited file's columns and sends them back without copies.
import { parentPort, workerData } from 'node:worker_threads';
import { readDelimited } from '../csv.ts';
import type { SplitAnswer, SplitJob } from './split.ts';
import { loadRows } from './to-columns.ts';

const { path, delimiter, opts, columns: picked } = workerData as SplitJob;
const mine = new Set(picked);
try {
  const columns = await loadRows(readDelimited(path, delimiter), path, opts, (i) => mine.has(i));
  // Each column's storage moves to the main thread (its buffer, not a copy); dictionaries are cloned.
  const moved = new Set<ArrayBuffer>();
  for (const c of columns) {
    moved.add(c.values.buffer as ArrayBuffer);
    if (c.validity) moved.add(c.validity.buffer as ArrayBuffer);
  }
  parentPort!.postMessage({ columns } satisfies SplitAnswer, [...moved]);
} catch (err) {
  parentPort!.postMessage({ error: (err as Error).message } satisfies SplitAnswer);
}
