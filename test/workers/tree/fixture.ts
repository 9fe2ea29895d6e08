// Test helper: a model tree over tiny tables, checked and indexed exactly as at load (tasks run in-thread).
import type { InternalType } from '../../../src/contract/model.ts';
import type { TreeRef } from '../../../src/contract/tree.ts';
import { toModelTree, type ModelTree, type TreeDatasetSpec, type TreeProblem } from '../../../src/catalog/tree.ts';
import { buildTreeIndex, type IndexTable } from '../../../src/snapshot/build/tree-index.ts';
import run from '../../../workers/index.ts';
import { openTree, type TreeView } from '../../../workers/tree/open.ts';
import { makeTableRef, type ColumnSpec } from '../table.ts';

export type TestTable = { key?: string; links?: { column: string; to: string }[]; columns: Record<string, ColumnSpec> };

const TYPES: Record<ColumnSpec['kind'], InternalType> = {
  f64: 'integer',
  i32: 'integer',
  i64: 'biginteger',
  dict: 'text',
  bool: 'boolean',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
};

let serial = 0;

export type Indexed = { ref: TreeRef; tree: TreeView; model: ModelTree; problems: TreeProblem[] };

/** Checks and indexes `tables` around `root`; throws when there is no tree. */
export async function makeTree(root: string, tables: Record<string, TestTable>): Promise<Indexed> {
  const datasets = Object.entries(tables).map(([name, t]) => ({
    name,
    key: t.key ?? null,
    links: t.links ?? [],
    columns: Object.fromEntries(Object.entries(t.columns).map(([c, s]) => [c, TYPES[s.kind]])),
  }));
  const loaded = Object.fromEntries(
    Object.entries(tables).map(([name, t]) => {
      const rows = Object.values(t.columns)[0]?.values.length ?? 0;
      return [name, { ref: makeTableRef(t.columns), rows }];
    }),
  );
  return indexTree(root, datasets, loaded);
}

/** Checks and indexes loaded tables around `root`, as a snapshot would; throws when there is no tree. */
export async function indexTree(
  root: string,
  datasets: TreeDatasetSpec[],
  loaded: Record<string, IndexTable>,
): Promise<Indexed> {
  const model = toModelTree(root, datasets);
  const { tree: ref, problems } = await buildTreeIndex(model, loaded, run, `tree-${++serial}`);
  if (ref === null) throw new Error(`No tree: ${model.problems.map((p) => p.message).join('; ')}`);
  return { ref, tree: openTree(ref), model, problems: [...model.problems, ...problems] };
}
