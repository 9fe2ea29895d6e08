// The frozen Snapshot: catalog + loaded tables + precomputed values/stats + search index, built once.
import type { CatalogSpec } from '../../catalog/spec.ts';
import { CatalogError } from '../../catalog/spec.ts';
import type { Category, Concept, Field, User } from '../../contract/model.ts';
import type { Pool } from '../../contract/pool.ts';
import type { DatasetInfo, TableRef } from '../../contract/storage.ts';
import type { ColumnSummary } from '../../contract/engine.ts';
import type { StatsResult } from '../../contract/tasks.ts';
import type { TreeRef } from '../../contract/tree.ts';
import type { DisclosureRule } from '../../contract/disclosure.ts';
import { toSearchFor } from './disclosed-search.ts';
import { buildSearchIndex, type SearchIndex } from '../../search/index.ts';
import { checkKeys, createAuthenticator, type Authenticate, type KeyText } from '../access.ts';
import { checkColumns, toPeakRssMib, type LoadedDatasets, type Progress } from './datasets.ts';
import { withEngines } from '../../parallel/engine-pool.ts';
import type { EngineSet } from '../../engine/clients.ts';
import {
  findChangedEngineTables,
  hasEngineDatasets,
  loadAllDatasets,
  type SnapshotEngines,
  toTableRefs,
  withEngine,
} from './engine-datasets.ts';
import { toFields } from './fields.ts';
import { precomputeValues, startProfiles, type FieldValues, type Profiles } from './precompute.ts';
import { toDataVersion, toServedVersion } from './version.ts';
import { checkTree, type EntityInfo, toEntityInfo } from './tree.ts';
import { createVisibility } from '../visibility.ts';
import { toCategories, toConcepts } from './concepts.ts';
import { buildSearchIndexEarly } from './search.ts';
import { planPushedSearch, planUnheldSearch, toIndexedLabels, type PushedFields } from '../value-search.ts';
import { SEARCH_VALUES_PER_FIELD } from '../value-search.ts';

export type Snapshot = Readonly<{
  version: string; // the served version (data version + Sorrel's); part of every ETag
  dataVersion: string; // hash of everything answers show (version.ts)
  generation: number; // grows with each snapshot this process builds
  title: string;
  categories: ReadonlyMap<number, Category>;
  fields: ReadonlyMap<number, Field>;
  concepts: ReadonlyMap<number, Concept>;
  datasets: ReadonlyMap<string, DatasetInfo>;
  values: ReadonlyMap<number, FieldValues>; // every field in memory; an engine field's when held (precompute.ts isHeld)
  stats: ReadonlyMap<number, StatsResult>; // number/date/time/datetime fields in memory
  summaries: ReadonlyMap<number, ColumnSummary>; // every field of an engine table (API.md §14); a tree table's over J(T)
  search: SearchIndex;
  /** The small-count rule (API.md §15); null = off. */
  disclosure: DisclosureRule | null;
  /** The search index a user searches: without the values whose naive counts the rule hides, for the users it applies to. */
  searchFor(user: User): SearchIndex;
  pushed: PushedFields; // engine fields whose value search goes to the engine (API.md §14 Search)
  tree: TreeRef | null; // the model tree with its index (API.md §12); null without a root
  engines: EngineSet | null; // the clients of the catalog's engines (API.md §14); null without engine datasets
  /** The engine datasets of engine `only` (else all) whose fingerprint or types changed since this snapshot was built. */
  checkEngines(only?: string): Promise<{ changed: string[]; problems: string[] }>;
  entity: EntityInfo | null; // the root's entities, when a root is declared
  treeWarnings: readonly string[]; // dangling references, served as null links
  authenticate: Authenticate;
  tableRef(dataset: string): TableRef;
  isFieldVisible(user: User, id: number): boolean;
  isConceptVisible(user: User, id: number): boolean;
}>;

