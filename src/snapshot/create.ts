// The frozen Snapshot: catalog + loaded tables + precomputed values/stats + search index.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { loadTable, toSharedIpc } from '../../loaders/index.ts';
import { createAuthenticator, type Authenticate } from './access.ts';
import { CatalogError, resolveDataPath, toTimestamp, type CatalogSpec } from '../catalog/read.ts';
import { toLabel } from '../common/values.ts';
import { isOpenTo, isStatsType, operatorsFor, toPlural, toSimpleType, toVisibilityKey } from '../catalog/rules.ts';
import type { Pool } from '../contract/pool.ts';
import { buildSearchIndex, type SearchIndex } from '../search/index.ts';
import type {
  Category, Concept, DatasetInfo, DistinctResult, DistResult, Field, InternalType, ProfileResult, StatsResult, TableRef, User,
} from '../contract/types.ts';

/** Context-naive distinct values of one field, ascending by value (API.md §4 order). */
export type FieldValues = {
  values: (number | string)[];   // storage units (see types.ts)
  labels: string[];              // display label of each value
  counts: number[];              // records carrying each value
  nullCount: number;
};

export type Snapshot = Readonly<{
  version: string;                               // hash of catalog + data; part of every ETag
  title: string;
  loadedAt: string;
  categories: ReadonlyMap<number, Category>;
  fields: ReadonlyMap<number, Field>;
  concepts: ReadonlyMap<number, Concept>;
  datasets: ReadonlyMap<string, DatasetInfo>;
  values: ReadonlyMap<number, FieldValues>;      // every field
  stats: ReadonlyMap<number, StatsResult>;       // number/date/time/datetime fields
  search: SearchIndex;
  authenticate: Authenticate;
  tableRef(dataset: string): TableRef;
  isFieldVisible(user: User, id: number): boolean;
  isConceptVisible(user: User, id: number): boolean;
}>;

type LoadedDatasets = Map<string, DatasetInfo>;

/** Loads every dataset of a catalog; LoadErrors become catalog problems naming the dataset. */
export async function loadDatasets(spec: CatalogSpec): Promise<LoadedDatasets> {
  const { datasets, problems } = await tryLoadDatasets(spec);
  if (problems.length) throw new CatalogError(problems);
  return datasets;
}

/** Loads what it can and collects the problems of the rest (for `sorrel check`). */
export async function tryLoadDatasets(spec: CatalogSpec): Promise<{ datasets: LoadedDatasets; problems: string[] }> {
  const problems: string[] = [];
  const out: LoadedDatasets = new Map();
  for (const d of spec.datasets) {
    // A field's internal_type override converts the stored column too.
    const columns: Record<string, InternalType> = { ...d.columns };
    for (const f of spec.fields) {
      if (f.dataset !== d.name || !f.internal_type) continue;
      if (columns[f.column] && columns[f.column] !== f.internal_type) {
        problems.push(`${spec.path}: ${f.where}: internal_type ${f.internal_type} conflicts with ${columns[f.column]} for column "${f.column}" of dataset "${d.name}".`);
      }
      columns[f.column] = f.internal_type;
    }
    try {
      const file = resolveDataPath(d.file, spec.path);
      const loaded = await loadTable(file, { format: d.format ?? undefined, columns });
      const stat = statSync(file);
      out.set(d.name, {
        name: d.name, model: d.model, file, format: d.format ?? (basename(file).split('.').pop() as DatasetInfo['format']),
        rows: loaded.rows, bytes: loaded.bytes, dataModified: toTimestamp(stat.mtime), columns: loaded.types,
        ipc: await toSharedIpc(loaded.table),
      });
    } catch (err) {
      problems.push(`${spec.path}: ${d.where}: ${(err as Error).message}`);
    }
  }
  return { datasets: out, problems };
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
    if (!(f.column in d.columns)) problems.push(`${spec.path}: ${f.where}: unknown column "${f.column}" in dataset "${f.dataset}"; columns are: ${names.join(', ')}.`);
    if (f.label_column !== null && !(f.label_column in d.columns)) problems.push(`${spec.path}: ${f.where}: unknown label_column "${f.label_column}" in dataset "${f.dataset}".`);
  }
  return problems;
}

/**
 * Builds the frozen snapshot: loads data, precomputes values and stats on `pool` (which may be a
 * larger pool used only while loading), indexes text.
 */
