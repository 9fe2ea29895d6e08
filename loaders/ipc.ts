// Arrow IPC bytes in shared memory: how a loaded table reaches the worker threads.
import * as arrow from 'apache-arrow';

/**
 * The table as Arrow IPC file-format bytes in a SharedArrayBuffer. Workers receive the buffer
 * without a copy and decode it once per thread; Arrow objects themselves cannot cross postMessage.
 */
export function toSharedIpc(table: arrow.Table): SharedArrayBuffer {
  const bytes = arrow.tableToIPC(table, 'file');
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}
