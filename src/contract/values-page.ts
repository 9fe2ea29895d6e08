// The values-page tasks (API.md §4, §12, §14): one page, count or seeded draw of an engine column's values, computed by the engine; a tree column's summary.
import type { ContextNode } from './context.ts';
import type { ValuesPick, ValuesQuery } from './engine.ts';
import type { TableRef } from './storage.ts';
import type { TreeContextNode, TreeRef } from './tree.ts';

/** → ValuesPage (src/contract/engine.ts): the values `pick` selects among those `context` and `query` keep. */
export type ValuesPageTask = {
  kind: 'values-page';
  table: TableRef;
  column: string;
  context: ContextNode | null;
  query: ValuesQuery | null;
  pick: ValuesPick;
};

/** → ValuesPage: the same over J(T) of `dataset` in a model tree, each value's count its distinct root entities (API.md §12). */
export type TreeValuesPageTask = {
  kind: 'tree-values-page';
  tree: TreeRef;
  dataset: string;
  column: string;
  context: TreeContextNode | null;
  query: ValuesQuery | null;
  pick: ValuesPick;
};

/** → ColumnSummary (src/contract/engine.ts): the `summary` task's answer over J(T) of `dataset`, for its naive field (API.md §12, §14). */
export type TreeSummaryTask = {
  kind: 'tree-summary';
  tree: TreeRef;
  dataset: string;
  column: string;
  distinctUpTo: number | null;
};

/** The tasks of this file, as the task protocol lists them (src/contract/tasks.ts). */
export type PushedColumnTask = ValuesPageTask | TreeValuesPageTask | TreeSummaryTask;
