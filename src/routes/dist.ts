// GET /api/fields/:id/dist/: grouped counts over dimensions, bins and intervals, outliers and k-means (API.md §7, §13).
import { toEcho } from '../common/echo.ts';
import { toAwareContext } from '../http/context.ts';
import { badParameter } from '../http/errors.ts';
import type { Field } from '../contract/model.ts';
import type { TreeContextNode } from '../contract/tree.ts';
import { isInTree } from '../catalog/tree.ts';
import { findBase } from '../catalog/tree-join.ts';
import { toVisibleField } from '../http/visible.ts';
import { toAxes, toBinsParam, toIntervalParam } from '../http/axes.ts';
import type { Config } from '../config.ts';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import type { BinsParam, IntervalParam } from '../http/axes.ts';
import { toBoolParam, toEnumParam, toId, toIntParam } from '../http/params.ts';
import { defineRoute, type Reply, type RequestContext, toCanonical } from '../http/route.ts';
import type { DisclosureRule } from '../contract/disclosure.ts';
import type { DistAnswer } from '../contract/tasks.ts';
import { remember } from '../snapshot/memo.ts';
import { discloseDist, isSuppressedWhole, SUPPRESSED_WHOLE, toKept, toRule } from './disclose.ts';
import {
  computeAwareDist,
  type DistParams,
  type NaiveDist,
  toDistBytes,
  toNaiveDist,
  withLabels,
  toRefusal,
} from './dist-answer.ts';
import { toDistArrowBytes, toSuppressedDistArrowBytes } from './dist-arrow.ts';
import { ARROW_STREAM } from '../http/accept.ts';

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
    const axes = toAxes(
      field,
      dims,
      bins,
      interval,
      (d) => ctx.snapshot.stats.get(d.id) ?? ctx.snapshot.summaries.get(d.id),
    );
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
  arrow: true,
});

type Query = Pick<DistParams['params'], 'nulls' | 'sort' | 'cluster' | 'n' | 'axes'> & {
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

/**
 * Computes the default context-naive distribution of `field` (no dimensions, default parameters:
 * what GET /api/fields/:id/dist/ asks) into the snapshot's memo as its serialised answer, as its first
 * request would (src/serve/warm.ts runs it after start-up), so that request only writes the bytes.
 */
export function warmNaiveDist(snapshot: Snapshot, pool: Pool, config: Config, field: Field): Promise<NaiveDist> {
  const dims = [field];
  const tree = toTreeDimensions(snapshot, field, dims);
  const axes = toAxes(field, dims, null, null, (d) => snapshot.stats.get(d.id) ?? snapshot.summaries.get(d.id));
  const query = { nulls: false, sort: 'fields' as const, cluster: true, n: null, bins: null, interval: null, axes };
  // On one thread: a split task would take every idle thread from the requests (src/parallel/split.ts).
  return toNaiveDist(snapshot, pool, config, toParams(config, field, dims, tree, null, query), false);
}

/** A context-aware answer is computed for the request; a naive one's bytes come from the memo (made on the first call). */
async function answerDist(ctx: RequestContext, p: DistParams): Promise<Reply> {
  const rule = toRule(ctx);
  if (rule) return answerShownDist(ctx, p, rule);
  return toDistAnswer(ctx, p, ctx.representation === 'arrow');
}

/**
 * Under the small-count rule (API.md §15): the exact answer's body, its counts shown by the rule
 * over all its points at once; a context keeping fewer than k records is suppressed whole. A naive
 * answer's shown bytes are kept in the memo beside the exact ones. As JSON or, by Accept, as an
 * Arrow body with the same shown counts (src/routes/dist-arrow.ts).
 */
async function answerShownDist(ctx: RequestContext, p: DistParams, rule: DisclosureRule): Promise<Reply> {
  const arrow = ctx.representation === 'arrow';
  if (p.context && isSuppressedWhole(await toKept(ctx, p.field, p.context), rule))
    return arrow
      ? { body: null, bytes: toSuppressedDistArrowBytes(p), type: ARROW_STREAM }
      : { body: SUPPRESSED_WHOLE };
  if (arrow) return toDistAnswer(ctx, p, true, rule);
  const shown = async () => {
    const exact = JSON.parse((await toDistAnswer(ctx, p, false)).bytes!.toString('utf8'));
    return Buffer.from(JSON.stringify(discloseDist(exact, rule)));
  };
  if (p.context) return { body: null, bytes: await shown() };
  const key = `shown-dist:${JSON.stringify([p.dims.map((d) => d.id), p.tree, p.params])}`;
  return { body: null, bytes: await remember(ctx.snapshot, key, shown, ctx.config.memoBytes) };
}

/** The exact answer, as JSON or as an Arrow body; an Arrow body shows its counts by `rule` when one is given. */
async function toDistAnswer(
  ctx: RequestContext,
  p: DistParams,
  arrow: boolean,
  rule: DisclosureRule | null = null,
): Promise<Reply> {
  const { snapshot, config } = ctx;
  const type = arrow ? ARROW_STREAM : undefined;
  const toArrow = (s: Snapshot, q: DistParams, result: DistAnswer) => toDistArrowBytes(s, q, result, rule);
  if (p.context === null) {
    const naive = arrow
      ? await toNaiveDist(snapshot, ctx.pool, config, p, true, toArrow, rule ? 'shown-dist-arrow' : 'dist-arrow')
      : await toNaiveDist(snapshot, ctx.pool, config, p, true);
    if ('refused' in naive) throw toRefusal(config, p, naive.refused);
    return { body: null, bytes: naive.bytes, type };
  }
  const computed = await computeAwareDist(snapshot, ctx.pool, p, ctx.signal, config.indexBytes);
  const refusal = toRefusal(config, p, computed);
  if (refusal) throw refusal;
  const result = await withLabels(snapshot, ctx.pool, p, computed, ctx.signal);
  const bytes = arrow ? toArrow(snapshot, p, result) : await toDistBytes(snapshot, p, result);
  return { body: null, bytes, type };
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
