// Worker thread of parquet-split.ts: reads its share of a Parquet file's columns, then claims string row groups, and sends all back without copies.
import { once } from 'node:events';
import { parentPort } from 'node:worker_threads';
import type { Column } from '../core/column.ts';
import type { ParquetSplitAnswer, ParquetSplitJob } from './parquet-split.ts';
import { readClaimedStrings, stopClaims, toClaims } from './parquet-claims.ts';
import { readParquetColumns } from './parquet-read.ts';

// The job comes as a message: the thread is started before the main thread has read the file's
// layout, and compiles parquet-wasm while it waits (openParquet imports it on first use).
void import('parquet-wasm');
const [job] = (await once(parentPort!, 'message')) as [ParquetSplitJob];
const { path, opts, columns: picked, strings, groupRows, claims: buffer } = job;
const claims = toClaims(buffer);
try {
  const columns = picked.length ? await readParquetColumns(path, opts, picked) : [];
  const pieces = strings.length ? await readClaimedStrings(path, strings, groupRows, claims, 1) : [];
  // Each column's storage moves to the main thread (its buffer, not a copy); dictionaries are cloned.
  const moved = new Set<ArrayBuffer>();
  for (const c of [...columns, ...pieces].filter((c): c is Column => c !== null)) {
    moved.add(c.values.buffer as ArrayBuffer);
    if (c.validity) moved.add(c.validity.buffer as ArrayBuffer);
  }
  parentPort!.postMessage({ columns, pieces } satisfies ParquetSplitAnswer, [...moved]);
} catch (err) {
  stopClaims(claims);
  parentPort!.postMessage({ error: (err as Error).message } satisfies ParquetSplitAnswer);
}
