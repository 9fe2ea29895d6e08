// After a snapshot starts serving: each field's default naive distribution serialised into its memo, one at a time, when the pool is idle.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Pool } from '../contract/pool.ts';
import { warmNaiveDist } from '../routes/dist.ts';
import type { Snapshot } from '../snapshot/build/create.ts';

const IDLE_POLL_MS = 20;

/**
 * Computes GET /api/fields/:id/dist/ (no dimensions, default parameters) of every field into the
 * snapshot's memo as the answer's JSON bytes, so that its first request only writes them (issue 19:
 * a number or date column's took 230–300 ms at 50M rows; a string's of 50,000 groups 124 ms at 100M,
 * most of it making and serialising the body). The same function and memo key as the request's
 * (src/routes/dist-answer.ts), so the bytes are the ones the request would make. A field's 1-D
 * distribution is shaped from its profile (the naive values and counts made at load), not counted
 * from the rows: no transient per row. At low priority: one task at a time, each started only when
 * no task waits in the pool's queue, so requests keep the other threads and go first; it stops when
 * `isCurrent()` turns false (a reload swapped the snapshot, a drain began) or the pool closes.
 * Fields in id order, those with more distinct values than maxClusterPoints after the others.
 * Nothing is kept but the memo's answers (bounded by memoBytes). Resolves with the number of fields
 * warmed (those of engine tables are not).
 */
export async function warmNaiveDists(
  snapshot: Snapshot,
  pool: Pool,
  config: Config,
  log: Logger,
  isCurrent: () => boolean,
): Promise<number> {
  if (!config.warmDists || config.memoBytes === 0) return 0;
  const started = performance.now();
  let warmed = 0;
  // Fields with more values than the grid's cells last (a key's ~0.5 s of CPU at 10M rows, ~10× at
  // 100M, holds a thread): the others' first requests are served from the memo sooner.
  const isLarge = (id: number) => (snapshot.values.get(id)?.values.length ?? 0) > config.maxClusterPoints;
  const order = [...snapshot.fields.values()].sort(
    (a, b) => Number(isLarge(a.id)) - Number(isLarge(b.id)) || a.id - b.id,
  );
  for (const field of order) {
    while (isCurrent() && pool.stats().queued > 0) await pause(IDLE_POLL_MS);
    if (!isCurrent()) break;
    // A table in a distributed engine (API.md §14) is left to its first request: every replica's
    // start would otherwise send the shared engine a query per field.
    if (snapshot.tableRef(field.dataset)?.engine) continue;
    if (isNearlyUnique(snapshot, field.id, field.dataset, config)) continue;
    try {
      await warmNaiveDist(snapshot, pool, config, field);
      warmed++;
    } catch (err) {
      // A closed pool ends the warm-up; anything else is left to the field's first request, which
      // computes (and reports) it again.
      log.debug({ field: field.id, err }, 'naive distribution not warmed');
      if (!isCurrent()) break;
    }
  }
  log.info({ fields: warmed, ms: Math.round(performance.now() - started) }, 'naive distributions warmed');
  return warmed;
}

/**
 * A field with more distinct values than maxClusterPoints and more than half its table's rows (a key,
 * an id, a timestamp) whose values are not numbers (64-bit integers past 2^53, kept as text) is left
 * to its first request: its distribution grids and clusters a point per distinct value, with
 * transients of ~40 bytes a value (its groups made on this thread, the grid's in the worker), which
 * would hold the only worker thread of a small machine while requests wait, and raise start-up's
 * peak memory (issue 19). A number field's is read from its values and counts where they are, in
 * shared memory, with nothing allocated per value (workers/dist/runs-grid.ts): it is warmed like the rest.
 */
function isNearlyUnique(snapshot: Snapshot, id: number, dataset: string, config: Config): boolean {
  const values = snapshot.values.get(id)?.values;
  const distinct = values?.length ?? 0;
  const rows = snapshot.datasets.get(dataset)?.rows ?? 0;
  const numbers = values instanceof Float64Array || values instanceof Int32Array;
  return distinct > config.maxClusterPoints && distinct * 2 > rows && !numbers;
}

function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
