// Worker thread of hash.ts: the sha256 of a shared buffer, hashed as the main thread writes it.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { HashJob } from './hash.ts';

const { shared, progress } = workerData as HashJob;
const written = new BigInt64Array(progress);
const bytes = new Uint8Array(shared);
const hash = createHash('sha256');
let done = 0;
while (done < bytes.length) {
  Atomics.wait(written, 0, BigInt(done)); // returns at once when more is written already
  const end = Number(Atomics.load(written, 0));
  if (end < 0) break; // the copy was abandoned
  hash.update(bytes.subarray(done, end));
  done = end;
}
parentPort!.postMessage(done === bytes.length ? hash.digest('hex') : null);
