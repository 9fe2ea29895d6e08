// The engines of a serving process (API.md §14): clients, the serving pool's routing, /readyz and /metrics, `refresh`.
import type { Logger } from 'pino';
import type { CatalogSpec } from '../catalog/spec.ts';
import type { EngineBoard } from '../contract/engine.ts';
import type { Pool } from '../contract/pool.ts';
import { createEngines } from '../engine/clients.ts';
import { withEngines } from '../parallel/engine-pool.ts';
import type { EngineRunner } from '../engine/runner.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import type { SnapshotEngines } from '../snapshot/build/engine-datasets.ts';

export type ServedEngines = {
  /** The serving pool: tasks over the served snapshot's engine tables go to its engines. */
  pool: Pool;
  board: EngineBoard;
  /** The clients and runner a snapshot of `spec` is built with (null when no runner was given). */
  forCatalog(spec: Pick<CatalogSpec, 'engines'>): SnapshotEngines | undefined;
  /** Starts re-reading fingerprints every `refresh` seconds; `reload` runs when one changed. */
  startRefresh(reload: () => Promise<unknown>): void;
  close(): Promise<void>;
};

/** How often the refresh clock looks whether an engine's `refresh` interval has passed. */
const TICK_MS = 1000;

/**
 * The engines of a process serving `state.snapshot`. Why the serving pool looks the engine up in
 * the served snapshot at each task: a reload may change an engine's entry, and the pool outlives
 * snapshots. `run` computes tasks over engine tables (src/engine/run.ts).
 */
export function createServedEngines(
  pool: Pool,
  state: { snapshot: Snapshot | null },
  { timeoutMs, log, run }: { timeoutMs: number; log: Logger; run?: EngineRunner },
): ServedEngines {
  const engines = createEngines({ timeoutMs, env: process.env });
  const served = () => state.snapshot?.engines ?? null;
  const live = { get: (name: string) => served()?.queries.get(name) };
  const last = new Map<string, number>(); // engine → when its tables were last checked (ms)
  let timer: NodeJS.Timeout | null = null;
  let checking = false;
  const tick = async (reload: () => Promise<unknown>) => {
    const s = state.snapshot;
    if (checking || !s?.engines) return;
    const now = Date.now();
    const due = s.engines.specs.filter((e) => e.refresh !== null && now - (last.get(e.name) ?? 0) >= e.refresh * 1000);
    if (!due.length) return;
    checking = true;
    try {
      for (const e of due) {
        if (!last.has(e.name)) {
          last.set(e.name, now); // the snapshot was just built: its fingerprint is fresh
          continue;
        }
        last.set(e.name, now);
        const { changed, problems } = await s.checkEngines(e.name);
        if (problems.length) log.warn({ engine: e.name, problems }, 'engine refresh could not read every table');
        if (changed.length && state.snapshot === s) {
          log.info({ engine: e.name, datasets: changed }, 'engine tables changed; reloading');
          await reload();
        }
      }
    } finally {
      checking = false;
    }
  };
  return {
    pool: run ? withEngines(pool, live, run) : pool,
    board: engines.board(served),
    forCatalog: (spec) => (run && spec.engines.length ? { set: engines.open(spec.engines), run } : undefined),
    startRefresh(reload) {
      timer ??= setInterval(() => void tick(reload), TICK_MS);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await engines.close();
    },
  };
}
