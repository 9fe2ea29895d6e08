// GET /api/fields/:id/dist/: grouped counts over dimensions, bins and intervals, outliers and k-means (API.md §7, §13).
import { toEcho } from '../common/echo.ts';
import { toAwareContext } from '../http/context.ts';
import { HttpError, badParameter } from '../http/errors.ts';
import { toJsonValue } from '../common/values.ts';
import { toLabeler } from '../snapshot/labels.ts';
import { remember } from '../snapshot/memo.ts';
import type { Field } from '../contract/model.ts';
import type { DistParams as DistTaskParams, DistPoint, DistResult, Task } from '../contract/tasks.ts';
import type { TreeContextNode, TreeDimension } from '../contract/tree.ts';
import { isInTree } from '../catalog/tree.ts';
import { findBase } from '../catalog/tree-join.ts';
import { toVisibleField } from '../http/visible.ts';
import { toAxes, toAxisBody, toAxisPoint, toBinsParam, toCentroidLabel, toIntervalParam } from '../http/axes.ts';
import type { Config } from '../config.ts';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/create.ts';
import type { BinsParam, IntervalParam } from '../http/axes.ts';
import { toBoolParam, toEnumParam, toId, toIntParam } from '../http/params.ts';
import { defineRoute, type Reply, type RequestContext, toCanonical } from '../http/handler.ts';

/** `tree`: in a model tree, the base table and each dimension's link path from it (API.md §12); null otherwise. */
type DistParams = {
  field: Field;
  dims: Field[];
  tree: { base: string; dimensions: TreeDimension[] } | null;
  context: TreeContextNode | null;
  params: DistTaskParams;
  grouped: boolean; // `bins` or `interval` was given: the body has `axes`
};

/** The distribution of a field; context-naive answers are computed once and kept in memory. */
export const getDist = defineRoute<DistParams>({
  path: '/api/fields/:id/dist',
  name: 'dist',
  parse(ctx) {
    const { query, config } = ctx;
    const field = toVisibleField(ctx);
    const dims = toDimensions(ctx, field);
    const tree = toTreeDimensions(ctx.snapshot, field, dims);
    const nulls = toBoolParam(query, 'nulls', false);
    const sort = toEnumParam(query, 'sort', ['fields', 'count'] as const, 'fields');
    const cluster = toBoolParam(query, 'cluster', true);
    const n = toIntParam(query, 'n', 1, Number.MAX_SAFE_INTEGER, null);
    const bins = toBinsParam(query);
    const interval = toIntervalParam(query);
    const axes = toAxes(field, dims, bins, interval, (d) => ctx.snapshot.stats.get(d.id));
    const { context, canonical } = toAwareContext(ctx, field.dataset);
    return {
      params: toParams(config, field, dims, tree, context, { nulls, sort, cluster, n, bins, interval, axes }),
      canonical: [
        ...toCanonical([
          ['dimensions', dims.length > 1 ? dims.map((d) => d.id).join(',') : null],
          ['nulls', nulls || null],
          ['sort', sort === 'fields' ? null : sort],
          ['cluster', cluster ? null : false],
          ['n', n],
          ['bins', bins],
          ['interval', interval],
        ]),
        ...canonical,
      ],
    };
  },
  answer: (ctx, params) => answerDist(ctx, params),
});

type Query = Pick<DistTaskParams, 'nulls' | 'sort' | 'cluster' | 'n' | 'axes'> & {
  bins: BinsParam;
  interval: IntervalParam;
};

function toParams(
  config: Config,
  field: Field,
  dims: Field[],
  tree: DistParams['tree'],
  context: TreeContextNode | null,
  { nulls, sort, cluster, n, bins, interval, axes }: Query,
): DistParams {
  const numeric = bins === null && dims.every((d) => d.simple_type === 'number');
  const { maxGroups, maxClusterPoints } = config;
  return {
    field,
    dims,
    tree,
    context,
    grouped: bins !== null || interval !== null,
    params: { nulls, sort, cluster, n, numeric, maxGroups, maxClusterPoints, axes },
  };
}

/** A distribution's grouped counts: context-naive ones from the snapshot's memo (computed on the first call). */
function computeDist(
  snapshot: Snapshot,
  pool: Pool,
  config: Config,
  { field, dims, tree, context, params }: DistParams,
  signal?: AbortSignal,
  split = true,
): Promise<DistResult> {
  const task: Task =
    tree && snapshot.tree
      ? { kind: 'tree-dist', tree: snapshot.tree, base: tree.base, dimensions: tree.dimensions, context, params }
      : { kind: 'dist', table: snapshot.tableRef(field.dataset), columns: dims.map((d) => d.column), context, params };
  const memoKey = tree
    ? `tree-dist:${JSON.stringify([tree.base, tree.dimensions, params])}`
    : `dist:${JSON.stringify([dims.map((d) => d.column), field.dataset, params])}`;
  return context
    ? pool.run<DistResult>(task, signal)
    : remember(snapshot, memoKey, () => pool.run<DistResult>(task, undefined, { split }), config.memoBytes);
}

/**
 * Computes the default context-naive distribution of `field` (no dimensions, default parameters:
 * what GET /api/fields/:id/dist/ asks) into the snapshot's memo, as its first request would
 * (src/warm.ts runs it after start-up), so that request is answered from memory.
 */
