// Every problem of a catalog and its data, as `check` reports them and `build` and `serve` refuse them.
import { checkKeys } from '../snapshot/access.ts';
import { readCatalog, type CatalogSpec } from '../catalog/read.ts';
import { createPool } from '../pool.ts';
import { findColumnProblems, tryLoadDatasets, type LoadedDatasets } from '../snapshot/datasets.ts';
import { checkTree, hasTree } from '../snapshot/tree.ts';

export type Findings = { spec: CatalogSpec | null; datasets: LoadedDatasets; problems: string[]; warnings: string[] };

/** Every problem `check` reports: structure first, then each data file and column that can be checked, then the keys. */
export async function findProblems(catalogPath: string, secret = true, bufferBytes?: number): Promise<Findings> {
  const { spec, problems } = readCatalog(catalogPath);
  const warnings: string[] = [];
  let datasets: LoadedDatasets = new Map();
  if (spec) {
    const loaded = await tryLoadDatasets(spec, { bufferBytes });
    datasets = loaded.datasets;
    const tree = await findTreeProblems(spec, loaded.datasets);
    warnings.push(...tree.warnings);
    problems.push(
      ...loaded.problems,
      ...findColumnProblems(spec, loaded.datasets),
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
): Promise<{ errors: string[]; warnings: string[] }> {
  if (!hasTree(spec)) return { errors: [], warnings: [] };
  const pool = createPool({ poolThreads: 1, poolMaxQueue: Number.MAX_SAFE_INTEGER });
  try {
    const refs = new Map(
      [...datasets.values()].map((d) => [d.name, { key: `check:${d.name}`, generation: 0, parts: d.parts }]),
    );
    return await checkTree(spec, datasets, refs, (task) => pool.run(task), 'check');
  } finally {
    await pool.close();
  }
}
