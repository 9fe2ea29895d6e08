// A table's sha256 computed on another thread while its bytes are copied into shared memory.
import { startLoaderWorker } from './worker.ts';

/**
 * What the worker (hash-worker.ts) hashes: the whole table's IPC file as `segments` (triples: part,
 * offset, length; part −1 for bytes of `inline`), reading each part as far as `progress` (one
 * BigInt64 cell per part: how many of its bytes are final, −1 once the copy is abandoned) allows.
 */
export type HashJob = {
  shared: SharedArrayBuffer[];
  progress: SharedArrayBuffer;
  segments: Float64Array;
  inline: SharedArrayBuffer;
};

/** The hashing of a table as its parts are written: `wrote(part, end)` once that part's bytes [0, end) are final. */
export type Hashing = { wrote(part: number, end: number): void; abandon(): void; result: Promise<string | null> };

/** Tables from this size are hashed on a thread of their own (a thread costs ~20 ms to start). */
export const HASH_THREAD_BYTES = 64 * 2 ** 20;

const MIN_REFERENCE = 4096;

/**
 * Starts a thread that hashes the table `whole` (its IPC file chunks, as toTableHash hashes them)
 * while this thread copies `lists` (each part's chunks) into `shared`. Why: hashing the table (0.27 s
 * for the 10M-row bench table, ~2.7 s at 100M) ran on the main thread after the copy, while the pool's
 * threads began profiling the columns, so it competed with them for the cores; during the copy the
 * second core is idle, and the hash follows the copy a slice behind. The whole file's column bodies
 * are the parts' own (the same arrays are written into both), so they are read from the parts as they
 * fill; its metadata and padding are copied here first. `result` is the hex sha256, or null when the
 * thread failed or the copy was abandoned (the caller then hashes on its own thread: the answer never
 * depends on which thread hashed).
 */
export function startHashing(
  shared: SharedArrayBuffer[],
  whole: readonly (Uint8Array | null)[],
  lists: readonly (readonly (Uint8Array | null)[])[],
): Hashing {
  const progress = new SharedArrayBuffer(8 * shared.length);
  const written = new BigInt64Array(progress);
  const job: HashJob = { shared, progress, ...toSegments(whole, lists) };
  const worker = startLoaderWorker(import.meta.url, 'hash-worker', job);
  const result = new Promise<string | null>((resolve) => {
    worker.once('message', (hex: string | null) => resolve(hex));
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
  const publish = (part: number, end: bigint) => {
    Atomics.store(written, part, end);
    Atomics.notify(written, part);
  };
  return {
    wrote: (part, end) => publish(part, BigInt(end)),
    abandon: () => {
      for (let p = 0; p < shared.length; p++) publish(p, -1n);
    },
    result,
  };
}

// Each chunk of the whole file as a range of the part that holds the same view (a column's buffer),
// or, when no part does (metadata, padding, a small buffer), as bytes copied into `inline`.
function toSegments(
  whole: readonly (Uint8Array | null)[],
  lists: readonly (readonly (Uint8Array | null)[])[],
): { segments: Float64Array; inline: SharedArrayBuffer } {
  const where = new Map<ArrayBufferLike, { offset: number; length: number; part: number; at: number }[]>();
  lists.forEach((chunks, part) => {
    let at = 0;
    for (const c of chunks) {
      if (c!.byteLength >= MIN_REFERENCE) {
        const list = where.get(c!.buffer) ?? [];
        list.push({ offset: c!.byteOffset, length: c!.byteLength, part, at });
        where.set(c!.buffer, list);
      }
      at += c!.byteLength;
    }
  });
  const segments = new Float64Array(3 * whole.length);
  const own: Uint8Array[] = [];
  let inlined = 0;
  whole.forEach((c, k) => {
    const hit = where.get(c!.buffer)?.find((e) => e.offset === c!.byteOffset && e.length === c!.byteLength);
    segments.set(hit ? [hit.part, hit.at, hit.length] : [-1, inlined, c!.byteLength], 3 * k);
    if (!hit) {
      own.push(c!);
      inlined += c!.byteLength;
    }
  });
  const inline = new SharedArrayBuffer(inlined);
  const bytes = new Uint8Array(inline);
  let at = 0;
  for (const c of own) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { segments, inline };
}
