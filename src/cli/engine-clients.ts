// The engines a command reaches (API.md §14): clients from the catalog's entries and the environment, and the runner.
import type { CatalogSpec } from '../catalog/spec.ts';
import { toEngineTimeoutMs } from '../config.ts';
import { createEngines, type Engines } from '../engine/clients.ts';
import { runEngineTask } from '../engine/run.ts';
import type { EngineRunner } from '../engine/runner.ts';
import type { SnapshotEngines } from '../snapshot/build/engine-datasets.ts';

/** The runner of tasks over engine tables for the commands and the server: table, tree and search tasks (src/engine/run.ts). */
export const ENGINE_RUNNER: EngineRunner = runEngineTask;

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
