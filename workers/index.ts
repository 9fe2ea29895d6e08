// The Piscina worker: a thin adapter from a Task to the pure compute functions.
import { isMainThread, workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { FLAT_MIN, toFlatBuffers, toFlatPoints } from '../src/common/flat-points.ts';
import type { ContextNode } from '../src/contract/context.ts';
import type {
  DistinctPart,
  DistinctResult,
  DistParams,
  DistResult,
  GroupsPart,
  PooledTask,
  ProfileResult,
  SplitTask,
  Task,
} from '../src/contract/tasks.ts';
import { brushDistinct, brushDistribution } from './brush/count.ts';
import { brushChart, brushView } from './brush/view.ts';
import { countCodes } from './group/codes.ts';
import type { Groups } from './group/group.ts';
import { type ColumnView, openTable, type TableView } from './table/columns.ts';
import { distinctValues, rangedDistinct } from './values/distinct.ts';
import { distributionGroups, rangedDistributionGroups, shapeDistribution } from './dist/dist.ts';
import { checkKey, resolveLink } from './tree/key-index.ts';
import { contextMask } from './mask/mask.ts';
import { toRangeFilter } from './mask/range.ts';
import { toGroupsPart } from './split/groups.ts';
import { mergeParts } from './split/merge.ts';
import { lowerPriority } from './priority.ts';
import { profileColumn } from './values/profile.ts';
import { shapeRuns } from './dist/runs-grid.ts';
import { shapeCells, shapeGroups, shapeStats } from './dist/shape.ts';
import { sliceTable } from './table/slice.ts';
import { columnStats } from './stats/stats.ts';
import { type StatsPart, statsPart } from './stats/parts.ts';
import { contextEntities } from './tree/context.ts';
import { treeDistribution } from './tree/dist.ts';
import { treeDistinct } from './tree/distinct.ts';
import { composeEntity, openTree } from './tree/open.ts';
import { treeStats } from './tree/stats.ts';
import { warmUp } from './warm.ts';
import { beginBackground, createYielder, setYielder } from './yield.ts';

// What the bench times beside its peers, through this entry (bench/kmeans/, bench/scale/, bench/stats/).
export { clusterPoints, defaultK } from './cluster/kmeans.ts';
export { normalise } from './cluster/outliers.ts';
export { toGridSide } from './cluster/grid.ts';
export type { ColumnView } from './table/columns.ts';
export { selectValues } from './table/select.ts';
export { sortValues } from './group/sort.ts';
export { columnStats, countRuns } from './stats/stats.ts';
export { mergeStats, statsPart, type StatsPart } from './stats/parts.ts';

// Once per thread, as the pool starts it: yield to the main thread (the pool's `workerNice`, src/parallel/compute-pool.ts),
// never when a test runs this module on its main thread; then warm the compute up (workers/warm.ts),
// except in a thread that only loads (src/parallel/load-pool.ts).
// A background thread (its workerData holds the gauge of running request tasks) gives way to them (workers/yield.ts).
const data = workerData as { nice?: number; warm?: boolean; gauge?: SharedArrayBuffer } | null;
if (!isMainThread) lowerPriority(data?.nice ?? 0);
if (!isMainThread && data?.gauge) setYielder(createYielder({ gauge: new Int32Array(data.gauge) }));
if (data?.warm !== false) warmUp();

/** Runs one task on this thread and returns plain, structured-clone-safe data. */
export default async function run(task: PooledTask): Promise<unknown> {
  if (task.started) Atomics.store(task.started, 0, 1); // the pool now knows it runs (src/parallel/compute-pool.ts)
  switch (task.kind) {
    case 'tree-key':
      return checkKey(openTable(task.table).column(task.column));
    case 'tree-link':
      return resolveLink(
        openTable(task.from).column(task.column),
        openTable(task.to).column(task.key),
        new Int32Array(task.out),
      );
    case 'tree-entity':
      composeEntity(
        task.chain.map((b) => new Int32Array(b)),
        new Int32Array(task.out),
      );
      return null;
    case 'shape':
      return toFlatAnswer(shapeGroups(task.groups, task.params));
    case 'shape-runs':
      return toFlatAnswer(shapeRuns(task.runs, task.params));
    case 'shape-cells':
      return toFlatAnswer(shapeCells(task.grid, task.nulls, task.params));
    case 'shape-stats':
      return shapeStats(task.runs);
    case 'tree-count':
    case 'tree-distinct':
    case 'tree-dist':
    case 'tree-stats':
      return runTree(task);
    case 'value-match':
    case 'value-accented':
    case 'summary':
    case 'values-page':
    case 'value-labels':
    case 'tree-summary':
    case 'tree-values-page':
    case 'tree-value-match':
    case 'tree-value-accented':
      // Engine tables only: an in-memory field's values are all in memory (and in the search index).
      throw new Error(`The ${task.kind} task runs on an engine table only (src/engine/).`);
    case 'brush-view':
      beginBackground();
      return brushView(openTable(task.table), task.base, task.column);
    case 'brush-chart':
      beginBackground();
      return brushChart(openTable(task.table), task.view, task.columns, task.axes);
    case 'brush-dist':
      return toFlatAnswer(brushDistribution(openTable(task.table), task.view, task.chart, task.range, task.params));
    case 'brush-distinct':
      return brushDistinct(openTable(task.table), task.view, task.chart, task.range);
    case 'merge': {
      const merged = mergeParts(task.task, task.parts);
      return 'clustered' in merged ? toFlatAnswer(merged) : merged;
    }
    default:
      return runTable(task);
  }
}

const LARGE = 100_000;

type TableTask = Extract<Task, { kind: 'distinct' | 'dist' | 'stats' | 'profile' }>;
type TreeTask = Extract<Task, { kind: 'tree-count' | 'tree-distinct' | 'tree-dist' | 'tree-stats' }>;

function runTable(task: TableTask): unknown {
  const table = openTable(task.table);
  if (task.kind === 'profile') {
    const profile = profileColumn(table.column(task.column), task.stats);
    // A profile's sorted copy of a large column is garbage now: collected at once, it is not still
    // resident when the next profile makes its own (load's peak memory; see exposeGc in src/serve/lifecycle.ts).
    if (table.rows >= LARGE) (globalThis as { gc?: () => void }).gc?.();
    return toMoved(profile);
  }
  if (task.rows) return runPart(task, sliceTable(table, task.rows));
  switch (task.kind) {
    case 'distinct':
      return distinctUnder(table, table.column(task.column), task.context);
    case 'stats':
      return columnStats(table.column(task.column), contextMask(table, task.context));
    case 'dist': {
      const cols = task.columns.map((c) => table.column(c));
      return toFlatAnswer(shapeDistribution(groupsUnder(table, cols, task.context, task.params), task.params));
    }
  }
}

/**
 * The distinct values of `col` among the records `context` keeps: counted without a mask under one
 * comparison on an Int32 column (workers/mask/range.ts, workers/group/ranged.ts), else under its mask.
 */
function distinctUnder(table: TableView, col: ColumnView, context: ContextNode | null): DistinctResult {
  const filter = toRangeFilter(table, context);
  return (filter && rangedDistinct(col, filter)) ?? distinctValues(col, contextMask(table, context));
}

/** The groups of a distribution among the records `context` keeps, as distinctUnder counts them. */
function groupsUnder(table: TableView, cols: ColumnView[], context: ContextNode | null, params: DistParams): Groups {
  const filter = toRangeFilter(table, context);
  return (
    (filter && rangedDistributionGroups(cols, filter, params)) ??
    distributionGroups(cols, contextMask(table, context), params)
  );
}

/**
 * A profile whose typed arrays are moved to the main thread, not copied: a key column's distinct
 * values and counts are 9-12 bytes a row, and a copy would briefly hold them twice (load's peak).
 */
function toMoved(profile: ProfileResult): unknown {
  const { values, counts } = profile.distinct;
  // A key column's arrays in shared memory (workers/values/profile.ts: a view of the column, or runs of
  // 65,536 and more) reach the main thread as they are.
  const buffers = [values, counts].flatMap((a) =>
    ArrayBuffer.isView(a) && a.buffer instanceof ArrayBuffer ? [a.buffer] : [],
  );
  return buffers.length ? moved(profile, buffers) : profile;
}

/**
 * A distribution whose long list of points is moved flat to the main thread (DistAnswer): cloned,
 * 20,000 points took the event loop 11-14 ms (src/common/flat-points.ts).
 */
function toFlatAnswer(result: DistResult): unknown {
  if (result.data.length < FLAT_MIN) return result;
  const flat = toFlatPoints(result.data, result.data[0].values.length);
  return flat ? moved({ ...result, data: flat }, toFlatBuffers(flat)) : result;
}

/** One part of a split task: its rows' answer in the form workers/split/merge.ts combines (src/parallel/split.ts). */
function runPart(task: SplitTask, rows: TableView): DistinctPart | GroupsPart | StatsPart {
  switch (task.kind) {
    case 'distinct': {
      const col = rows.column(task.column);
      if (col.kind === 'dict' || col.kind === 'bool') {
        const { counts: codes, nullCount } = countCodes(col, contextMask(rows, task.context));
        return moved({ codes, nullCount }, [codes.buffer]);
      }
      const answer = distinctUnder(rows, col, task.context);
      if (col.kind !== 'f64' && col.kind !== 'i32') return answer;
      const values = Float64Array.from(answer.values as number[]);
      const counts = Float64Array.from(answer.counts);
      return moved({ values, counts, nullCount: answer.nullCount }, [values.buffer, counts.buffer]);
    }
    case 'dist': {
      const cols = task.columns.map((c) => rows.column(c));
      return toGroupsPart(groupsUnder(rows, cols, task.context, task.params), cols);
    }
    case 'stats': {
      const part = statsPart(rows.column(task.column), contextMask(rows, task.context));
      return moved(part, [part.values.buffer]);
    }
  }
}

/**
 * A part's answer whose typed arrays are moved, not copied, to the main thread (which moves them on
 * to the merge task: src/parallel/split.ts): Piscina's way for a worker to transfer what it returns.
 */
function moved<T extends object>(answer: T, buffers: ArrayBufferLike[]): T {
  return move({ [transferableSymbol]: buffers, [valueSymbol]: answer }) as unknown as T;
}

/** Entities selected by the context first (all of them without one), then the answer over them. */
function runTree(task: TreeTask): unknown {
  const tree = openTree(task.tree);
  const selected = contextEntities(tree, task.context);
  switch (task.kind) {
    case 'tree-count':
      return selected === null ? tree.entities : selected.reduce((n, b) => n + b, 0);
    case 'tree-distinct':
      return treeDistinct(tree, task.dataset, task.column, selected);
    case 'tree-stats':
      return treeStats(tree, task.dataset, task.column, selected);
    case 'tree-dist':
      return toFlatAnswer(treeDistribution(tree, task.base, task.dimensions, selected, task.params));
  }
}
