// Worker thread of parquet-split.ts: reads its share of a Parquet file's columns and sends them back without copies.
import { parentPort, workerData } from 'node:worker_threads';
import type { ParquetSplitAnswer, ParquetSplitJob } from './parquet-split.ts';
import { readParquetColumns } from './parquet-read.ts';

const { path, opts, columns: picked } = workerData as ParquetSplitJob;
try {
  const columns = await readParquetColumns(path, opts, picked);
  // Each column's storage moves to the main thread (its buffer, not a copy); dictionaries are cloned.
  const moved = new Set<ArrayBuffer>();
  for (const c of columns) {
    moved.add(c.values.buffer as ArrayBuffer);
    if (c.validity) moved.add(c.validity.buffer as ArrayBuffer);
  }
  parentPort!.postMessage({ columns } satisfies ParquetSplitAnswer, [...moved]);
} catch (err) {
  parentPort!.postMessage({ error: (err as Error).message } satisfies ParquetSplitAnswer);
}
