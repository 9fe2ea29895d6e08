// GET /api/fields/:id/values/: paged distinct values, search, random draws, context-aware (API.md §4).
import { randomInt } from 'node:crypto';
import { toAwareContext } from '../http/context.ts';
import { badParameter } from '../http/errors.ts';
import { toJsonValue } from '../common/values.ts';
import { toAnswerLabeler, toNormalizedLabels } from '../snapshot/labels.ts';
import { labelRank, matchesPieces, normalizeText, parseQuery } from '../search/query.ts';
import { type FieldValues, toFieldValues } from '../snapshot/field-values.ts';
import type { DistinctResult, Task } from '../contract/tasks.ts';
import { toVisibleField } from '../http/visible.ts';
import { drawIndices } from '../common/random.ts';
import { answerPushed, isPushedValues } from './values-pushed.ts';
import { PAGE_MAX, SEED_MAX, toArrowValues, toPageReply, type ValuesParams } from './values-page.ts';
import { toIntParam, toSingle } from '../http/params.ts';
import { defineRoute, type Reply, type RequestContext, toCanonical } from '../http/route.ts';
import type { TreeContextNode } from '../contract/tree.ts';
import { toColumnTask } from '../snapshot/column-task.ts';
import { answerBrushed } from '../snapshot/brush.ts';
import type { Field } from '../contract/model.ts';
import {
  isSuppressedWhole,
  SUPPRESSED_WHOLE,
  toJsonCount,
  toKept,
  toRecords,
  toRule,
  toShownPopulation,
} from './disclose.ts';

/** The population of a field's values: the context-naive ones from memory, or a context's (or an unheld engine field's) from a task. */
export async function toPopulation(
  ctx: RequestContext,
  field: Field,
  context: TreeContextNode | null,
): Promise<FieldValues> {
  const { snapshot } = ctx;
  const naive = context ? undefined : snapshot.values.get(field.id);
  if (naive) return naive;
  // An engine field whose values Sorrel does not hold (POST /values/ checks, the small-count rule): the engine lists them.
  const task: Task = toColumnTask(snapshot, field, 'distinct', context);
  const scan = () => ctx.pool.run<DistinctResult>(task, ctx.signal);
  // A brushed context over a view indexed for this column: counted from the index (src/snapshot/brush.ts).
  const r =
    task.kind === 'distinct' && task.context !== null
      ? await answerBrushed(
          snapshot,
          ctx.pool,
          ctx.config.indexBytes,
          { table: task.table, context: task.context, columns: [task.column], axes: [{ kind: 'exact' }] },
          (view, chart, range) => ({ kind: 'brush-distinct', table: task.table, view, chart, range }),
          scan,
          ctx.signal,
        )
      : await scan();
  return toFieldValues(
    r.values,
    r.counts,
    r.nullCount,
    await toAnswerLabeler(snapshot, ctx.pool, field, r.values, ctx.signal),
  );
}

/** Distinct values of a field with labels and counts: a page envelope, or a bare array for `random`. */
export const getValues = defineRoute<ValuesParams>({
  path: '/api/fields/:id/values',
  name: 'values',
  parse(ctx) {
    const { query, config } = ctx;
    const field = toVisibleField(ctx);
    const { context, canonical } = toAwareContext(ctx, field.dataset);
    const raw = toSingle(query, 'query');
    const q = parseQuery(raw);
    const random = toIntParam(query, 'random', 1, config.maxRandom, null);
    const seed = toIntParam(query, 'seed', 0, SEED_MAX, null);
    const page = toIntParam(query, 'page', 1, PAGE_MAX, 1);
    const limit = toIntParam(query, 'limit', 0, config.maxValuesLimit, 10);
    if (random === null && seed !== null)
      throw badParameter('seed', '"seed" goes with "random"; add random=N or drop seed.');
    return {
      params: { field, context, q, random, seed, page, limit },
      // An unseeded random draw does not repeat: no ETag, not cached.
      repeatable: random === null || seed !== null,
      canonical: [
        ...canonical,
        ...toCanonical([
          ['query', q ? raw!.trim() : null],
          ['random', random],
          ['seed', seed],
        ]),
        ...(random === null
          ? toCanonical([
              ['page', page > 1 ? page : null],
              ['limit', limit === 10 ? null : limit],
            ])
          : []),
      ],
    };
  },
  answer: (ctx, params) => answerValues(ctx, params),
  arrow: true,
});

async function answerValues(
  ctx: RequestContext,
  { field, context, q, random, seed, page, limit }: ValuesParams,
): Promise<Reply> {
  // The small-count rule (API.md §15), decided over the whole population: every page, query and draw shows the same counts.
  const rule = toRule(ctx);
  if (!rule && isPushedValues(ctx, field)) return answerPushed(ctx, { field, context, q, random, seed, page, limit });
  // The population: naive values from memory, or the context's values from a worker.
  const vals = await toPopulation(ctx, field, context);
  if (rule && context && isSuppressedWhole(await toKept(ctx, field, context, toRecords(vals)), rule)) {
    // As Arrow: the columns with no row, `suppressed: true` in the metadata.
    if (ctx.representation === 'arrow')
      return toArrowValues(
        field,
        vals,
        0,
        (j) => j,
        SUPPRESSED_WHOLE,
        () => null,
      );
    return { body: SUPPRESSED_WHOLE };
  }
  const disclosed = rule ? await toShownPopulation(ctx, field, context, vals, rule) : null;
  const normalized = !context && q ? toNormalizedLabels(vals) : null;

  // Indices into `vals` in the answer's order; null = all of them in value order (no array built).
  let order: number[] | null = null;
  if (q) {
    const norm = normalized ?? vals.labels().map(normalizeText);
    const ranked: [number, number][] = [];
    // A value whose count the rule hides is not found by a search (API.md §15).
    for (let i = 0; i < norm.length; i++)
      if (matchesPieces(q, [norm[i]]) && !(disclosed && Number.isNaN(disclosed.counts[i])))
        ranked.push([labelRank(q, norm[i]), i]);
    ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    order = ranked.map((r) => r[1]);
  }
  const total = order ? order.length : vals.values.length;
  const at = (j: number) => (order ? order[j] : j);
  // A value's count as shown: exact, or under the rule (null where suppressed).
  const count = (i: number): number | null => (disclosed ? toJsonCount(disclosed.counts[i]) : vals.counts[i]);
  const item = (i: number) => {
    const value = toJsonValue(vals.values[i], field.internal_type);
    if (!disclosed) return { value, label: vals.label(i), count: vals.counts[i] };
    const count = toJsonCount(disclosed.counts[i]);
    return count === null
      ? { value, label: vals.label(i), count, suppressed: true }
      : { value, label: vals.label(i), count };
  };

  if (random !== null) {
    // Drawn from the answer's order, returned in value order (indices into `vals` are value order).
    const drawn = drawIndices(total, random, seed ?? randomInt(SEED_MAX))
      .map(at)
      .sort((a, b) => a - b);
    if (ctx.representation === 'arrow') return toArrowValues(field, vals, drawn.length, (j) => drawn[j], {}, count);
    return { body: drawn.map(item) };
  }
  const shown = { nullCount: disclosed ? disclosed.nullCount : vals.nullCount, count, item, text: !disclosed };
  return toPageReply(ctx, field, { page, limit }, { vals, total, at, ...shown });
}
