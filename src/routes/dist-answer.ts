// A distribution's answer: its groups counted by a task (a naive 1-D one's taken from the profile), its body, a naive one's kept serialised.
import { toJsonValue } from '../common/values.ts';
import type { Config } from '../config.ts';
import type { Field } from '../contract/model.ts';
import type { Pool } from '../contract/pool.ts';
import { pointAt, pointCount } from '../common/flat-points.ts';
import type { BrushChart, BrushRange, BrushView } from '../contract/brush.ts';
import type { DistAnswer, DistParams as DistTaskParams, DistPoint, Task } from '../contract/tasks.ts';
import { answerBrushed } from '../snapshot/brush.ts';
import type { TreeContextNode, TreeDimension } from '../contract/tree.ts';
import { toAxisBody, toAxisPoint, toCentroidLabel } from '../http/axes.ts';
import { HttpError, badParameter } from '../http/errors.ts';
import { toOwnBuffer } from '../http/reply-cache.ts';
import { SLICE, toJsonInSlices } from '../http/serialize.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import { type Labeler, toAnswerLabeler, toLabeler } from '../snapshot/labels.ts';
import { remember } from '../snapshot/memo.ts';
import { toProfileGroups, toProfileRuns } from '../snapshot/profile-groups.ts';

/** `tree`: in a model tree, the base table and each dimension's link path from it (API.md §12); null otherwise. */
export type DistParams = {
  field: Field;
  dims: Field[];
  tree: { base: string; dimensions: TreeDimension[] } | null;
  context: TreeContextNode | null;
  params: DistTaskParams;
  grouped: boolean; // `bins` or `interval` was given: the body has `axes`
};

/** What the memo keeps of a context-naive distribution: its JSON bytes, or the result it is refused for. */
export type NaiveDist = { bytes: Buffer } | { refused: DistAnswer };

/**
 * A context-aware distribution's result: its task on the pool (cancelled with `signal`), or, when the
 * context brushes a range over a view indexed for this chart, its count from the index
 * (src/snapshot/brush.ts: the same answer, two binary searches instead of a scan).
 */
export function computeAwareDist(
  snapshot: Snapshot,
  pool: Pool,
  p: DistParams,
  signal?: AbortSignal,
  indexBytes: number | null = 0,
) {
  const task = toTask(snapshot, p);
  const scan = () => pool.run<DistAnswer>(task, signal);
  if (task.kind !== 'dist' || task.context === null) return scan();
  const { table, columns, context, params } = task;
  const req = { table, context, columns, axes: params.axes };
  const make = (view: BrushView, chart: BrushChart, range: BrushRange): Task => ({
    kind: 'brush-dist',
    table,
    view,
    chart,
    range,
    params,
  });
  return answerBrushed(snapshot, pool, indexBytes, req, make, scan, signal);
}

/**
 * A context-naive distribution as the memo keeps it, computed on the first call: the very bytes its
 * 200 answer carries (so a first request after the warm-up, src/serve/warm.ts, only writes them), or the
 * refused result. Keyed by the dimension fields (labels are a field's) and the parameters; weighed by
 * its bytes within config.memoBytes. `split`: whether a large task may take every idle thread. `toBytes`
 * and `kind`: another representation (an Arrow body) and its own memo entries.
 */
export function toNaiveDist(
  snapshot: Snapshot,
  pool: Pool,
  config: Config,
  p: DistParams,
  split: boolean,
  toBytes: (snapshot: Snapshot, p: DistParams, result: DistAnswer) => Buffer | Promise<Buffer> = toDistBytes,
  kind = 'dist',
) {
  const key = `${kind}:${JSON.stringify([p.dims.map((d) => d.id), p.tree, p.params])}`;
  return remember<NaiveDist>(
    snapshot,
    key,
    async () => {
      const result = await computeNaiveGroups(snapshot, pool, p, split);
      if (toRefusal(config, p, result)) return { refused: result };
      return { bytes: toOwnBuffer(await toBytes(snapshot, p, await withLabels(snapshot, pool, p, result))) };
    },
    config.memoBytes,
  );
}

/**
 * The JSON bytes of a result that is not refused; a long list of points is made and serialised a
 * slice at a time (src/http/serialize.ts), so a 50,000-group answer never holds the event loop.
 */
export async function toDistBytes(snapshot: Snapshot, p: DistParams, result: DistAnswer): Promise<Buffer> {
  const { body, count, item } = toDistBody(snapshot, p, result);
  if (count > SLICE) return toJsonInSlices(body, 'data', count, item);
  body.data = Array.from({ length: count }, (_, j) => item(j));
  return Buffer.from(JSON.stringify(body));
}

/**
 * A 1-D distribution on an exact axis of a table's field in memory is shaped from the field's profile
 * (src/snapshot/profile-groups.ts: the groups the scan would count, without a pass over the rows, or a
 * number field's values and counts themselves when they are clustered on §13's grid);
 * others (several dimensions, bins or intervals, a model tree, an engine table) are counted by a task.
 */
function computeNaiveGroups(snapshot: Snapshot, pool: Pool, p: DistParams, split: boolean): Promise<DistAnswer> {
  const { field, dims, tree, params } = p;
  const values = snapshot.values.get(field.id);
  const profiled =
    tree === null && dims.length === 1 && params.axes[0]?.kind === 'exact' && !snapshot.tableRef(field.dataset)?.engine;
  if (!profiled || !values) return pool.run<DistAnswer>(toTask(snapshot, p), undefined, { split });
  // A number field clustered over more values than the grid's cells: from its values and counts.
  const runs = toProfileRuns(values, params);
  if (runs) return pool.run<DistAnswer>({ kind: 'shape-runs', runs, params }, undefined, { split: false });
  const groups = toProfileGroups(values, params);
  if (groups.tooMany)
    return Promise.resolve({ size: 0, clustered: false, data: [], outliers: [], tooMany: true, badN: null });
  return pool.run<DistAnswer>({ kind: 'shape', groups, params }, undefined, { split: false });
}

