// Linked brushing (API.md §16): per snapshot, the indexes of brushed views, built after a scan has answered and counted from afterwards.
import { createLru, type Lru } from '../common/lru.ts';
import type { ContextNode } from '../contract/context.ts';
import type { Pool } from '../contract/pool.ts';
import type { TableRef } from '../contract/storage.ts';
import type { BrushChart, BrushRange, BrushView } from '../contract/brush.ts';
import type { AxisSpec, Task } from '../contract/tasks.ts';
import { type BrushCandidate, toBrushCandidates } from './brush-context.ts';
import type { Snapshot } from './build/create.ts';

/**
 * What a brushed request is: a context that is an `and` of conditions (or one condition) of which
 * some are ranges on one number, date or time column (gte, gt, lte, lt, range). The rest of the
 * context is the view's base; the ranges move with the mouse. A front end brushing a chart sends the
 * same base again and again with a new range on that chart's field, and each other chart of its
 * dashboard asks under it (API.md §16).
 *
 * How it is answered: the first time a (table, base, column) view is seen, by the scan, as any
 * request; when the same view comes back with another range, an index of it is built after that
 * request's scan has answered, on the pool's background thread, which gives way to the requests'
 * tasks (src/parallel/compute-pool.ts, workers/yield.ts; workers/brush/view.ts): the base's rows sorted by the
 * brushed column, and for each chart asked under the view (its dimensions, bins or periods) the group
 * of every row in that order with running counts every `block` rows. From then on, a request of the
 * view for a chart it holds is two binary searches and at most two blocks of rows
 * (workers/brush/count.ts), shaped as the scan's groups are: the same answer, byte for byte.
 * Not indexed (always a scan): model trees (counts of entities), engine tables, 64-bit integer
 * columns, columns holding NaN, charts of more than 65,536 groups, `or` contexts and negated ranges.
 *
 * Memory: every index lives in shared memory (each worker thread reads it), weighed by its bytes in
 * an LRU per snapshot bounded by `maxBytes` (SORREL_INDEX_MB; by default half the Arrow bytes of the
 * snapshot's tables); a reload makes a new snapshot, so its indexes go with the old one.
 */
export type BrushRequest = { table: TableRef; context: ContextNode; columns: string[]; axes: AxisSpec[] };

type Chart = { columns: string[]; axes: AxisSpec[] };
type Seen = { rangeKey: string; wanted: Map<string, Chart> };
type Entry = { view: BrushView | null; charts: Map<string, BrushChart | null>; building: Set<string>; bytes: number };
type State = {
  maxBytes: number;
  seen: Lru<string, Seen>; // views seen once, by key: their last range and the charts asked under them
  entries: Lru<string, Entry>; // views indexed (or found not indexable), weighed by bytes
  pending: Set<string>; // views being built
  queue: Promise<void>; // builds run one after another, after the scan that asked for them
  built: { views: number; charts: number; ms: number; answered: number };
};

const states = new WeakMap<object, State>();
const SEEN = 256; // views remembered after one sight
const REFUSED = 256; // what a view found not indexable weighs

/** The default bound: half the Arrow bytes of the snapshot's in-memory tables. */
export function toDefaultIndexBytes(snapshot: Snapshot): number {
  let bytes = 0;
  for (const name of snapshot.datasets.keys())
    for (const part of snapshot.tableRef(name)?.parts ?? []) bytes += part.byteLength;
  return Math.floor(bytes / 2);
}

/**
 * The answer of a brushed request from its view's index when it holds the chart; else `scan()`'s,
 * after which the index is built (or the chart added to it) if the view has come back with another
 * range. `make` turns the view, chart and range into the task that counts them.
 */
export function answerBrushed<T>(
  owner: Snapshot,
  pool: Pool,
  maxBytes: number | null,
  req: BrushRequest,
  make: (view: BrushView, chart: BrushChart, range: BrushRange) => Task,
  scan: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  if (maxBytes === 0 || req.table.engine || req.table.rows === undefined) return scan();
  const candidates = toBrushCandidates(req.table, req.context);
  if (candidates.length === 0) return scan();
  const state = toState(owner, maxBytes);
  const chartKey = JSON.stringify([req.columns, req.axes]);
  const chart: Chart = { columns: req.columns, axes: req.axes };
  const jobs: (() => Promise<void>)[] = [];
  for (const c of candidates) {
    const entry = state.entries.get(c.key);
    if (entry) {
      if (entry.view === null) continue;
      const index = entry.charts.get(chartKey);
      if (index) {
        state.built.answered++;
        return pool.run<T>(make(entry.view, index, c.range), signal);
      }
      if (index === undefined && !entry.building.has(chartKey)) {
        entry.building.add(chartKey);
        jobs.push(() => buildChart(state, pool, req.table, c.key, entry, chartKey, chart));
      }
      continue;
    }
    const seen = state.seen.get(c.key);
    if (seen === undefined) {
      state.seen.set(c.key, { rangeKey: c.rangeKey, wanted: new Map([[chartKey, chart]]) });
      continue;
    }
    seen.wanted.set(chartKey, chart);
    if (seen.rangeKey !== c.rangeKey && !state.pending.has(c.key)) {
      state.pending.add(c.key);
      jobs.push(() => buildView(state, pool, req.table, c, seen));
    }
    seen.rangeKey = c.rangeKey;
  }
  const answer = scan();
  if (jobs.length > 0) {
    const after = answer.then(
      () => {},
      () => {},
    );
    for (const job of jobs) state.queue = state.queue.then(() => after.then(job)).catch(() => {});
  }
  return answer;
}

