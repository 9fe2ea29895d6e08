// Shared types: the catalog model, column storage contract, and the worker task protocol.
// Both the main thread (src/, loaders/) and the workers (workers/) import from here, type-only.

/** Catalog `internal_type` values (API.md §3). */
export type InternalType =
  | 'integer' | 'biginteger' | 'float' | 'decimal' | 'boolean'
  | 'char' | 'text' | 'date' | 'datetime' | 'time' | 'key';

/** Catalog `simple_type` values (API.md §3). */
export type SimpleType = 'number' | 'string' | 'boolean' | 'date' | 'datetime' | 'time' | 'key';

export const INTERNAL_TYPES: readonly InternalType[] = [
  'integer', 'biginteger', 'float', 'decimal', 'boolean', 'char', 'text', 'date', 'datetime', 'time', 'key',
];

/**
 * How a column of each internal type is stored in the Arrow tables the loaders build.
 * Every table is one record batch (one chunk per column), so a worker scans plain typed arrays.
 *
 * | internal type                    | Arrow type               | raw buffer        | unit                      |
 * |----------------------------------|--------------------------|-------------------|---------------------------|
 * | integer, float, decimal, key     | Float64                  | Float64Array      | the number                |
 * | biginteger                       | Int64                    | BigInt64Array     | the integer               |
 * | boolean                          | Bool                     | bit-packed Uint8  | 1 = true                  |
 * | char, text                       | Dictionary<Utf8, Int32>  | Int32Array codes  | dictionary sorted by code point, no duplicates |
 * | date                             | DateDay                  | Int32Array        | days since 1970-01-01     |
 * | datetime                         | Float64 (+ field metadata sorrel.type=datetime) | Float64Array | ms since epoch, UTC |
 * | time                             | TimeMillisecond          | Int32Array        | ms since midnight         |
 *
 * Nulls are in the validity bitmap (bit set = valid); the value slot of a null is 0.
 */
export type StorageKind = 'f64' | 'i64' | 'bool' | 'dict' | 'i32';

export type User = { name: string; privileged: boolean; groups: string[] };

export type Category = { id: number; name: string; order: number; parent: number | null };

/** A field as the snapshot keeps it: every public attribute resolved, plus where its data lives. */
export type Field = {
  id: number;
  dataset: string;         // dataset name = app_name
  column: string;          // column in the dataset's table = field_name
  name: string;
  plural_name: string;
  alt_name: string | null;
  alt_plural_name: string | null;
  description: string | null;
  keywords: string | null;
  app_name: string;
  model_name: string;
  field_name: string;
  internal_type: InternalType;
  simple_type: SimpleType;
  enumerable: boolean;
  searchable: boolean;
  nullable: boolean;
  unit: string | null;
  plural_unit: string | null;
  published: boolean;
  archived: boolean;
  modified: string;
  data_modified: string | null;
  operators: [string, string][];
  groups: string[] | null;          // null = no group restriction
  category: number | null;          // category the catalog gives, else null
  label_column: string | null;      // column holding display labels for this field's codes
};

export type ConceptFieldRef = { id: number; alt_name: string | null; alt_plural_name: string | null };

export type Concept = {
  id: number;
  name: string;
  plural_name: string;
  description: string;
  keywords: string;
  category: number | null;
  order: number;
  published: boolean;
  archived: boolean;
  sortable: boolean;
  formatter_name: string;
  queryview: string;
  modified: string;
  groups: string[] | null;
  fields: ConceptFieldRef[];
};

/** A loaded dataset: its Arrow IPC bytes in shared memory plus what the main thread needs about it. */
export type DatasetInfo = {
  name: string;
  model: string;
  file: string;
  format: DataFormat;
  rows: number;
  bytes: number;                      // Arrow buffer bytes
  dataModified: string;               // file mtime, API timestamp format
  columns: Record<string, InternalType>;
  ipc: SharedArrayBuffer;             // tableToIPC(table, 'file') bytes
};

export type DataFormat = 'csv' | 'tsv' | 'ndjson' | 'json' | 'arrow' | 'parquet';

// ---------------------------------------------------------------------------------------------
// Context filter tree (API.md §6), after validation on the main thread.

export type ContextCondition = {
  field: number;
  column: string;
  type: InternalType;
  operator: string;            // one of the field's operator codes
  value: unknown;              // already converted to storage units (see ContextValue below)
};
export type ContextBranch = { type: 'and' | 'or'; children: ContextNode[] };
export type ContextNode = ContextCondition | ContextBranch;

// ---------------------------------------------------------------------------------------------
// Worker task protocol. Everything here is plain data or typed arrays (structured-clone safe).

