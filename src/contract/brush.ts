// Linked brushing (API.md §16): a brushed view's index as it crosses threads, every array in shared memory.

/**
 * The brushed column of a view (a base context and one number, date or time column): the rows the
 * base keeps whose brushed value is not null, sorted by that value (workers/brush/view.ts). Value
 * `uniq[j]` holds sorted positions [starts[j], starts[j + 1]); `rows[p]` is the row at position p.
 * Every array lives in a SharedArrayBuffer, so each thread reads the same memory.
 */
export type BrushView = { size: number; uniq: Float64Array; starts: Int32Array; rows: Int32Array; bytes: number };

/**
 * One chart's groups in a view's order: `codes[p]` the group of sorted position p (a Uint8, Uint16
 * or Int32 array), `marks` the count of each group over positions [0, k·block) at k·card + group.
 * Per dimension, each group's rank into that dimension's distinct values (`values`: a number
 * dimension's sorted values, a dict one's dictionary on the worker, a bool's 0/1), the rank
 * `values.length` being null. `withNull[g]` = 1 when group g has a null in some dimension.
 */
export type BrushChart = {
  card: number;
  block: number;
  codes: Uint8Array | Uint16Array | Int32Array;
  marks: Uint32Array;
  withNull: Uint8Array;
  dims: { kind: 'number' | 'dict' | 'bool'; column: string; values: Float64Array | null; ranks: Int32Array }[];
  bytes: number;
};

/** The brushed conditions of a request, all on the view's column and all true for a kept row (API.md §6). */
export type BrushRange = { operator: 'gte' | 'gt' | 'lte' | 'lt' | 'range'; value: number | number[] }[];