/** Everything a snapshot is made of, from a catalog and its data files or from a built snapshot file. */
export type SnapshotParts = {
  spec: CatalogSpec;
  datasets: LoadedDatasets;
  values: ReadonlyMap<number, FieldValues>;
  stats: ReadonlyMap<number, StatsResult>;
  summaries?: ReadonlyMap<number, ColumnSummary>; // absent: none (a file read before summaries existed)
  keyText: KeyText; // public JWT keys as text (the HS256 secret is never here)
  dataVersion: string;
  // The model tree's index (shared buffers): built while preparing; not stored in a snapshot file,
  // so a snapshot read from a file rebuilds it (assembleSnapshot with a pool).
  tree?: { ref: TreeRef | null; warnings: string[] };
  // Engine fields over the search bound, planned while preparing (needs the engine); absent = none.
  pushed?: PushedFields;
  engines?: SnapshotEngines; // the engines' clients and runner (API.md §14)
  search?: SearchIndex; // built while profiling (src/snapshot/build/search.ts); absent: assembleSnapshot builds it
};

// Why a generation beside the version: workers cache decoded tables for the newest generation only
// (workers/table/columns.ts), so a reload that gives the same data version still moves them to the new
// snapshot's shared memory and lets the old one go. Process-wide, because workers are.
let generations = 0;

/**
 * Builds the frozen snapshot: loads data, precomputes values and stats on `pool` (which may be a
 * larger pool used only while loading), indexes text.
 */
export async function createSnapshot(spec: CatalogSpec, pool: Pool, opts: PrepareOptions = {}): Promise<Snapshot> {
  return assembleSnapshot(await prepareSnapshot(spec, pool, { searchIndex: true, ...opts }));
}

/**
 * `datasets` already loaded (else loaded here, `bufferBytes` bounding one shared buffer), `progress`
 * for the load log; `secret: false` (for `sorrel build`) does not need the HS256 secret's variable;
 * `searchValues`: SORREL_SEARCH_VALUES_PER_FIELD.
 */
export type PrepareOptions = {
  datasets?: LoadedDatasets;
  progress?: Progress;
  secret?: boolean;
  bufferBytes?: number;
  searchValues?: number;
  /** The engines' clients and runner; needed when the catalog has engine datasets (API.md §14). */
  engines?: SnapshotEngines;
  /** Build the search index while the profiles run (a snapshot about to serve; not `sorrel build`). */
  searchIndex?: boolean;
};

/** Loads and checks a catalog's data and precomputes what does not depend on a request. */
export async function prepareSnapshot(
  spec: CatalogSpec,
  pool: Pool,
  opts: PrepareOptions = {},
): Promise<SnapshotParts> {
  // Each dataset's profile starts as soon as it is in shared memory, while the next one decodes.
  // Its table reference cannot carry the data version (that hashes every dataset): keys of this
  // generation only need to tell its tables apart.
  const generation = ++generations;
  const toRef = (name: string, parts: readonly SharedArrayBuffer[]): TableRef =>
    Object.freeze({ key: `load ${generation}:${name}`, generation, parts });
  const profiles: Profiles = new Map();
  // Tasks over engine tables go to the engine (API.md §14), the rest to the workers.
  if (hasEngineDatasets(spec) && !opts.engines) throw new Error('prepareSnapshot: engine datasets need engines.');
  if (opts.engines) pool = withEngines(pool, opts.engines.set.queries, opts.engines.run);
  const datasets =
    opts.datasets ??
    (await loadAllDatasets(spec, opts, (d) =>
      startProfiles(spec, d, toRef(d.name, d.parts), pool, profiles, opts.progress),
    ));
  checkColumns(spec, datasets);
  const { keyText, problems } = await checkKeys(spec, { secret: opts.secret ?? true });
  if (problems.length) throw new CatalogError(problems);
  const dataVersion = toDataVersion(spec, [...datasets.values()]);
  const profiling = performance.now();
  opts.progress?.('profiling columns', { fields: spec.fields.length });
  const refs = new Map([...datasets.values()].map((d) => [d.name, withEngine(toRef(d.name, d.parts), d)]));
  // The model tree: a key or link problem stops the load like a bad column does; dangling references are served as null links.
  const tree = await buildTree(spec, datasets, refs, pool, dataVersion);
  for (const warning of tree.warnings) opts.progress?.('tree warning', { warning });
  let search: SearchIndex | undefined;
  const early = opts.searchIndex && !opts.engines;
  const onIndexed = early
    ? (v: ReadonlyMap<number, FieldValues>) => (search = buildSearchIndexEarly(spec, datasets, v))
    : undefined;
  const bound = opts.searchValues ?? SEARCH_VALUES_PER_FIELD;
  const how = { searchValues: bound, progress: opts.progress, onIndexed };
  const { values, stats, summaries } = await precomputeValues(spec, datasets, refs, pool, tree.ref, profiles, how);
  const fields = toFields(spec, datasets, values, summaries);
  const isAscii = (dataset: string, column: string) => datasets.get(dataset)?.ascii?.has(column) ?? false;
  const pushed = await planPushedSearch(fields, summaries, refs, pool, bound, tree.ref, isAscii);
  opts.progress?.('profiled columns', {
    fields: spec.fields.length,
    ms: Math.round(performance.now() - profiling),
    peak_rss_mib: toPeakRssMib(),
  });
  const engines = opts.engines;
  return { spec, datasets, values, stats, summaries, keyText, dataVersion, tree, engines, pushed, search };
}

