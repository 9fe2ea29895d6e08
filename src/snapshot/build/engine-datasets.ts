// A catalog's engine datasets (API.md §14) as DatasetInfo without parts: types and fingerprint read from the engine.
import type { CatalogSpec, DatasetSpec } from '../../catalog/spec.ts';
import { EngineUnavailableError } from '../../contract/errors.ts';
import { DescribeError, describeTable } from '../../engine/describe.ts';
import type { EngineSet } from '../../engine/clients.ts';
import { toEngineTableHash } from '../../engine/fingerprint.ts';
import type { EngineRunner } from '../../engine/runner.ts';
import type { DatasetInfo, TableRef } from '../../contract/storage.ts';
import {
  type LoadDatasetsOptions,
  type LoadedDatasets,
  loadDatasets,
  type OnLoaded,
  type Progress,
  toColumnOverrides,
} from './datasets.ts';
import { CatalogError } from '../../catalog/spec.ts';
import { SnapshotFileError } from '../../contract/errors.ts';

/** The engines a snapshot reaches (their clients) and the runner that computes tasks over their tables. */
export type SnapshotEngines = { set: EngineSet; run: EngineRunner };

/** The catalog's file datasets (each profiled as soon as it is in memory) and engine datasets, in catalog order. */
export async function loadAllDatasets(
  spec: CatalogSpec,
  opts: Pick<LoadDatasetsOptions, 'progress' | 'bufferBytes'> & { engines?: SnapshotEngines },
  onLoaded: OnLoaded,
): Promise<LoadedDatasets> {
  const files = await loadDatasets(spec, { progress: opts.progress, bufferBytes: opts.bufferBytes, onLoaded });
  if (!hasEngineDatasets(spec)) return files;
  opts.progress?.('describing engine tables', { datasets: spec.datasets.filter((d) => d.engine !== null).length });
  const engine = await tryLoadEngineDatasets(spec, opts.engines?.set ?? null, {
    summarise: true,
    progress: opts.progress,
  });
  if (engine.problems.length) throw new CatalogError(engine.problems);
  return inCatalogOrder(spec, files, engine.datasets);
}

/** A table reference carrying where an engine dataset's rows are (TableRef.engine), unchanged for a file dataset. */
export function withEngine(ref: TableRef, d: Pick<DatasetInfo, 'engine'>): TableRef {
  return d.engine ? Object.freeze({ ...ref, engine: d.engine }) : ref;
}

/** True when a catalog has a dataset in an engine. */
export function hasEngineDatasets(spec: CatalogSpec): boolean {
  return spec.datasets.some((d) => d.engine !== null);
}

/**
 * What a describe reads besides types and fingerprint: `only` one engine's tables; `summarise`:
 * the field columns' summaries too (a start or reload; not a `refresh` tick or a check, which
 * compare fingerprints only); `progress` hears the scan's progress.
 */
export type LoadEngineOptions = { only?: string | null; summarise?: boolean; progress?: Progress };

/**
 * Describes every engine dataset on its engine (DESCRIBE TABLE, type facts, fingerprint) and
 * collects the problems of the rest: a credential variable not set, a missing table or column, a
 * type Sorrel cannot read, an engine that does not answer (named, never with its URL).
 */
export async function tryLoadEngineDatasets(
  spec: CatalogSpec,
  engines: EngineSet | null,
  { only = null, summarise = false, progress }: LoadEngineOptions = {},
): Promise<{ datasets: LoadedDatasets; problems: string[] }> {
  const datasets: LoadedDatasets = new Map();
  const problems: string[] = [];
  if (!hasEngineDatasets(spec)) return { datasets, problems };
  if (!engines) return { datasets, problems: [`${spec.path}: engine datasets need engine clients to load.`] };
  problems.push(...engines.problems.map((p) => `${spec.path}: ${p}`));
  for (const d of spec.datasets) {
    if (d.engine === null || d.table === null || (only !== null && d.engine !== only)) continue;
    const query = engines.queries.get(d.engine);
    const entry = spec.engines.find((e) => e.name === d.engine);
    if (!query || !entry) continue; // an undeclared engine is a structural problem, reported already
    const overrides = toColumnOverrides(spec, d, problems);
    try {
      const used = toUsedColumns(spec, d, overrides);
      const described = await describeTable(query, {
        engine: d.engine,
        database: entry.database,
        table: d.table,
        overrides,
        used,
        summarised: summarise ? toSummarisedColumns(spec, d) : new Set(),
        checkAscii: summarise ? used : new Set(),
        // Polled only when someone hears it: a refresh tick or a check sends no system.processes reads.
        ...(progress && {
          onScan: (read: number, total: number) =>
            progress('scanning engine table', { dataset: d.name, rows_read: read, rows: total }),
        }),
      });
      const dataset = toEngineDataset(
        spec,
        d,
        d.rootKey === null ? described.table : { ...described.table, rootKey: d.rootKey },
        toEngineTableHash(described.fingerprint, described.table.columns),
      );
      datasets.set(d.name, { ...dataset, scanned: described.summaries, ascii: new Set(described.ascii) });
    } catch (err) {
      if (err instanceof DescribeError) problems.push(...err.problems.map((p) => `${spec.path}: ${d.where}: ${p}`));
      else if (err instanceof EngineUnavailableError) problems.push(`${spec.path}: ${d.where}: ${err.message}`);
      else throw err;
    }
  }
  return { datasets, problems };
}