/** Identifies one dataset's table; the worker decodes `ipc` once per `key` and caches it. */
export type TableRef = { key: string; ipc: SharedArrayBuffer };

export type Task =
  | { kind: 'distinct'; table: TableRef; column: string; context: ContextNode | null }
  | { kind: 'dist'; table: TableRef; columns: string[]; context: ContextNode | null; params: DistParams }
  | { kind: 'stats'; table: TableRef; column: string; context: ContextNode | null }
  | { kind: 'profile'; table: TableRef; column: string; stats: boolean }   // context-naive distinct (+ stats), at load
  | { kind: 'crash' }
  // The model tree (API.md §12): checks and index at load, then entity-level compute.
  | { kind: 'tree-key'; table: TableRef; column: string }                                   // → KeyReport
  | { kind: 'tree-link'; from: TableRef; column: string; to: TableRef; key: string; out: SharedArrayBuffer } // → LinkReport
  | { kind: 'tree-entity'; chain: SharedArrayBuffer[]; out: SharedArrayBuffer }             // → null
  | { kind: 'tree-count'; tree: TreeRef; context: TreeContextNode | null }                  // → number
  | { kind: 'tree-distinct'; tree: TreeRef; dataset: string; column: string; context: TreeContextNode | null } // → DistinctResult
  | { kind: 'tree-dist'; tree: TreeRef; base: string; dimensions: TreeDimension[]; context: TreeContextNode | null; params: DistParams } // → DistResult
  | { kind: 'tree-stats'; tree: TreeRef; dataset: string; column: string; context: TreeContextNode | null }; // → StatsResult

/**
 * Distinct values of one column with record counts, ascending by value.
 * `values` holds storage-unit values: numbers for f64/i32, strings (decimal text) for i64,
 * 0/1 for bool, dictionary strings for dict.
 */
export type DistinctResult = {
  values: (number | string)[];
  counts: number[];
  nullCount: number;
};

/** Parameters of a distribution (API.md §7), validated on the main thread. */
export type DistParams = {
  nulls: boolean;
  sort: 'fields' | 'count';
  cluster: boolean;
  n: number | null;          // validated 1.. only against the point count inside the worker
  numeric: boolean;          // every dimension has simple_type "number": outliers and clustering apply
  maxGroups: number;
};

/** One point of a distribution; `values[d]` in storage units (null = null). */
export type DistPoint = { count: number; values: (number | string | null)[] };

/** A distribution before labels: `tooMany` when the groups exceed maxGroups; `badN` when n > points. */
export type DistResult = {
  size: number;
  clustered: boolean;
  data: DistPoint[];
  outliers: DistPoint[];
  tooMany: boolean;
  badN: { n: number; points: number } | null;
};

/** The answer to a `profile` task. */
export type ProfileResult = { distinct: DistinctResult; stats: StatsResult | null };

export type StatsResult = {
  count: number;
  null_count: number;
  distinct: number;
  min: number | string | null;   // storage units; decimal text for an i64 beyond 2^53
  max: number | string | null;
  mean: number | null;
  stddev: number | null;
  sum: number | null;
  quantiles: { p05: number | null; p25: number | null; p50: number | null; p75: number | null; p95: number | null } | null;
};

// ---------------------------------------------------------------------------------------------
// The model tree (API.md §12), built by src/catalog/tree.ts and indexed at load by the workers.

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
 * The index keeps `entity[d]` only within 8 bytes a row of d (src/catalog/tree-index.ts);
 * workers compose a missing one from the links.
 */
export type TreeRef = {
  key: string;                                  // changes with the data, like TableRef.key
  shape: TreeShape;
  tables: Record<string, TableRef>;
  entities: number;                             // rows of the root
  resolved: SharedArrayBuffer[];
  entity: Record<string, SharedArrayBuffer>;
};

/** A context condition on a field of any table of the tree: `dataset` names that table. */
export type TreeCondition = ContextCondition & { dataset: string };
export type TreeContextNode = TreeCondition | { type: 'and' | 'or'; children: TreeContextNode[] };

/** A dimension of a tree distribution: `path` = indexes in TreeShape.links followed in their direction from the base. */
export type TreeDimension = { dataset: string; column: string; path: number[] };

/** A key column's check: nulls (with the first rows, from 0) and repeated values (rows after the first, with the first values). */
export type KeyReport = { rows: number; nulls: number; nullRows: number[]; duplicates: number; duplicateValues: (number | string)[] };

/** A link column's resolution: null values, and non-null values that match no key (dangling, with the first values). */
export type LinkReport = { rows: number; nulls: number; dangling: number; danglingValues: (number | string)[] };
