// The pool the routes and precompute use when a catalog has engine datasets: engine tasks to the engine, the rest to the workers.
import type { EngineQuery } from '../contract/engine.ts';
import { EngineUnavailableError } from '../contract/errors.ts';
import type { Pool } from '../contract/pool.ts';
import type { Task } from '../contract/tasks.ts';
import type { EngineRunner } from '../engine/runner.ts';

/**
 * A Pool that sends a task over engine tables (TableRef.engine set) to `run` with that engine's
 * query, and every other task to `pool` (with its options, and `background` to the pool's own), so
 * routes and precompute do not know where data lives.
 * `engines` is read at each task: a server may replace its entries when a reload swaps the catalog.
 */
export function withEngines(
  pool: Pool,
  engines: Pick<ReadonlyMap<string, EngineQuery>, 'get'>,
  run: EngineRunner,
): Pool {
  return {
    run<T>(task: Task, signal?: AbortSignal, options?: { split?: boolean }): Promise<T> {
      const engine = toTaskEngine(task);
      if (engine === null) return pool.run<T>(task, signal, options);
      const query = engines.get(engine);
      if (!query)
        return Promise.reject(new EngineUnavailableError(engine, `Engine "${engine}" is not configured here.`));
      return run(task, { query, pool }, signal) as Promise<T>;
    },
    // Background work (brushing indexes) is over in-memory tables only: the pool's own thread.
    ...(pool.background ? { background: <T>(task: Task) => pool.background!<T>(task) } : {}),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** The engine a task's data lives in, or null when it is in memory (a tree is wholly in one place). */
export function toTaskEngine(task: Task): string | null {
  switch (task.kind) {
    case 'distinct':
    case 'dist':
    case 'stats':
    case 'profile':
    case 'value-match':
    case 'value-accented':
    case 'summary':
    case 'values-page':
    case 'value-labels':
    case 'tree-key':
      return task.table.engine?.engine ?? null;
    case 'tree-link':
      return task.from.engine?.engine ?? task.to.engine?.engine ?? null;
    case 'tree-entity':
    case 'merge': // the parts of a split task, computed in the workers
    case 'shape': // the §7/§13 shaping of points the engine grouped runs in the workers
    case 'shape-runs':
    case 'shape-cells':
    case 'shape-stats':
      return null;
    case 'brush-view': // linked brushing indexes in-memory tables only (src/snapshot/brush.ts)
    case 'brush-chart':
    case 'brush-dist':
    case 'brush-distinct':
      return task.table.engine?.engine ?? null;
    default:
      for (const t of Object.values(task.tree.tables)) if (t.engine) return t.engine.engine;
      return null;
  }
}