/**
 * Bytes held by the brushing indexes of `owner`, the views and charts built, the pool time their builds
 * took, and the requests answered from them (for /metrics and the bench).
 */
export function toBrushStats(owner: object): BrushStats {
  const s = states.get(owner);
  return s ? { bytes: s.entries.weight, ...s.built } : { bytes: 0, views: 0, charts: 0, ms: 0, answered: 0 };
}

export type BrushStats = { bytes: number; views: number; charts: number; ms: number; answered: number };

/** Resolves once the builds asked so far have ended (tests). */
export function toBrushSettled(owner: object): Promise<void> {
  return states.get(owner)?.queue ?? Promise.resolve();
}

function toState(owner: Snapshot, maxBytes: number | null): State {
  let s = states.get(owner);
  if (!s) {
    const bound = maxBytes ?? toDefaultIndexBytes(owner);
    s = {
      maxBytes: bound,
      seen: createLru(SEEN),
      entries: createLru(bound),
      pending: new Set(),
      queue: Promise.resolve(),
      built: { views: 0, charts: 0, ms: 0, answered: 0 },
    };
    states.set(owner, s);
  }
  return s;
}

/** Builds a view's index, then the charts asked under it so far; a view over the bound is kept as not indexable. */
async function buildView(state: State, pool: Pool, table: TableRef, c: BrushCandidate, seen: Seen): Promise<void> {
  const entry: Entry = { view: null, charts: new Map(), building: new Set(), bytes: REFUSED };
  try {
    // 4 bytes a kept row at least: a view that cannot fit is not built.
    if (4 * table.rows! <= state.maxBytes) {
      const t0 = performance.now();
      const view = await inBackground<BrushView | null>(pool, {
        kind: 'brush-view',
        table,
        base: c.base,
        column: c.column,
      });
      state.built.ms += performance.now() - t0;
      if (view !== null && view.bytes <= state.maxBytes) {
        entry.view = view;
        entry.bytes = view.bytes;
        state.built.views++;
      }
    }
  } catch {
    // A busy pool or a failed build: the view stays unindexed until it is seen again.
    state.pending.delete(c.key);
    return;
  }
  state.pending.delete(c.key);
  state.seen.delete(c.key);
  state.entries.set(c.key, entry, entry.bytes);
  if (entry.view === null) return;
  for (const [chartKey, chart] of seen.wanted) {
    entry.building.add(chartKey);
    await buildChart(state, pool, table, c.key, entry, chartKey, chart);
  }
}

/** Adds one chart to a view's index, if the index is still held and stays within the bound. */
async function buildChart(
  state: State,
  pool: Pool,
  table: TableRef,
  key: string,
  entry: Entry,
  chartKey: string,
  { columns, axes }: Chart,
): Promise<void> {
  if (state.entries.get(key) !== entry || entry.view === null) return;
  let chart: BrushChart | null;
  try {
    const t0 = performance.now();
    chart = await inBackground<BrushChart | null>(pool, {
      kind: 'brush-chart',
      table,
      view: entry.view,
      columns,
      axes,
    });
    state.built.ms += performance.now() - t0;
  } catch {
    entry.building.delete(chartKey); // tried again when asked again
    return;
  }
  entry.building.delete(chartKey);
  if (state.entries.get(key) !== entry) return;
  if (chart !== null && entry.bytes + chart.bytes > state.maxBytes) chart = null;
  entry.charts.set(chartKey, chart);
  if (chart === null) return;
  entry.bytes += chart.bytes;
  state.built.charts++;
  state.entries.set(key, entry, entry.bytes);
}

/** A build on the pool's background thread, which gives way to requests (workers/yield.ts); on one request thread without it. */
function inBackground<T>(pool: Pool, task: Task): Promise<T> {
  return pool.background ? pool.background<T>(task) : pool.run<T>(task, undefined, { split: false });
}
