// `sorrel build`: checks, loads and precomputes a catalog, and writes it as one snapshot file.
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, resolve } from 'node:path';
import { CatalogError } from '../catalog/read.ts';
import { createPool } from '../parallel/compute-pool.ts';
import { toSnapshotInput } from '../snapshot/build/built.ts';
import { prepareSnapshot } from '../snapshot/build/create.ts';
import { writeSnapshotFile } from '../snapshot/file/container.ts';
import { COMMANDS } from './args.ts';
import { openCommandEngines } from './engine-clients.ts';
import { fail, toDatasetList } from './output.ts';
import { findProblems } from './problems.ts';

/** Writes the snapshot file (default: the catalog's name with .sorrel); refuses a catalog `check` refuses. */
export async function build(
  catalogPath: string | undefined,
  output: string | undefined,
  bufferBytes?: number,
): Promise<number> {
  if (!catalogPath) return fail('build needs a catalog file.', COMMANDS.build.usage);
  const out = resolve(output ?? `${catalogPath.replace(/\.(ya?ml|json)$/i, '')}.sorrel`);
  // The HS256 secret's variable need not be set here: the file stores its name, read when served.
  const { spec, datasets, problems } = await findProblems(resolve(catalogPath), false, bufferBytes);
  if (!spec || problems.length) {
    console.error(new CatalogError(problems).message);
    return 1;
  }
  const pool = createPool({ poolThreads: availableParallelism(), poolMaxQueue: Number.MAX_SAFE_INTEGER });
  const engines = openCommandEngines();
  try {
    // Engine tables keep the description and fingerprint the check read; their profiles run on the engines.
    const parts = await prepareSnapshot(spec, pool, {
      datasets,
      secret: false,
      engines: engines.forCatalog(spec),
    });
    const manifest = await writeSnapshotFile(out, toSnapshotInput(parts));
    console.log(
      `${relative(process.cwd(), out) || out}: ${statSync(out).size} bytes — ${spec.datasets.length} datasets: ${toDatasetList(datasets.values())}; ${spec.fields.length} fields; data version ${manifest.dataVersion}.`,
    );
    return 0;
  } catch (err) {
    console.error(err instanceof CatalogError ? err.message : `sorrel build: ${(err as Error).message}`);
    return 1;
  } finally {
    await pool.close();
    await engines.close();
  }
}
