// Starting a loader's worker thread, from source (TypeScript through tsx) or built (plain JS).
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the loader module `name` beside the module at `base` (its import.meta.url).
 * From source the worker is TypeScript, which a worker thread loads through tsx's API (an `--import`
 * of tsx does not reach a worker's module loader on Node 20); built, it is plain JS beside `base`.
 */
export function startLoaderWorker(base: string, name: string, workerData: unknown): Worker {
  if (!base.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, base), { workerData });
  const file = JSON.stringify(new URL(`./${name}.ts`, base).href);
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${api}).then((m) => m.tsImport(${file}, ${file}))`, { eval: true, workerData });
}
