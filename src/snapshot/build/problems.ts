// The one catalog checker: every problem of a catalog and its data, as `sorrel check`, a cold start and a reload list them.
import { readCatalog } from '../../catalog/read.ts';
import type { CatalogSpec } from '../../catalog/spec.ts';
import type { Pool } from '../../contract/pool.ts';
import { checkKeys } from '../access.ts';
import { findColumnProblems, type LoadDatasetsOptions, tryLoadDatasets, type LoadedDatasets } from './datasets.ts';
import { checkTree, hasTree } from './tree.ts';
import { withEngines } from '../../parallel/engine-pool.ts';
import {
  hasEngineDatasets,
  inCatalogOrder,
  type SnapshotEngines,
  tryLoadEngineDatasets,
  withEngine,
} from './engine-datasets.ts';

export type CatalogCheck = {
  spec: CatalogSpec | null;
  datasets: LoadedDatasets;
  problems: string[];
  warnings: string[];
};

/**
 * Every problem of a catalog: its structure first, then each data file and column that can be
 * checked, then the model tree's keys and links, then the access keys. `openPool` starts a pool
 * for the tree check (only a catalog with a root needs one); it is closed afterwards. `secret:
 * false` (for `sorrel build`) does not need the HS256 secret's variable to be set; `bufferBytes`
 * bounds one shared buffer of a table (config.bufferBytes); `engines` gives the clients and runner
 * for a catalog's engine datasets (its engines' entries); `progress` logs the loads' steps.
 */
export async function findCatalogProblems(
  catalogPath: string,
  openPool: () => Pool,
  {
    secret = true,
    bufferBytes,
    engines,
    progress,
    progressMs,
  }: {
    secret?: boolean;
    bufferBytes?: number;
    engines?: (spec: CatalogSpec) => SnapshotEngines | undefined;
  } & Pick<LoadDatasetsOptions, 'progress' | 'progressMs'> = {},
): Promise<CatalogCheck> {
  const { spec, problems } = readCatalog(catalogPath);
  const warnings: string[] = [];
  let datasets: LoadedDatasets = new Map();
  if (spec) {
    const loaded = await tryLoadDatasets(spec, { bufferBytes, progress, progressMs });
    // Engine datasets (API.md §14): tables, columns and types checked on their engines.
    const inEngines = hasEngineDatasets(spec) ? engines?.(spec) : undefined;
    const described = await tryLoadEngineDatasets(spec, inEngines?.set ?? null);
    datasets = inCatalogOrder(spec, loaded.datasets, described.datasets);
    const tree = await findTreeProblems(spec, datasets, () =>
      inEngines ? withEngines(openPool(), inEngines.set.queries, inEngines.run) : openPool(),
    );
    warnings.push(...tree.warnings);
    problems.push(
      ...loaded.problems,
      ...described.problems,
      ...findColumnProblems(spec, datasets),
      ...tree.errors,
      ...(await checkKeys(spec, { secret })).problems,
    );
  }
  return { spec, datasets, problems, warnings };
}

/** The model tree's problems (API.md §12): keys and links checked on a pool of worker threads. */
async function findTreeProblems(
  spec: CatalogSpec,
  datasets: LoadedDatasets,
  openPool: () => Pool,
): Promise<{ errors: string[]; warnings: string[] }> {
  if (!hasTree(spec)) return { errors: [], warnings: [] };
  const pool = openPool();
  try {
    const refs = new Map(
      [...datasets.values()].map((d) => [
        d.name,
        withEngine({ key: `check:${d.name}`, generation: 0, parts: d.parts }, d),
      ]),
    );
    return await checkTree(spec, datasets, refs, (task) => pool.run(task), 'check');
  } finally {
    await pool.close();
  }
}
