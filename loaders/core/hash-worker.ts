// Worker thread of hash.ts: the sha256 of a table's IPC file, hashed from its parts as the main thread writes them.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { HashJob } from './hash.ts';

const { shared, progress, segments, inline } = workerData as HashJob;
const written = new BigInt64Array(progress);
const parts = shared.map((s) => new Uint8Array(s));
const own = new Uint8Array(inline);
const hash = createHash('sha256');
parentPort!.postMessage(hashAll() ? hash.digest('hex') : null);

// False when the copy was abandoned.
function hashAll(): boolean {
  for (let k = 0; k < segments.length; k += 3) {
    const part = segments[k],
      from = segments[k + 1],
      end = from + segments[k + 2];
    if (part < 0) {
      hash.update(own.subarray(from, end));
      continue;
    }
    for (let at = from; at < end; ) {
      let ready = Number(Atomics.load(written, part));
      while (ready >= 0 && ready <= at) {
        Atomics.wait(written, part, BigInt(ready)); // returns at once when more is written already
        ready = Number(Atomics.load(written, part));
      }
      if (ready < 0) return false;
      const upto = Math.min(ready, end);
      hash.update(parts[part].subarray(at, upto));
      at = upto;
    }
  }
  return true;
}
