// Loading a catalog's datasets into shared-memory Arrow tables, and checking fields against their columns.
import { toEcho, toEchoList, toEchoText } from '../../common/echo.ts';
import { statSync } from 'node:fs';
import { resolveDataPath } from '../../catalog/paths.ts';
import { CatalogError, type CatalogSpec } from '../../catalog/spec.ts';
import { toTimestamp } from '../../common/dates.ts';
import type { InternalType } from '../../contract/model.ts';
import type { DatasetInfo } from '../../contract/storage.ts';

export type LoadedDatasets = Map<string, DatasetInfo>;

/** Reports a step of a long load (one log line each): what happened, with its numbers. */
export type Progress = (message: string, fields: Record<string, unknown>) => void;

/** A dataset as soon as its table is in shared memory, before it is hashed and the next one decodes. */
export type OnLoaded = (dataset: Pick<DatasetInfo, 'name' | 'columns' | 'parts'>) => void;

/**
 * How datasets load: `progress` logs each step (and the rows read so far every `progressMs`, default
 * PROGRESS_MS, while a large file loads), `onLoaded` may start work on each dataset (its profile) while
 * the next one decodes, `bufferBytes` bounds one shared buffer (BUFFER_BYTES by default;
 * src/contract/storage.ts).
 */
export type LoadDatasetsOptions = {
  progress?: Progress;
  progressMs?: number;
  onLoaded?: OnLoaded;
  bufferBytes?: number;
};

/** How often a large file's load tells the rows read so far. */
export const PROGRESS_MS = 5000;

/** A loader's `onRows` that reports 'loading rows' through `progress` at most once every `everyMs`. */
export function toRowsProgress(
  dataset: string,
  progress: Progress | undefined,
  everyMs = PROGRESS_MS,
): (rows: number) => void {
  const started = performance.now();
  let logged = started;
  return (rows) => {
    const now = performance.now();
    if (!progress || now - logged < everyMs) return;
    logged = now;
    progress('loading rows', { dataset, rows, ms: Math.round(now - started) });
  };
}

/** Loads every dataset of a catalog; LoadErrors become catalog problems naming the dataset. */
export async function loadDatasets(spec: CatalogSpec, opts: LoadDatasetsOptions = {}): Promise<LoadedDatasets> {
  const { datasets, problems } = await tryLoadDatasets(spec, opts);
  if (problems.length) throw new CatalogError(problems);
  return datasets;
}

/** Loads what it can and collects the problems of the rest (for `sorrel check`). */
export async function tryLoadDatasets(
  spec: CatalogSpec,
  opts: LoadDatasetsOptions = {},
): Promise<{ datasets: LoadedDatasets; problems: string[] }> {
  const { progress, progressMs, onLoaded, bufferBytes } = opts;
  const problems: string[] = [];
  const out: LoadedDatasets = new Map();
  // Imported here, not at the top: serving a built snapshot file never parses data, and the loaders
  // (Apache Arrow's builders, parquet-wasm, papaparse) are most of the start-up's module loading.
  const { loadTable } = await import('../../../loaders/index.ts');
  for (const d of spec.datasets) {
    if (d.engine !== null) continue; // src/snapshot/build/engine-datasets.ts
    const columns = toColumnOverrides(spec, d, problems);
    try {
      const started = performance.now();
      const file = resolveDataPath(d.file, spec.path);
      progress?.('loading dataset', { dataset: d.name, file: d.file });
      const onRows = toRowsProgress(d.name, progress, progressMs);
      const loaded = await loadTable(file, { format: d.format ?? undefined, columns, bufferBytes, onRows });
      // The file's mtime reaches bodies (data_modified) only when the catalog does not pin it.
      const dataModified = d.dataModified ?? toTimestamp(statSync(file).mtime);
      const parts = loaded.parts;
      onLoaded?.({ name: d.name, columns: loaded.types, parts });
      const hashing = performance.now();
      const hash = await loaded.hash();
      const sha256Ms = Math.round(performance.now() - hashing);
      out.set(d.name, {
        name: d.name,
        model: d.model,
        file,
        rows: loaded.rows,
        bytes: loaded.bytes,
        dataModified,
        columns: loaded.types,
        parts,
        sha256: hash,
      });
      progress?.('loaded dataset', {
        dataset: d.name,
        rows: loaded.rows,
        mib: Math.round(loaded.bytes / 2 ** 16) / 16,
        buffers: parts.length,
        ms: Math.round(performance.now() - started),
        sha256_ms: sha256Ms,
        peak_rss_mib: toPeakRssMib(),
      });
    } catch (err) {
      problems.push(`${spec.path}: ${d.where}: ${(err as Error).message}`);
    }
  }
  return { datasets: out, problems };
}

/** A dataset's type overrides: its `columns:` and its fields' `internal_type` (a conflict between them is a problem). */
export function toColumnOverrides(
  spec: CatalogSpec,
  d: CatalogSpec['datasets'][number],
  problems: string[],
): Record<string, InternalType> {
  // A field's internal_type override converts the stored column too.
  const columns: Record<string, InternalType> = { ...d.columns };
  for (const f of spec.fields) {
    if (f.dataset !== d.name || !f.internal_type) continue;
    if (columns[f.column] && columns[f.column] !== f.internal_type) {
      problems.push(
        `${spec.path}: ${f.where}: internal_type ${f.internal_type} conflicts with ${columns[f.column]} for column ${toEcho(f.column)} of dataset ${toEcho(d.name)}.`,
      );
    }
    columns[f.column] = f.internal_type;
  }
  return columns;
}

/** The process's peak resident memory so far (VmHWM), in MiB: what a load costs, logged with each step. */
export function toPeakRssMib(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** Checks that every field points at an existing column (and label column); throws CatalogError. */
export function checkColumns(spec: CatalogSpec, datasets: LoadedDatasets): void {
  const problems = findColumnProblems(spec, datasets);
  if (problems.length) throw new CatalogError(problems);
}

/** The column problems of the fields whose dataset did load. */
export function findColumnProblems(spec: CatalogSpec, datasets: LoadedDatasets): string[] {
  const problems: string[] = [];
  for (const f of spec.fields) {
    const d = datasets.get(f.dataset);
    if (!d) continue;
    const names = Object.keys(d.columns);
    if (!(f.column in d.columns))
      problems.push(
        `${spec.path}: ${f.where}: unknown column ${toEcho(f.column)} in dataset ${toEcho(f.dataset)}; columns are: ${toEchoList(names, toEchoText)}.`,
      );
    if (f.label_column !== null && !(f.label_column in d.columns))
      problems.push(
        `${spec.path}: ${f.where}: unknown label_column ${toEcho(f.label_column)} in dataset ${toEcho(f.dataset)}.`,
      );
  }
  return problems;
}