/** An engine dataset as the snapshot holds it: no parts, its fingerprint's hash as its share of the version. */
export function toEngineDataset(
  spec: Pick<CatalogSpec, 'modified'>,
  d: Pick<DatasetSpec, 'name' | 'model' | 'dataModified'>,
  table: DatasetInfo['engine'] & {},
  sha256: string,
): DatasetInfo {
  return {
    name: d.name,
    model: d.model,
    file: `${table.engine}:${table.database}.${table.table}`,
    rows: table.rows,
    bytes: 0,
    // An engine table has no file time: the catalog's data_modified, else the catalog's modified.
    dataModified: d.dataModified ?? spec.modified,
    columns: table.columns,
    parts: [],
    sha256,
    engine: table,
  };
}

/** The columns the catalog reads of a dataset: its fields' columns and label columns, key, links and overrides. */
function toUsedColumns(spec: CatalogSpec, d: DatasetSpec, overrides: Record<string, unknown>): Set<string> {
  const used = new Set<string>(Object.keys(overrides));
  for (const f of spec.fields) {
    if (f.dataset !== d.name) continue;
    used.add(f.column);
    if (f.label_column !== null) used.add(f.label_column);
  }
  if (d.key !== null) used.add(d.key);
  if (d.rootKey !== null) used.add(d.rootKey);
  for (const l of d.links) used.add(l.column);
  for (const other of spec.datasets) for (const l of other.links) if (l.to === d.name && d.key) used.add(d.key);
  return used;
}

/**
 * The columns whose summaries start-up reads in the describe scan (src/engine/describe.ts): the
 * dataset's fields', unless it may be a table of a model tree other than its root, whose fields
 * are summarised over J(T) (precompute's `tree-summary`). Which tables the tree holds is known
 * only once it is checked: a linked table is skipped here, and a field without a scanned summary
 * is summarised by its own query (src/snapshot/build/summaries.ts).
 */
function toSummarisedColumns(spec: CatalogSpec, d: DatasetSpec): Set<string> {
  const linked = d.links.length > 0 || spec.datasets.some((o) => o.links.some((l) => l.to === d.name));
  if (spec.root !== null && d.name !== spec.root && linked) return new Set();
  return new Set(spec.fields.filter((f) => f.dataset === d.name).map((f) => f.column));
}

/** Merges file and engine datasets in catalog order (the order the data version and a built file use). */
export function inCatalogOrder(spec: CatalogSpec, ...parts: LoadedDatasets[]): LoadedDatasets {
  const out: LoadedDatasets = new Map();
  for (const d of spec.datasets) {
    const found = parts.find((p) => p.has(d.name))?.get(d.name);
    if (found) out.set(d.name, found);
  }
  return out;
}

/**
 * The engine datasets (of engine `only`, else all) whose share of the version — types and
 * fingerprint — differs from the one in `stored`, read again from their engines (a reload, a
 * `refresh` tick, a built file served), with the problems that kept any from being read.
 */
export async function findChangedEngineTables(
  spec: CatalogSpec,
  stored: ReadonlyMap<string, DatasetInfo>,
  engines: EngineSet,
  only: string | null = null,
): Promise<{ changed: string[]; problems: string[] }> {
  const now = await tryLoadEngineDatasets(spec, engines, { only });
  const changed = [...stored.values()]
    .filter((d) => d.engine && now.datasets.has(d.name) && now.datasets.get(d.name)!.sha256 !== d.sha256)
    .map((d) => d.name);
  return { changed, problems: now.problems };
}

/** Refuses a built file whose engine tables changed since the build, or whose engines do not answer. */
export async function checkEngineTables(
  spec: CatalogSpec,
  stored: LoadedDatasets,
  engines: SnapshotEngines,
  path: string,
): Promise<void> {
  const { changed, problems } = await findChangedEngineTables(spec, stored, engines.set);
  if (changed.length)
    problems.push(
      `engine table${changed.length === 1 ? '' : 's'} of ${changed.join(', ')} changed since the build (fingerprint or types differ); build the file again`,
    );
  if (problems.length) throw new SnapshotFileError(path, problems.join('; ').replace(/\.$/, ''));
}

/** The served snapshot's table references: keyed by its data version (workers cache by key), an engine table's with where it is. */
export function toTableRefs(dataVersion: string, datasets: LoadedDatasets, generation: number): Map<string, TableRef> {
  return new Map(
    [...datasets.values()].map((d) => [
      d.name,
      withEngine(
        Object.freeze({ key: `${dataVersion.slice(0, 20)}:${d.name}`, generation, parts: d.parts, rows: d.rows }),
        d,
      ),
    ]),
  );
}
