// Arrow IPC bytes in shared memory: how a loaded table reaches the worker threads.
import * as arrow from 'apache-arrow';
import { exposeGc } from '../../src/common/gc.ts';

/**
 * The table as Arrow IPC file-format bytes in a SharedArrayBuffer. Workers receive the buffer
 * without a copy and decode it once per thread; Arrow objects themselves cannot cross postMessage.
 */
export async function toSharedIpc(table: arrow.Table): Promise<SharedArrayBuffer> {
  return toShared(await toIpcChunks(table));
}

/**
 * The IPC file bytes of `table` as Arrow's writer yields them: the column bodies are views of the
 * table's own buffers, between small metadata blocks, so nothing is copied yet.
 */
export async function toIpcChunks(table: arrow.Table): Promise<(Uint8Array | null)[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of arrow.RecordBatchFileWriter.writeAll(table)) chunks.push(chunk);
  return chunks;
}

const RELEASE_EVERY = 32 * 2 ** 20;

/**
 * Copies the chunks, in order, into one SharedArrayBuffer and empties `chunks` as it goes.
 *
 * Why it empties: a large table arrives as the loader's arrays, and the shared copy is as large
 * again. The shared buffer's pages are only taken from the system as they are written, so when the
 * chunks hold the last references to the loader's arrays (`normalizeColumns` drops the others),
 * collecting every 32 MiB copied gives their memory back while the copy grows: the peak is the
 * table plus a little, not twice the table. V8 would not collect on its own here — copying
 * allocates nothing — so `gc` is called by hand (src/common/gc.ts).
 */
export function toShared(chunks: (Uint8Array | null)[], release = false): SharedArrayBuffer {
  let total = 0;
  for (const chunk of chunks) total += chunk!.byteLength;
  const shared = new SharedArrayBuffer(total);
  const bytes = new Uint8Array(shared);
  let at = 0,
    copied = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    bytes.set(chunk, at);
    at += chunk.byteLength;
    copied += chunk.byteLength;
    chunks[i] = null;
    if (release && copied >= RELEASE_EVERY) {
      collectGarbage();
      copied = 0;
    }
  }
  chunks.length = 0;
  if (release) collectGarbage();
  return shared;
}

let collect: (() => void) | undefined;

function collectGarbage(): void {
  collect ??= exposeGc();
  collect();
}
