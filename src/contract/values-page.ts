// Tasks over an engine column Sorrel holds no values of (API.md §4, §12, §14): a values page (count, query, seeded draw), a tree column's summary and value search.
import type { ContextNode } from './context.ts';
import type { ScannedSummary, ValuesPick, ValuesQuery } from './engine.ts';
import type { TableRef } from './storage.ts';
import type { TreeContextNode, TreeRef } from './tree.ts';

/**
 * → ValuesPage (src/contract/engine.ts): the values `pick` selects among those `context` and `query`
 * keep; with `labelColumn`, labelled from it (the page then carries its values' labels, and `query`
 * reads them).
 */
export type ValuesPageTask = {
  kind: 'values-page';
  table: TableRef;
  column: string;
  labelColumn?: string;
  context: ContextNode | null;
  query: ValuesQuery | null;
  pick: ValuesPick;
};

/**
 * → ValueLabels: each non-null value of `column` with the label `labelColumn` gives it (the one most
 * of its records carry, src/engine/sql/labels.ts), of every value, or of `values` only (storage units).
 */
export type ValueLabelsTask = {
  kind: 'value-labels';
  table: TableRef;
  column: string;
  labelColumn: string;
  values: (number | string)[] | null;
};

/** Values (storage units, in no order) and their labels, index for index. */
export type ValueLabels = { values: (number | string)[]; labels: string[] };

/** → ValuesPage: the same over J(T) of `dataset` in a model tree, each value's count its distinct root entities (API.md §12). */
export type TreeValuesPageTask = {
  kind: 'tree-values-page';
  tree: TreeRef;
  dataset: string;
  column: string;
  labelColumn?: string; // labelled from its table's own rows, as ValuesPageTask's
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

/**
 * One query term of a pushed value search: `text` normalised as src/search/text.ts does it; a phrase
 * keeps its word boundaries (API.md §5). `asciiOnly` on the task restricts it to values whose every
 * character is ASCII (the ones whose normalised form the engine computes exactly, docs/engines.md).
 */
export type ValueTerm = { text: string; phrase: boolean };

/**
 * Search over the labels of an engine column's values beyond SORREL_SEARCH_VALUES_PER_FIELD (API.md
 * §14): its values' own labels, or with `labelColumn` the labels it gives them (src/engine/sql/labels.ts).
 * value-match → boolean[], one per term; value-accented → string[]: ≤ limit + 1 labels with a non-ASCII character.
 */
export type ValueSearchTask =
  | {
      kind: 'value-match';
      table: TableRef;
      column: string;
      labelColumn?: string;
      terms: ValueTerm[];
      asciiOnly: boolean;
    }
  | { kind: 'value-accented'; table: TableRef; column: string; labelColumn?: string; limit: number };

/**
 * The value-match and value-accented tasks over J(T) of `dataset`, whose
 * values are a tree field's (API.md §12): the value search of a field beyond the bound.
 */
export type TreeValueSearchTask =
  | {
      kind: 'tree-value-match';
      tree: TreeRef;
      dataset: string;
      column: string;
      labelColumn?: string;
      terms: ValueTerm[];
      asciiOnly: boolean;
    }
  | {
      kind: 'tree-value-accented';
      tree: TreeRef;
      dataset: string;
      column: string;
      labelColumn?: string;
      limit: number;
    };

/** The tasks of this file, as the task protocol lists them (src/contract/tasks.ts). */
export type PushedColumnTask =
  | ValueSearchTask
  | ValuesPageTask
  | ValueLabelsTask
  | TreeValuesPageTask
  | TreeSummaryTask
  | TreeValueSearchTask;

/**
 * A column's summary on the engine (API.md §14 "Sorrel holds no rows"), engine tables only:
 * `scanned`, what start-up's scan read, leaves only the distinct count to read, and with
 * `readValues` that count is the number of values, read when at most `distinctUpTo`.
 */
export type SummaryTask = {
  kind: 'summary';
  table: TableRef;
  column: string;
  distinctUpTo: number | null;
  scanned?: ScannedSummary;
  readValues?: boolean;
};
