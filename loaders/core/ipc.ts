// Arrow IPC bytes in shared memory: how a loaded table reaches the worker threads.
import * as arrow from 'apache-arrow';

/**
 * The table as Arrow IPC file-format bytes in a SharedArrayBuffer. Workers receive the buffer
 * without a copy and decode it once per thread; Arrow objects themselves cannot cross postMessage.
 *
 * The writer's chunks are views of the table's own buffers (plus small metadata blocks), so they
 * are copied straight into the shared buffer: at the peak the process holds the table and its
 * shared copy, not a third contiguous copy as `tableToIPC` would make.
 */
export async function toSharedIpc(table: arrow.Table): Promise<SharedArrayBuffer> {
  const writer = arrow.RecordBatchFileWriter.writeAll(table);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of writer) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const shared = new SharedArrayBuffer(total);
  const bytes = new Uint8Array(shared);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return shared;
}