/** The model tree checked and indexed on `pool`; its errors are a CatalogError. */
async function buildTree(
  spec: CatalogSpec,
  datasets: LoadedDatasets,
  refs: ReadonlyMap<string, TableRef>,
  pool: Pool,
  version: string,
) {
  const checked = await checkTree(spec, datasets, refs, (task) => pool.run(task), version);
  if (checked.errors.length) throw new CatalogError(checked.errors);
  return { ref: checked.tree, warnings: checked.warnings };
}

/**
 * The frozen snapshot of its parts: fields resolved, concepts, search index, visibility, authenticator.
 * Parts read from a file carry no tree index: `pool` rebuilds it.
 */
export async function assembleSnapshot(parts: SnapshotParts, pool?: Pool): Promise<Snapshot> {
  const { spec, datasets, values, stats, dataVersion } = parts;
  const summaries = parts.summaries ?? new Map();
  const authenticate = await createAuthenticator(spec.access, parts.keyText);
  const generation = ++generations;
  const refs = toTableRefs(dataVersion, datasets, generation);
  if (!parts.tree && spec.root !== null && !pool)
    throw new Error('assembleSnapshot: a catalog with a root needs a pool to index its tree.');
  const built =
    parts.tree ?? (pool ? await buildTree(spec, datasets, refs, pool, dataVersion) : { ref: null, warnings: [] });
  // The tree's tables are this snapshot's (the newest generation, which workers keep).
  const tree = built.ref && {
    ...built.ref,
    tables: Object.fromEntries(Object.keys(built.ref.tables).map((name) => [name, refs.get(name)!])),
  };
  const fields = toFields(spec, datasets, values, summaries);
  // A built file's engine fields without values in it search on the engine (value-search.ts).
  const pushed =
    parts.pushed ?? (pool ? await planUnheldSearch(fields, summaries, values, refs, pool, tree) : new Map());

  const categories = toCategories(spec);
  const concepts = toConcepts(spec);

  const input = { fields: [...fields.values()], concepts: [...concepts.values()], categories };
  const search =
    parts.search ?? buildSearchIndex({ ...input, valueLabels: (id) => toIndexedLabels(pushed, values, id) });
  // For the users the small-count rule applies to: the index without the values it hides (API.md §15).
  const searchFor = toSearchFor(spec.disclosure ?? null, search, input, values, pushed);

  const visibleTo = createVisibility(fields, concepts);

  return Object.freeze({
    version: toServedVersion(dataVersion),
    dataVersion,
    generation,
    title: spec.title,
    categories,
    fields: fields as ReadonlyMap<number, Field>,
    concepts,
    datasets,
    values,
    stats,
    summaries,
    search,
    disclosure: spec.disclosure ?? null,
    searchFor,
    pushed,
    authenticate,
    tree,
    entity: toEntityInfo(spec, tree),
    treeWarnings: Object.freeze([...built.warnings]),
    engines: parts.engines?.set ?? null,
    checkEngines: async (only?: string) =>
      parts.engines
        ? findChangedEngineTables(spec, datasets, parts.engines.set, only ?? null)
        : { changed: [], problems: [] },
    tableRef: (dataset: string) => refs.get(dataset)!,
    isFieldVisible: (user: User, id: number) => visibleTo(user).fields.has(id),
    isConceptVisible: (user: User, id: number) => visibleTo(user).concepts.has(id),
  });
}