function toTask(snapshot: Snapshot, { field, dims, tree, context, params }: DistParams): Task {
  return tree && snapshot.tree
    ? { kind: 'tree-dist', tree: snapshot.tree, base: tree.base, dimensions: tree.dimensions, context, params }
    : { kind: 'dist', table: snapshot.tableRef(field.dataset), columns: dims.map((d) => d.column), context, params };
}

/** The error a refused result answers with (too many groups, or `n` past the points); null when it is not refused. */
export function toRefusal(config: Config, { params }: DistParams, result: DistAnswer): HttpError | null {
  if (result.tooMany) {
    const ways = params.numeric && !params.cluster ? ', let k-means cluster it (cluster=true)' : '';
    return new HttpError(
      422,
      'TOO_MANY_GROUPS',
      `The distribution has more than ${config.maxGroups} groups; group numbers into bins (bins=auto), dates and times by period (interval=auto)${ways}, or narrow it with a context (aware=true) or fewer dimensions.`,
    );
  }
  if (result.badN)
    return badParameter(
      'n',
      `"n" must be between 1 and the number of points (${result.badN.points}), got ${result.badN.n}.`,
    );
  return null;
}

/** A result with its dimensions' labelers when some are not held (withLabels). */
export type LabelledAnswer = DistAnswer & { labelers?: (Labeler | undefined)[] };

/**
 * The result with the labels of its groups on each exact axis of a field with a label column whose
 * values Sorrel does not hold (an engine field beyond the bound, API.md §14): read from the engine
 * for those groups' values only (toAnswerLabeler), so what crosses is bounded by the answer.
 */
export async function withLabels(
  snapshot: Snapshot,
  pool: Pool,
  { dims, params }: DistParams,
  result: DistAnswer,
  signal?: AbortSignal,
): Promise<LabelledAnswer> {
  const asked = dims.map(
    (d, i) => params.axes[i].kind === 'exact' && d.label_column !== null && !snapshot.values.has(d.id),
  );
  if (!asked.includes(true)) return result;
  const points = [
    ...Array.from({ length: pointCount(result.data) }, (_, j) => pointAt(result.data, j)),
    ...result.outliers,
  ];
  const labelers = await Promise.all(
    dims.map((d, i) =>
      asked[i]
        ? toAnswerLabeler(
            snapshot,
            pool,
            d,
            points.map((p) => p.values[i]),
            signal,
          )
        : undefined,
    ),
  );
  return { ...result, labelers };
}

/** A body whose `data` is left empty: its `count` points are made one at a time by `item(j)`. */
export type DistBody = {
  body: { data: unknown[] } & Record<string, unknown>;
  count: number;
  item: (j: number) => unknown;
  /** Point j in parts: its count, each dimension's value in storage units (a bin's edge, a period's start) and label. */
  parts: (j: number) => PointParts;
};

/** A point's count, and per dimension its value in storage units, its JSON value and its label. */
export type PointParts = { count: number; stored: unknown[]; values: unknown[]; labels: string[] };

/**
 * The body of a result that is not refused: points with values and labels, axes when grouped. Its
 * `data` points are made on demand (item), so a long list is made and serialised a slice at a time.
 */
export function toDistBody(
  snapshot: Snapshot,
  { dims, params, grouped }: DistParams,
  result: LabelledAnswer,
): DistBody {
  const { axes } = params;
  // An exact axis labels each group by its value (a bin or a period by its own text: toAxisPoint).
  const labelers = dims.map(
    (d, i) => result.labelers?.[i] ?? (axes[i].kind === 'exact' ? toLabeler(snapshot, d) : String),
  );
  // A centroid (clustered data without a null) is labelled by its rounded value; groups by their labels.
  const entry = (v: number | string | null, i: number, centroid: boolean): [unknown, string, unknown] => {
    if (axes[i].kind !== 'exact') return toAxisPoint(dims[i], axes[i], v);
    const label = centroid && typeof v === 'number' ? toCentroidLabel(v) : labelers[i](v);
    return [toJsonValue(v, dims[i].internal_type), label, v];
  };
  const toParts = (p: DistPoint, centroid: boolean): PointParts => {
    const entries = p.values.map((v, i) => entry(v, i, centroid && !p.values.includes(null)));
    return {
      count: p.count,
      stored: entries.map((e) => e[2]),
      values: entries.map((e) => e[0]),
      labels: entries.map((e) => e[1]),
    };
  };
  const point = (p: DistPoint, centroid: boolean) => {
    const entries = p.values.map((v, i) => entry(v, i, centroid && !p.values.includes(null)));
    return { count: p.count, values: entries.map((e) => e[0]), labels: entries.map((e) => e[1]) };
  };
  const body = {
    size: result.size,
    clustered: result.clustered,
    ...(result.cells === undefined ? {} : { cells: result.cells }),
    ...(grouped ? { axes: dims.map((d, i) => toAxisBody(d, axes[i])) } : {}),
    data: [] as unknown[],
    outliers: result.outliers.map((p) => point(p, false)),
  };
  return {
    body,
    count: pointCount(result.data),
    item: (j) => point(pointAt(result.data, j), result.clustered),
    parts: (j) => toParts(pointAt(result.data, j), result.clustered),
  };
}
