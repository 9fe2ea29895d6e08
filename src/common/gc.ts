// V8's `gc`, exposed by hand: freeing large shared buffers at the moments the code knows they are garbage.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Why collect by hand after a swap: the old snapshot's tables are SharedArrayBuffers, freed only once
 * every thread that saw them has garbage-collected its last reference, and a server at rest may not
 * collect for a long time — ten reloads of a 100 MB table left 900 MB resident. So V8's `gc` is exposed
 * (a process-wide flag, set before the pools start, so every worker thread gets `globalThis.gc`): the
 * main thread collects once the requests that may hold the old snapshot have ended, and a worker when
 * it drops the old generation's tables (workers/table/columns.ts).
 */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
