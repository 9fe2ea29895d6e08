// The frozen Snapshot: catalog + loaded tables + precomputed values/stats + search index, built once.
import { createHash } from 'node:crypto';
import { CatalogError, type CatalogSpec } from '../catalog/spec.ts';
import { toPlural } from '../catalog/rules.ts';
import { toTimestamp } from '../common/dates.ts';
import type { Category, Concept, Field, User } from '../contract/model.ts';
import type { Pool } from '../contract/pool.ts';
import type { DatasetInfo, TableRef } from '../contract/storage.ts';
import type { StatsResult } from '../contract/tasks.ts';
import { buildSearchIndex, type SearchIndex } from '../search/index.ts';
import { createAuthenticator, type Authenticate } from './access.ts';
import { checkColumns, loadDatasets, type LoadedDatasets, type Progress } from './datasets.ts';
import { precomputeFields, type FieldValues } from './precompute.ts';
import { checkTree, type EntityInfo, toEntityInfo } from './tree.ts';
import type { TreeRef } from '../contract/tree.ts';
import { createVisibility } from './visibility.ts';

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
  tree: TreeRef | null;                          // the model tree with its index (API.md §12); null without a root
  entity: EntityInfo | null;                     // the root's entities, when a root is declared
  treeWarnings: readonly string[];               // dangling references, served as null links
  authenticate: Authenticate;
  tableRef(dataset: string): TableRef;
  isFieldVisible(user: User, id: number): boolean;
  isConceptVisible(user: User, id: number): boolean;
}>;

/**
 * Builds the frozen snapshot: loads data, precomputes values and stats on `pool` (which may be a
 * larger pool used only while loading), indexes text.
 */
export async function createSnapshot(spec: CatalogSpec, pool: Pool, datasets?: LoadedDatasets, progress?: Progress): Promise<Snapshot> {
  datasets ??= await loadDatasets(spec, progress);
  checkColumns(spec, datasets);
  const authenticate = await createAuthenticator(spec.access);
  const version = createHash('sha256').update(spec.text)
    .update(JSON.stringify([...datasets.values()].map((d) => [d.name, d.rows, d.bytes, d.dataModified])))
    .digest('hex').slice(0, 20);
  const refs = new Map([...datasets.values()].map((d) => [d.name, Object.freeze({ key: `${version}:${d.name}`, ipc: d.ipc })]));

  // The model tree: a key or link problem stops the load like a bad column does; dangling references are served as null links.
  const checked = await checkTree(spec, datasets, refs, (task) => pool.run(task), version);
  if (checked.errors.length) throw new CatalogError(checked.errors);
  for (const warning of checked.warnings) progress?.('tree warning', { warning });

  progress?.('profiling columns', { fields: spec.fields.length });
  const { fields, values, stats } = await precomputeFields(spec, datasets, refs, pool, checked.tree);

  const categories = new Map(spec.categories.map((c) => [c.id, Object.freeze({ id: c.id, name: c.name, order: c.order, parent: c.parent })]));
  const concepts = new Map(spec.concepts.map((c) => [c.id, Object.freeze({
    id: c.id, name: c.name, plural_name: c.plural_name ?? toPlural(c.name), description: c.description, keywords: c.keywords,
    category: c.category, order: c.order, published: c.published, archived: c.archived, sortable: c.sortable,
    queryable: c.queryable, viewable: c.viewable,
    formatter_name: c.formatter_name, queryview: c.queryview, modified: c.modified ?? spec.modified, groups: c.groups,
    fields: c.fields.map((r) => Object.freeze({ ...r })),
  } satisfies Concept)]));

  const search = buildSearchIndex({
    fields: [...fields.values()], concepts: [...concepts.values()], categories,
    valueLabels: (id) => values.get(id)?.labels ?? [],
  });

  const visibleTo = createVisibility(fields, concepts);

  return Object.freeze({
    version, title: spec.title, loadedAt: toTimestamp(new Date()),
    categories, fields, concepts, datasets, values, stats, search, authenticate,
    tree: checked.tree, entity: toEntityInfo(spec, checked.tree), treeWarnings: Object.freeze(checked.warnings),
    tableRef: (dataset: string) => refs.get(dataset)!,
    isFieldVisible: (user: User, id: number) => visibleTo(user).fields.has(id),
    isConceptVisible: (user: User, id: number) => visibleTo(user).concepts.has(id),
  });
}
