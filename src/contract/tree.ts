// The model tree (API.md §12) as it crosses threads: its shape, its load-time index, context over its tables, reports.
import type { ContextCondition } from './context.ts';
import type { TableRef } from './storage.ts';

/** One link of the tree: `from.column` holds values of `to`'s key column `key` (many rows to one). */
export type TreeLink = { from: string; column: string; to: string; key: string };

/** Where a dataset sits in the tree, seen from the root. */
export type TreeNode = {
  /** The neighbour on the way to the root; null for the root. */
  parent: string | null;
  /** Index in TreeShape.links of the link between this dataset and `parent`; -1 for the root. */
  link: number;
  /** child: this dataset links to `parent` (many rows to one); lookup: `parent` links to it (one row to many). */
  step: 'root' | 'child' | 'lookup';
  depth: number;
  /** The nearest dataset on the way to the root, itself included, reached by child steps only: each of its rows belongs to at most one entity. */
  anchor: string;
};

/** The root and every dataset connected to it, with the links between them (plain data). */
export type TreeShape = { root: string; nodes: Record<string, TreeNode>; links: TreeLink[] };

/**
 * A tree with its tables and load-time index, as a task carries it: shared buffers, no copies.
 * `resolved[i]` is an Int32Array over the rows of `links[i].from`: the row of `links[i].to` that
 * the link column names, -1 for a null or dangling value. `entity[d]`, for a dataset reached by
 * child steps at depth 2 or more, is an Int32Array over its rows: the root row (entity index),
 * -1 when not joined; at depth 1 that is `resolved[nodes[d].link]` and the root needs none.
 * The index keeps `entity[d]` only within 8 bytes a row of d (src/snapshot/build/tree-index.ts);
 * workers compose a missing one from the links.
 */
export type TreeRef = {
  key: string; // changes with the data, like TableRef.key
  shape: TreeShape;
  tables: Record<string, TableRef>;
  entities: number; // rows of the root
  resolved: SharedArrayBuffer[];
  entity: Record<string, SharedArrayBuffer>;
};

/** A context condition on a field of any table of the tree: `dataset` names that table. */
export type TreeCondition = ContextCondition & { dataset: string };
export type TreeContextNode = TreeCondition | { type: 'and' | 'or'; children: TreeContextNode[] };

/** A dimension of a tree distribution: `path` = indexes in TreeShape.links followed in their direction from the base. */
export type TreeDimension = { dataset: string; column: string; path: number[] };

/** A key column's check: nulls (with the first rows, from 0) and repeated values (rows after the first, with the first values). */
export type KeyReport = {
  rows: number;
  nulls: number;
  nullRows: number[];
  duplicates: number;
  duplicateValues: (number | string)[];
};

/** A link column's resolution: null values, and non-null values that match no key (dangling, with the first values). */
export type LinkReport = {
  rows: number;
  nulls: number;
  dangling: number;
  danglingValues: (number | string)[];
  /** Engine tables that both declare `root_key` (API.md §14): rows whose key row is on another shard. */
  misplaced?: number;
};
