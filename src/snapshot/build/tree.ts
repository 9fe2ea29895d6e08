// The catalog's model tree at load (API.md §12): structure checked against the loaded columns, data checked and indexed on the pool.
import { toPlural } from '../../catalog/rules.ts';
import type { CatalogSpec } from '../../catalog/spec.ts';
import { type TreeDatasetSpec, type TreeProblem, toModelTree } from '../../catalog/tree.ts';
import type { DatasetInfo, TableRef } from '../../contract/storage.ts';
import type { TreeRef } from '../../contract/tree.ts';
import { buildTreeIndex, type RunTask } from './tree-index.ts';

/** The tree of a loaded catalog: its index (null without a root), and its problems worded with the file and the entry. */
export type TreeCheck = { tree: TreeRef | null; errors: string[]; warnings: string[] };

/** What a root's entities are called, and how many there are (GET /api/, GET /api/entities/). */
export type EntityInfo = { name: string; plural_name: string; count: number };

/** True when the catalog declares anything of a model tree (a root, a key or a link). */
export function hasTree(spec: CatalogSpec): boolean {
  return spec.root !== null || spec.datasets.some((d) => d.key !== null || d.links.length > 0);
}

/**
 * Checks keys and links (structure: errors; nulls and repeats in keys: errors; dangling
 * references: warnings) and builds the index tree tasks carry. Only datasets that loaded take
 * part (the others are reported by the loader), so one missing file does not add noise here.
 * @param refs the tables as tasks name them (their keys identify this data version)
 */
export async function checkTree(
  spec: CatalogSpec,
  datasets: ReadonlyMap<string, DatasetInfo>,
  refs: ReadonlyMap<string, TableRef>,
  run: RunTask,
  version: string,
): Promise<TreeCheck> {
  if (!hasTree(spec)) return { tree: null, errors: [], warnings: [] };
  const loaded = spec.datasets.filter((d) => datasets.has(d.name));
  const names = new Set(spec.datasets.map((d) => d.name));
  const specs: TreeDatasetSpec[] = loaded.map((d) => ({
    name: d.name,
    key: d.key,
    columns: datasets.get(d.name)!.columns,
    // A link to a declared dataset that failed to load is left out (its load problem says why).
    links: d.links.filter((l) => !names.has(l.to) || datasets.has(l.to)),
  }));
  const root = spec.root !== null && names.has(spec.root) && !datasets.has(spec.root) ? null : spec.root;
  const model = toModelTree(root, specs);
  const tables = Object.fromEntries(
    loaded.map((d) => [d.name, { ref: refs.get(d.name)!, rows: datasets.get(d.name)!.rows }]),
  );
  const { tree, problems } = await buildTreeIndex(model, tables, run, version);
  const all = [...model.problems, ...problems];
  const word = (p: TreeProblem) => {
    const where = spec.datasets.find((d) => d.name === p.dataset)?.where ?? '(top level)';
    return `${spec.path}: ${where}: ${p.message}`;
  };
  return {
    tree: model.problems.some((p) => p.level === 'error') ? null : tree,
    errors: all.filter((p) => p.level === 'error').map(word),
    warnings: all.filter((p) => p.level === 'warning').map(word),
  };
}

/** The entity of a catalog with a root: the catalog's `entity` names, else the root dataset's model name. */
export function toEntityInfo(spec: CatalogSpec, tree: TreeRef | null): EntityInfo | null {
  if (tree === null || spec.root === null) return null;
  const model = spec.datasets.find((d) => d.name === spec.root)?.model ?? spec.root;
  const name = spec.entity?.name ?? model;
  return { name, plural_name: spec.entity?.plural_name ?? toPlural(name), count: tree.entities };
}