export async function createSnapshot(spec: CatalogSpec, pool: Pool, datasets?: LoadedDatasets): Promise<Snapshot> {
  datasets ??= await loadDatasets(spec);
  checkColumns(spec, datasets);
  const authenticate = await createAuthenticator(spec.access);
  const version = createHash('sha256').update(spec.text)
    .update(JSON.stringify([...datasets.values()].map((d) => [d.name, d.rows, d.bytes, d.dataModified])))
    .digest('hex').slice(0, 20);
  const refs = new Map([...datasets.values()].map((d) => [d.name, Object.freeze({ key: `${version}:${d.name}`, ipc: d.ipc })]));

  // Precompute what does not depend on a context, once per (dataset, column): distinct values and,
  // for number/date/time columns, stats, from one sort. Every task is queued up front so all of the
  // pool's threads stay busy; the loop below takes the answers in order.
  const profiles = new Map<string, Promise<ProfileResult>>();
  const profileOf = (dataset: string, column: string) => {
    const k = `${dataset}\0${column}`;
    if (!profiles.has(k)) {
      const stats = isStatsType(toSimpleType(datasets.get(dataset)!.columns[column]));
      profiles.set(k, pool.run<ProfileResult>({ kind: 'profile', table: refs.get(dataset)!, column, stats }));
    }
    return profiles.get(k)!;
  };
  for (const f of spec.fields) void profileOf(f.dataset, f.column).catch(() => {});

  const fields = new Map<number, Field>();
  const values = new Map<number, FieldValues>();
  const stats = new Map<number, StatsResult>();
  for (const f of spec.fields) {
    const d = datasets.get(f.dataset)!;
    const type = d.columns[f.column];
    const simple = toSimpleType(type);
    const profile = await profileOf(f.dataset, f.column);
    const distinct = profile.distinct;
    const labels = f.label_column === null
      ? distinct.values.map((v) => toLabel(v, type))
      : await labelsFrom(pool, refs.get(f.dataset)!, f.column, type, f.label_column, d.columns[f.label_column], distinct);
    values.set(f.id, Object.freeze({ values: distinct.values, labels, counts: distinct.counts, nullCount: distinct.nullCount }));
    const enumerable = f.enumerable ?? ((simple === 'string' || simple === 'boolean') && distinct.values.length <= 30);
    const nullable = f.nullable ?? distinct.nullCount > 0;
    if (profile.stats) stats.set(f.id, profile.stats);
    fields.set(f.id, Object.freeze({
      id: f.id, dataset: f.dataset, column: f.column, name: f.name,
      plural_name: f.plural_name ?? toPlural(f.name),
      alt_name: f.alt_name, alt_plural_name: f.alt_plural_name ?? (f.alt_name === null ? null : toPlural(f.alt_name)),
      description: f.description, keywords: f.keywords,
      app_name: f.dataset, model_name: d.model, field_name: f.column,
      internal_type: type, simple_type: simple, enumerable,
      searchable: f.searchable ?? (simple === 'string' && !enumerable), nullable,
      unit: f.unit, plural_unit: f.plural_unit ?? (f.unit === null ? null : toPlural(f.unit)),
      published: f.published, archived: f.archived,
      modified: f.modified ?? spec.modified, data_modified: d.dataModified,
      operators: operatorsFor(simple, nullable), groups: f.groups, category: f.category, label_column: f.label_column,
    }));
  }

  const categories = new Map(spec.categories.map((c) => [c.id, Object.freeze({ id: c.id, name: c.name, order: c.order, parent: c.parent })]));
  const concepts = new Map(spec.concepts.map((c) => [c.id, Object.freeze({
    id: c.id, name: c.name, plural_name: c.plural_name ?? toPlural(c.name), description: c.description, keywords: c.keywords,
    category: c.category, order: c.order, published: c.published, archived: c.archived, sortable: c.sortable,
    formatter_name: c.formatter_name, queryview: c.queryview, modified: c.modified ?? spec.modified, groups: c.groups,
    fields: c.fields.map((r) => Object.freeze({ ...r })),
  } satisfies Concept)]));

  const search = buildSearchIndex({
    fields: [...fields.values()], concepts: [...concepts.values()], categories,
    valueLabels: (id) => values.get(id)?.labels ?? [],
  });

  // Visibility per visibility key (privileged flag + groups), computed once per key and kept.
  const visibleCache = new Map<string, { fields: Set<number>; concepts: Set<number> }>();
  const visibleTo = (user: User) => {
    const key = toVisibilityKey(user);
    let v = visibleCache.get(key);
    if (!v) {
      const vf = new Set([...fields.values()].filter((f) => isOpenTo(user, f)).map((f) => f.id));
      const vc = new Set([...concepts.values()].filter((c) => isOpenTo(user, c) && c.fields.every((r) => vf.has(r.id))).map((c) => c.id));
      v = { fields: vf, concepts: vc };
      if (visibleCache.size < 10_000) visibleCache.set(key, v);
    }
    return v;
  };

  return Object.freeze({
    version, title: spec.title, loadedAt: toTimestamp(new Date()),
    categories, fields, concepts, datasets, values, stats, search, authenticate,
    tableRef: (dataset: string) => refs.get(dataset)!,
    isFieldVisible: (user: User, id: number) => visibleTo(user).fields.has(id),
    isConceptVisible: (user: User, id: number) => visibleTo(user).concepts.has(id),
  });
}

/**
 * Labels from a label column: for each value, the label carried by most of its records
 * (ties: the smallest label), so the choice is deterministic whatever the row order.
 */
async function labelsFrom(
  pool: Pool, table: TableRef, column: string, valueType: InternalType, labelColumn: string, labelType: InternalType,
  distinct: DistinctResult,
): Promise<string[]> {
  const pairs = await pool.run<DistResult>({
    kind: 'dist', table, columns: [column, labelColumn], context: null,
    params: { nulls: true, sort: 'fields', cluster: false, n: null, numeric: false, maxGroups: Number.MAX_SAFE_INTEGER },
  });
  const best = new Map<number | string, { label: string; count: number }>();
  for (const p of [...pairs.data, ...pairs.outliers]) {
    const [v, l] = p.values;
    if (v === null || l === null) continue;
    const label = toLabel(l, labelType);
    const cur = best.get(v);
    if (!cur || p.count > cur.count || (p.count === cur.count && label < cur.label)) best.set(v, { label, count: p.count });
  }
  return distinct.values.map((v) => best.get(v)?.label ?? toLabel(v, valueType));
}
