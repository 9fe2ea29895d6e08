// Freeing the loader's large arrays the moment their bytes are in shared memory, without a garbage collection.
import { MessageChannel } from 'node:worker_threads';

/** Arrays smaller than this are left to the garbage collector. */
const MIN_BYTES = 2 ** 20;

/**
 * A function to call with each chunk of `lists` (the IPC chunks of every part, in copy order) once
 * it is copied: it frees the chunk's ArrayBuffer when that buffer is at least 1 MiB and no later
 * chunk views it. Only for chunks that hold the last references to the loader's own arrays.
 *
 * Why: a table arrives as the loader's arrays, and its copy in shared memory is as large again, so
 * each array must go as soon as it is copied or the peak is twice the table. Collecting garbage by
 * hand every 32 MiB did that, at the cost of a full collection each time (the 10M-row bench file:
 * nine collections, ~0.2 s of the main thread while the worker threads waited for the table).
 * Posting a buffer in the transfer list of a closed MessagePort detaches it and frees its memory at
 * once: Node serialises a message even for a closed port, so that transfers behave as the HTML
 * spec says, then drops it. A buffer that cannot be detached (WebAssembly memory) is left as is.
 */
export function createReleaser(lists: readonly (readonly (Uint8Array | null)[])[]): (chunk: Uint8Array) => void {
  const last = new Map<ArrayBuffer, Uint8Array>();
  for (const chunks of lists)
    for (const chunk of chunks) {
      const buffer = chunk?.buffer;
      if (buffer instanceof ArrayBuffer && buffer.byteLength >= MIN_BYTES) last.set(buffer, chunk!);
    }
  const port = new MessageChannel().port1;
  port.close();
  return (chunk) => {
    const buffer = chunk.buffer as ArrayBuffer;
    if (last.get(buffer) !== chunk) return;
    last.delete(buffer);
    try {
      port.postMessage(null, [buffer]);
    } catch {
      // not detachable: the collector frees it once unreferenced
    }
  };
}

/** Frees an ArrayBuffer at once by detaching it (see createReleaser); every view of it becomes empty. */
export function freeBuffer(buffer: ArrayBuffer): void {
  const port = new MessageChannel().port1;
  port.close();
  try {
    port.postMessage(null, [buffer]);
  } catch {
    // not detachable: the collector frees it once unreferenced
  }
}
