// The one catalog checker (src/snapshot/build/problems.ts) as the commands call it, with a one-thread pool for the tree.
import { createPool } from '../parallel/compute-pool.ts';
import { openCommandEngines } from './engine-clients.ts';
import { toCommandProgress } from './progress.ts';
import { type CatalogCheck, findCatalogProblems } from '../snapshot/build/problems.ts';

/**
 * Every problem `check` reports and `build` refuses; `secret: false` does not need the HS256
 * secret's variable. Engine tables are described on their engines (tables, columns, types). A large
 * file's load tells its progress on stderr (./progress.ts).
 */
export async function findProblems(catalogPath: string, secret = true, bufferBytes?: number): Promise<CatalogCheck> {
  const engines = openCommandEngines();
  try {
    return await findCatalogProblems(catalogPath, openCheckPool, {
      secret,
      bufferBytes,
      engines: engines.forCatalog,
      progress: toCommandProgress(),
    });
  } finally {
    await engines.close();
  }
}

/** A one-thread pool for the model tree's checks. */
function openCheckPool() {
  return createPool({ poolThreads: 1, poolMaxQueue: Number.MAX_SAFE_INTEGER });
}
