// A field's context-naive 1-D groups from its profile (the naive values and counts made at load), without scanning rows.
import { toGroupLimit } from '../contract/limits.ts';
import type { DistParams, NumberRuns, ShapeGroups } from '../contract/tasks.ts';
import type { FieldValues } from './field-values.ts';

/**
 * The groups a `dist` task over the whole column would count for a 1-D distribution on an exact
 * axis, from the field's naive values: each distinct value ascending with its count (as the
 * scan finds them: the profile is the same sort or code count over every row), then the nulls'
 * group last when `params.nulls` and the column has nulls. `numbers` are the values as numbers
 * (an i64's decimal text through Number, as workers/group/sorted-groups.ts converts it) when outliers
 * and clustering apply, else null (the shaping reads them only then). `tooMany` when the groups
 * pass the group limit (toGroupLimit, src/contract/limits.ts: maxGroups unless clustered).
 *
 * Why: the scan sorts or counts every row again (12 bytes a row of transient for a float column
 * of 1M values: 1.1 GiB at 100M rows), where the profile already holds its answer; this costs
 * ~20 bytes per distinct value and no pass over the rows.
 */
export function toProfileGroups(values: FieldValues, params: DistParams): ShapeGroups {
  const n = values.values.length;
  const withNull = params.nulls && values.nullCount > 0;
  const size = n + (withNull ? 1 : 0);
  if (size > toGroupLimit(params)) return { size: 0, counts: new Float64Array(0), tooMany: true, dims: [] };
  const shared = size >= SHARED_FROM;
  const counts = toFloat64(size, shared);
  for (let i = 0; i < n; i++) counts[i] = values.counts[i];
  if (withNull) counts[n] = values.nullCount;
  const ranks = new Int32Array(shared ? new SharedArrayBuffer(4 * size) : new ArrayBuffer(4 * size));
  for (let g = 0; g < size; g++) ranks[g] = g;
  const numbers = params.numeric ? toFloat64(n, shared) : null;
  if (numbers) for (let i = 0; i < n; i++) numbers[i] = Number(values.values[i]);
  // A number column's values (a Float64Array, or an Int32 column's own) are its numbers (one array, sent
  // once); others are sent as they are.
  const sent = numbers !== null && isNumberArray(values.values) ? numbers : toOwn(values.values);
  return { size, counts, tooMany: false, dims: [{ values: sent, numbers, ranks }] };
}

/**
 * A number field's profile as the `shape-runs` task reads it (workers/dist/runs-grid.ts), when its naive
 * 1-D distribution is clustered over more distinct values than maxClusterPoints; else null (the
 * groups above are sent). Its arrays are sent as they are when they live in shared memory (a key
 * column's: a built file's precomputed section, or the profile task's answer), so the task copies
 * nothing; else as their own bytes.
 *
 * Why: the groups of a key column are 24 bytes a distinct value made on this thread (2.4 GiB at 100M
 * rows) and ~17 more in the worker; the task needs only the values and counts the profile holds.
 */
export function toProfileRuns(values: FieldValues, params: DistParams): NumberRuns | null {
  const { values: numbers, counts, nullCount } = values;
  if (!(params.numeric && params.cluster && isNumberArray(numbers))) return null;
  if (numbers.length <= params.maxClusterPoints || !isCountArray(counts)) return null;
  return { values: toOwn(numbers), counts: toOwn(counts) as NumberRuns['counts'], nullCount };
}

/** A profile's values as a typed array of numbers: Float64, or Int32 (an Int32 column's own, in order). */
function isNumberArray(values: ArrayLike<number | string>): values is Float64Array | Int32Array {
  return values instanceof Float64Array || values instanceof Int32Array;
}

function isCountArray(counts: ArrayLike<number>): counts is NumberRuns['counts'] {
  return (
    counts instanceof Uint8Array ||
    counts instanceof Uint16Array ||
    counts instanceof Uint32Array ||
    counts instanceof Float64Array
  );
}

/**
 * Groups from this many on are sent to the worker in shared memory. Why: a task's structured clone
 * copies every typed array twice (into the message, out of it); a key column's groups (24 bytes a
 * value) would be held three times over while the shape task starts.
 */
const SHARED_FROM = 65_536;

function toFloat64(n: number, shared: boolean): Float64Array {
  return new Float64Array(shared ? new SharedArrayBuffer(8 * n) : new ArrayBuffer(8 * n));
}

/**
 * The values, a typed array that is sent without copying its neighbours: as it is when it lives in
 * shared memory (a task's structured clone shares that buffer) or holds a buffer of its own, else its
 * own bytes. Why: a snapshot read from a built file holds them as views of the file's values section,
 * and a structured clone copies a view's whole ArrayBuffer (every field's values and counts), not the
 * view's bytes.
 */
function toOwn<T extends ArrayLike<number | string>>(values: T): T {
  if (!ArrayBuffer.isView(values)) return values;
  const typed = values as unknown as Float64Array;
  if (typed.buffer instanceof SharedArrayBuffer) return values;
  return (typed.byteOffset === 0 && typed.byteLength === typed.buffer.byteLength
    ? typed
    : typed.slice()) as unknown as T;
}
