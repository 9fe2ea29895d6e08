// Hashing a snapshot file's blocks on threads of their own while the file is read (file-read.ts).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { hashBlock } from './format.ts';

/** BLAKE3s of blocks of shared memory (hashBlock), computed off the main thread; `close` ends the threads. */
export type BlockHasher = {
  hash(buffer: SharedArrayBuffer, from: number, to: number): Promise<Uint8Array>;
  close(): Promise<void>;
};

// The thread needs only the BLAKE3 binding, so it is plain JS evaluated in place: no module file to
// find from source (tsx) or from dist/, and a thread boots in a few milliseconds. It requires the
// binding by the path this installation resolves (an eval'd thread would resolve from the working
// directory). A block is a view of the SharedArrayBuffer the file was read into: nothing is copied.
const BINDING = createRequire(import.meta.url).resolve('@napi-rs/blake-hash');
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { blake3 } = require(workerData);
parentPort.on('message', ({ id, buffer, from, to }) => {
  parentPort.postMessage({ id, digest: blake3(new Uint8Array(buffer, from, to - from)) });
});
`;

/**
 * `threads` hashing threads, each block given to the one with the fewest bytes waiting; with 0
 * threads the blocks are hashed on this thread (small files, where starting threads costs more).
 *
 * Why threads: one hash of a 5.5 GB file on the main thread (format 2's sha256, ~1.7 GB/s) set the
 * pace of a start from it. Blocks verified on every core while the next ones are read bring it to
 * the pace of the reads.
 */
export function startBlockHasher(threads: number): BlockHasher {
  if (threads <= 0)
    return {
      hash: async (buffer, from, to) => hashBlock(new Uint8Array(buffer, from, to - from)),
      close: async () => {},
    };
  const waiting = new Map<number, { resolve: (d: Uint8Array) => void; reject: (e: Error) => void; lane: Lane }>();
  type Lane = { worker: Worker; bytes: number; sizes: Map<number, number> };
  const fail = (lane: Lane, err: Error) => {
    for (const [id, w] of waiting) {
      if (w.lane !== lane) continue;
      waiting.delete(id);
      w.reject(err);
    }
  };
  const lanes: Lane[] = Array.from({ length: threads }, () => {
    const lane: Lane = { worker: new Worker(THREAD, { eval: true, workerData: BINDING }), bytes: 0, sizes: new Map() };
    lane.worker.on('message', ({ id, digest }: { id: number; digest: Uint8Array }) => {
      const w = waiting.get(id);
      if (!w) return;
      waiting.delete(id);
      lane.bytes -= lane.sizes.get(id)!;
      lane.sizes.delete(id);
      w.resolve(digest);
    });
    lane.worker.on('error', (err) => fail(lane, err));
    lane.worker.on('exit', (code) => fail(lane, new Error(`a hashing thread stopped (exit code ${code})`)));
    return lane;
  });
  let next = 0;
  return {
    hash(buffer, from, to) {
      const lane = lanes.reduce((a, b) => (b.bytes < a.bytes ? b : a));
      const id = next++;
      lane.bytes += to - from;
      lane.sizes.set(id, to - from);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject, lane });
        lane.worker.postMessage({ id, buffer, from, to });
      });
    },
    async close() {
      await Promise.all(lanes.map((l) => l.worker.terminate()));
    },
  };
}
