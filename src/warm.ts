// After a snapshot starts serving: each field's default naive distribution serialised into its memo, one at a time, when the pool is idle.
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Pool } from './contract/pool.ts';
import { warmNaiveDist } from './routes/dist.ts';
import type { Snapshot } from './snapshot/create.ts';

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
  for (const field of [...snapshot.fields.values()].sort((a, b) => a.id - b.id)) {
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
 * an id, a timestamp) is left to its first request: its distribution grids and clusters a point per
 * distinct value, with transients of ~30 bytes a value (its values, counts and ranks copied to the
 * worker, the grid's), which would hold the only worker thread of a small machine while requests
 * wait, and raise start-up's peak memory (issue 19).
 */
function isNearlyUnique(snapshot: Snapshot, id: number, dataset: string, config: Config): boolean {
  const distinct = snapshot.values.get(id)?.values.length ?? 0;
  const rows = snapshot.datasets.get(dataset)?.rows ?? 0;
  return distinct > config.maxClusterPoints && distinct * 2 > rows;
}

function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
