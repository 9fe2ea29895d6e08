// The engines a command reaches (API.md §14): clients from the catalog's entries and the environment, and the runner.
import type { CatalogSpec } from '../catalog/spec.ts';
import { toEngineTimeoutMs } from '../config.ts';
import { runTableTask } from '../engine/compute/index.ts';
import { createEngines, type Engines } from '../engine/engines.ts';
import type { EngineRunner } from '../engine/runner.ts';
import type { SnapshotEngines } from '../snapshot/engine-datasets.ts';

/**
 * The runner of tasks over engine tables for the commands and the server. The table tasks'
 * (src/engine/compute/); src/engine/run.ts, which adds the tree tasks, takes its place once it is
 * on main (engine-contract).
 */
export const ENGINE_RUNNER: EngineRunner = runTableTask;

/** Engine clients for one command (deadline SORREL_ENGINE_TIMEOUT); `close` lets the process exit. */
export function openCommandEngines(): {
  forCatalog: (spec: Pick<CatalogSpec, 'engines'>) => SnapshotEngines | undefined;
  close: () => Promise<void>;
} {
  let engines: Engines | null = null;
  return {
    forCatalog(spec) {
      if (!spec.engines.length) return undefined;
      engines ??= createEngines({ timeoutMs: toEngineTimeoutMs(process.env), env: process.env });
      return { set: engines.open(spec.engines), run: ENGINE_RUNNER };
    },
    close: async () => {
      await engines?.close();
    },
  };
}
