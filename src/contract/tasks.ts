// The worker task protocol: every task and answer is plain data or typed arrays (structured-clone safe).
import type { BrushChart, BrushRange, BrushView } from './brush.ts';
import type { ContextNode } from './context.ts';
import type { ColumnSummary } from './engine.ts';
import type { PushedColumnTask, SummaryTask } from './values-page.ts';
import type { GridCells } from './grid.ts';
import type { TableRef } from './storage.ts';
import type { TreeContextNode, TreeDimension, TreeRef } from './tree.ts';

export type Task =
  | { kind: 'distinct'; table: TableRef; column: string; context: ContextNode | null; rows?: RowRange }
  | {
      kind: 'dist';
      table: TableRef;
      columns: string[];
      context: ContextNode | null;
      params: DistParams;
      rows?: RowRange;
    }
  | { kind: 'stats'; table: TableRef; column: string; context: ContextNode | null; rows?: RowRange }
  | { kind: 'merge'; task: SplitTask; parts: unknown[] } // the parts of a split task → that task's answer
  | { kind: 'profile'; table: TableRef; column: string; stats: boolean } // context-naive distinct (+ stats), at load
  // The model tree (API.md §12): checks and index at load, then entity-level compute.
  | { kind: 'tree-key'; table: TableRef; column: string } // → KeyReport
  | { kind: 'tree-link'; from: TableRef; column: string; to: TableRef; key: string; out: SharedArrayBuffer } // → LinkReport
  | { kind: 'tree-entity'; chain: SharedArrayBuffer[]; out: SharedArrayBuffer } // → null
  | { kind: 'tree-count'; tree: TreeRef; context: TreeContextNode | null } // → number
  | { kind: 'tree-distinct'; tree: TreeRef; dataset: string; column: string; context: TreeContextNode | null } // → DistinctResult
  | {
      kind: 'tree-dist';
      tree: TreeRef;
      base: string;
      dimensions: TreeDimension[];
      context: TreeContextNode | null;
      params: DistParams;
    } // → DistResult
  | { kind: 'tree-stats'; tree: TreeRef; dataset: string; column: string; context: TreeContextNode | null } // → StatsResult
  // Start-up and /values/ of an engine column without holding its values (API.md §14 "Sorrel holds no rows"): engine tables only.
  | SummaryTask // → ColumnSummaryRead
  | PushedColumnTask // → ValuesPage (a page, also over J(T) of a model tree), ValueLabels, a tree column's ColumnSummary, or a value search's answer
  // Shaping of what an engine grouped (API.md §14): the same functions the table tasks end with.
  | { kind: 'shape'; groups: ShapeGroups; params: DistParams } // → DistResult
  | { kind: 'shape-runs'; runs: NumberRuns; params: DistParams } // → DistResult: a field's profile, clustered 1-D
  | { kind: 'shape-cells'; grid: GridCells; nulls: DistPoint[]; params: DistParams } // → DistResult: §13's grid an engine computed
  | { kind: 'shape-stats'; runs: ValueRuns } // → StatsResult
  // Linked brushing (API.md §16): a brushed view's index built in the workers, then ranges counted from it.
  | { kind: 'brush-view'; table: TableRef; base: ContextNode | null; column: string } // → BrushView | null
  | { kind: 'brush-chart'; table: TableRef; view: BrushView; columns: string[]; axes: AxisSpec[] } // → BrushChart | null
  | { kind: 'brush-dist'; table: TableRef; view: BrushView; chart: BrushChart; range: BrushRange; params: DistParams } // → DistResult
  | { kind: 'brush-distinct'; table: TableRef; view: BrushView; chart: BrushChart; range: BrushRange }; // → DistinctResult

export type { ValueTerm } from './values-page.ts';

/**
 * The table tasks a large request splits by rows across idle threads (src/parallel/split.ts). With `rows`
 * a task answers for rows [start, end) only, in a form its `merge` task combines: a distinct
 * task a DistinctPart, a dist task its counted groups (GroupsPart), a stats task its sorted
 * values and exact sums (workers/stats-parts.ts).
 */
export type SplitTask = Extract<Task, { kind: 'distinct' | 'dist' | 'stats' }>;

/** Rows [start, end) of a table. */
export type RowRange = [number, number];

/**
 * A dist task's groups over some rows, before shaping: workers/group/group.ts's Groups, in ascending
 * order of their values dimension by dimension (nulls last); `ranks[g] === values.length` is null.
 * `values` null: the dimension's column is a dictionary column, whose codes are the ranks (the
 * strings stay on the worker threads, which have the dictionary).
 */
export type GroupsPart = {
  size: number;
  counts: Float64Array;
  tooMany: boolean;
  dims: { values: ArrayLike<number | string> | null; numbers: Float64Array | null; ranks: Int32Array }[];
};

/**
 * A distinct task's answer over some rows, as typed arrays moved between threads (not copied): a
 * number column's distinct values and counts; a dict or bool column's count per code. An i64
 * column's is a DistinctResult.
 */
export type DistinctPart =
  | DistinctResult
  | { values: Float64Array; counts: Float64Array; nullCount: number }
  | { codes: Float64Array; nullCount: number };

/**
 * A task as the pool sends it: with one shared Int32 the worker sets to 1 when it starts the task, so
 * the pool can tell a queued task (dropped at once on abort) from a running one (given a grace).
 */
export type PooledTask = Task & { started?: Int32Array };

/** A `summary` task's answer: with the naive distinct values when it read them with the count (engineDistinctUpTo). */
export type ColumnSummaryRead = ColumnSummary & { values?: DistinctResult };

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