export function warmNaiveDist(snapshot: Snapshot, pool: Pool, config: Config, field: Field): Promise<DistResult> {
  const dims = [field];
  const tree = toTreeDimensions(snapshot, field, dims);
  const axes = toAxes(field, dims, null, null, (d) => snapshot.stats.get(d.id));
  const query = { nulls: false, sort: 'fields' as const, cluster: true, n: null, bins: null, interval: null, axes };
  // On one thread: a split task would take every idle thread from the requests (src/split.ts).
  return computeDist(snapshot, pool, config, toParams(config, field, dims, tree, null, query), undefined, false);
}

async function answerDist(ctx: RequestContext, p: DistParams): Promise<Reply> {
  const { snapshot, config } = ctx;
  const { dims, params, grouped } = p;
  const result = await computeDist(snapshot, ctx.pool, config, p, ctx.signal);
  if (result.tooMany) {
    const ways = params.numeric && !params.cluster ? ', let k-means cluster it (cluster=true)' : '';
    throw new HttpError(
      422,
      'TOO_MANY_GROUPS',
      `The distribution has more than ${config.maxGroups} groups; group numbers into bins (bins=auto), dates and times by period (interval=auto)${ways}, or narrow it with a context (aware=true) or fewer dimensions.`,
    );
  }
  if (result.badN)
    throw badParameter(
      'n',
      `"n" must be between 1 and the number of points (${result.badN.points}), got ${result.badN.n}.`,
    );
  const { axes } = params;
  const labelers = dims.map((d) => toLabeler(snapshot, d));
  // A centroid (clustered data without a null) is labelled by its rounded value; groups by their labels.
  const entry = (v: number | string | null, i: number, centroid: boolean): [unknown, string] => {
    if (axes[i].kind !== 'exact') return toAxisPoint(dims[i], axes[i], v);
    const label = centroid && typeof v === 'number' ? toCentroidLabel(v) : labelers[i](v);
    return [toJsonValue(v, dims[i].internal_type), label];
  };
  const point = (p: DistPoint, centroid: boolean) => {
    const pairs = p.values.map((v, i) => entry(v, i, centroid && !p.values.includes(null)));
    return { count: p.count, values: pairs.map((e) => e[0]), labels: pairs.map((e) => e[1]) };
  };
  return {
    body: {
      size: result.size,
      clustered: result.clustered,
      ...(result.cells === undefined ? {} : { cells: result.cells }),
      ...(grouped ? { axes: dims.map((d, i) => toAxisBody(d, axes[i])) } : {}),
      data: result.data.map((p) => point(p, result.clustered)),
      outliers: result.outliers.map((p) => point(p, false)),
    },
  };
}

/** The dimension fields: repeated or comma-separated ids, the path's field first if absent, at most maxDimensions. */
function toDimensions(ctx: RequestContext, field: Field): Field[] {
  const raw = ctx.query.dimensions;
  const parts = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim());
  if (raw !== undefined && parts.some((p) => p === '')) {
    throw badParameter(
      'dimensions',
      '"dimensions" has an empty entry; give field ids, repeated (dimensions=3&dimensions=7) or comma-separated (dimensions=3,7).',
    );
  }
  const shape = ctx.snapshot.tree?.shape ?? null;
  const inTree = (f: Field) => isInTree(shape, f.dataset);
  const ids: number[] = [];
  for (const p of parts) {
    const id = toId(p);
    const f = id === null || !ctx.snapshot.isFieldVisible(ctx.user, id) ? undefined : ctx.snapshot.fields.get(id);
    if (!f) throw badParameter('dimensions', `Unknown field ${toEcho(p)} in "dimensions". See GET /api/fields/.`);
    if (f.dataset !== field.dataset && !(inTree(field) && inTree(f))) {
      throw badParameter(
        'dimensions',
        `Field ${f.id} in "dimensions" is in dataset '${f.dataset}', not '${field.dataset}'; dimensions must be in the same table.`,
      );
    }
    if (ids.includes(f.id)) throw badParameter('dimensions', `Field ${f.id} is given twice in "dimensions".`);
    ids.push(f.id);
  }
  if (!ids.includes(field.id)) ids.unshift(field.id);
  if (ids.length > ctx.config.maxDimensions)
    throw badParameter(
      'dimensions',
      `At most ${ctx.config.maxDimensions} dimensions (including field ${field.id}), got ${ids.length}.`,
    );
  return ids.map((id) => ctx.snapshot.fields.get(id)!);
}

/**
 * In a model tree, the base table of the dimensions: the one from which every other dimension's
 * table is reached by following links (API.md §12); a 400 naming the tables when there is none.
 */
function toTreeDimensions(snapshot: Snapshot, field: Field, dims: Field[]): DistParams['tree'] {
  const shape = snapshot.tree?.shape ?? null;
  if (shape === null || !isInTree(shape, field.dataset)) return null;
  const found = findBase(
    shape,
    dims.map((d) => ({ dataset: d.dataset, column: d.column })),
  );
  if (found.base === null) throw badParameter('dimensions', found.message);
  return found;
}
