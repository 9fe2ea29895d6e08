// A table's sha256 computed on another thread while its bytes are copied into shared memory.
import { startLoaderWorker } from './worker.ts';

/** What the worker (hash-worker.ts) hashes: `shared`, up to the byte count in `progress` (a BigInt64 cell). */
export type HashJob = { shared: SharedArrayBuffer; progress: SharedArrayBuffer };

/** The hashing of one buffer as it is written: `wrote(end)` once bytes [0, end) are final. */
export type Hashing = { wrote(end: number): void; abandon(): void; result: Promise<string | null> };

/** Buffers from this size are hashed on a thread of their own (a thread costs ~20 ms to start). */
export const HASH_THREAD_BYTES = 64 * 2 ** 20;

/**
 * Starts a thread that hashes `shared` while this thread fills it from the start. Why: hashing the
 * table (0.27 s for the 10M-row bench table, ~2.7 s at 100M) ran on the main thread after the copy,
 * while the pool's threads began profiling the columns, so it competed with them for the cores;
 * during the copy the second core is idle, and the hash follows the copy a slice behind. `result`
 * is the hex sha256, or null when the thread failed or the copy was abandoned (the caller then
 * hashes on its own thread: the answer never depends on which thread hashed).
 */
export function startHashing(shared: SharedArrayBuffer): Hashing {
  const progress = new SharedArrayBuffer(8);
  const written = new BigInt64Array(progress);
  const worker = startLoaderWorker(import.meta.url, 'hash-worker', { shared, progress } satisfies HashJob);
  const result = new Promise<string | null>((resolve) => {
    worker.once('message', (hex: string | null) => resolve(hex));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  const publish = (end: bigint) => {
    Atomics.store(written, 0, end);
    Atomics.notify(written, 0);
  };
  return { wrote: (end) => publish(BigInt(end)), abandon: () => publish(-1n), result };
}