/**
 * Counted groups as workers/group/group.ts makes them (its Groups type): in ascending order of their
 * values, dimension by dimension, nulls last. Per dimension, the distinct values ascending (in
 * DistPoint form), as numbers for clustering (null for text), and per group the index of its value
 * (`values.length` = null).
 */
export type ShapeGroups = {
  size: number;
  counts: Float64Array;
  tooMany: boolean;
  dims: { values: ArrayLike<number | string>; numbers: Float64Array | null; ranks: Int32Array }[];
};

/**
 * A number field's profile as a clustered naive 1-D distribution reads it (workers/dist/runs-grid.ts): its
 * distinct values ascending, each one's count, and its nulls. A key column's arrays live in shared
 * memory (a built file's precomputed section, or the profile task's answer), so the task holds views.
 */
export type NumberRuns = {
  values: Float64Array | Int32Array; // Int32: an Int32 column in order, its values a view of it
  counts: Uint8Array | Uint16Array | Uint32Array | Float64Array;
  nullCount: number;
};

/** A column's non-null values as ascending distinct values and their counts, plus its nulls (for shape-stats). */
export type ValueRuns = {
  values: Float64Array | Int32Array | BigInt64Array;
  counts: Float64Array;
  nullCount: number;
  temporal: boolean;
};

/** Parameters of a distribution (API.md §7), validated on the main thread. */
export type DistParams = {
  nulls: boolean;
  sort: 'fields' | 'count';
  cluster: boolean;
  n: number | null; // validated 1.. only against the point count inside the worker
  numeric: boolean; // every dimension has simple_type "number" and none is binned: outliers and clustering apply
  maxGroups: number; // the limit on groups, unless clustering applies (API.md §13)
  maxClusterPoints: number; // above this many groups (after outliers), clustering gathers them on a grid first
  axes: AxisSpec[]; // per dimension: exact values, bins or an interval (API.md §13)
};

/**
 * How one dimension groups its values (API.md §13). `bins`: a number axis grouped into `count`
 * bins of width `width` (see src/common/bins.ts); `interval`: a date, datetime or time axis
 * truncated to `unit` (src/common/intervals.ts). Grouped axes are counted by the bin index or
 * period ordinal, which the route turns back into values and labels.
 */
export type AxisSpec =
  | { kind: 'exact' }
  | { kind: 'bins'; bins: BinSpec }
  | { kind: 'interval'; unit: IntervalUnit; type: TemporalType };

/** Equal-width bins: bin i spans [start + i·width, …); `inv` = 1/width when width < 1 (an integer), else 0. */
export type BinSpec = { width: number; start: number; count: number; inv: number; base: number };

export type IntervalUnit = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** The storage of a temporal axis: date (days), datetime (ms since epoch), time (ms since midnight). */
export type TemporalType = 'date' | 'datetime' | 'time';

/** One point of a distribution; `values[d]` in storage units (null = null). */
export type DistPoint = { count: number; values: (number | string | null)[] };

/**
 * A distribution before labels: `tooMany` when the groups exceed maxGroups; `badN` when n > points;
 * `cells` the non-empty grid cells when clustering gathered the groups on a grid first (API.md §13).
 */
export type DistResult = {
  size: number;
  clustered: boolean;
  cells?: number;
  data: DistPoint[];
  outliers: DistPoint[];
  tooMany: boolean;
  badN: { n: number; points: number } | null;
};

/**
 * `n` points: counts, and per dimension each point's kind (0 number, 1 string, 2 null), its number,
 * and its string as `text` from the previous point's end to `ends[j]`.
 *
 * Why: a worker's result crosses to the main thread by structured clone, made in one piece there.
 * 20,000 points of two values took 11-14 ms of the event loop to clone and 50,000 took ~45 ms (the
 * `loop` bench, bench/README.md); made and read by src/common/flat-points.ts. Typed arrays move without a copy, one string clones as one block,
 * and each point is made when its slice of the answer is written (src/http/serialize.ts).
 */
export type FlatPoints = {
  flat: true;
  n: number;
  counts: Float64Array;
  dims: { kinds: Uint8Array; numbers: Float64Array; ends: Uint32Array; text: string }[];
};

/**
 * A DistResult as a worker thread returns it: a long `data` list flat (FlatPoints), a short one as
 * is; the main thread reads either with pointAt and pointCount (src/common/flat-points.ts).
 */
export type DistAnswer = Omit<DistResult, 'data'> & { data: DistPoint[] | FlatPoints };

/**
 * The answer to a `profile` task: the column's distinct values and counts, and its stats. A number
 * column's come as typed arrays (a key column has as many distinct values as rows: a typed array
 * crosses threads as one copy and holds 8 and 4 bytes a value, where a list of numbers is cloned
 * element by element); strings and 64-bit integers (decimal text) as lists. No labels: the main
 * thread makes them when a value is shown (src/snapshot/field-values.ts).
 */
export type ProfileResult = { distinct: ProfileValues; stats: StatsResult | null };

/**
 * A profile's distinct values: DistinctResult's, as typed arrays for a number column (an Int32Array
 * when they are an Int32 column's own values, already in order: workers/values/profile.ts).
 */
export type ProfileValues = {
  values: Float64Array | Int32Array | (number | string)[];
  counts: Uint8Array | Uint16Array | Uint32Array | Float64Array | number[];
  nullCount: number;
};

export type StatsResult = {
  count: number;
  null_count: number;
  distinct: number;
  min: number | string | null; // storage units; decimal text for an i64 beyond 2^53
  max: number | string | null;
  mean: number | null;
  stddev: number | null;
  sum: number | string | null; // exact for whole numbers: decimal text beyond 2^53
  quantiles: {
    p05: number | null;
    p25: number | null;
    p50: number | null;
    p75: number | null;
    p95: number | null;
  } | null;
};
