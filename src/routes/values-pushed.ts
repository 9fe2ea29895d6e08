// /values/ of an engine field Sorrel holds no values of (API.md §4, §14): the engine pages, counts, filters and draws them.
import { randomInt } from 'node:crypto';
import { isInTree } from '../catalog/tree.ts';
import { toJsonValue } from '../common/values.ts';
import type { ValuesPage, ValuesPick } from '../contract/engine.ts';
import type { Task } from '../contract/tasks.ts';
import type { Field } from '../contract/model.ts';
import type { Reply, RequestContext } from '../http/route.ts';
import { toFieldValues } from '../snapshot/field-values.ts';
import { toLabeler } from '../snapshot/labels.ts';
import { PAGE_MAX, SEED_MAX, toArrowValues, toPageReply, type ValuesParams } from './values-page.ts';

/**
 * Whether a field's values are pushed down to its engine page by page (API.md §14): an engine
 * field whose naive values Sorrel does not hold (src/snapshot/build/summaries.ts isHeld). Under a
 * small-count rule (API.md §15) the whole population decides every count, so it is listed instead.
 */
export function isPushedValues(ctx: RequestContext, field: Field): boolean {
  return ctx.snapshot.summaries.has(field.id) && !ctx.snapshot.values.has(field.id);
}

/**
 * The values of a pushed field: the engine counts, filters, orders and picks them (a values-page
 * task, src/engine/compute/page.ts), so only the page or the draw crosses; the body is the one
 * answerValues makes in memory from the same rows.
 */
export async function answerPushed(
  ctx: RequestContext,
  { field, context, q, random, seed, page, limit }: ValuesParams,
): Promise<Reply> {
  const { config, snapshot } = ctx;
  // A page's offset does not depend on the count: with limit=0 only page 1 exists (up to the maximum).
  const pick: ValuesPick =
    random !== null
      ? { random, seed: seed ?? randomInt(SEED_MAX) }
      : limit === 0
        ? { offset: 0, limit: page === 1 ? config.maxValuesLimit : 0 }
        : { offset: Math.min((page - 1) * limit, PAGE_MAX), limit };
  const query = q && {
    terms: q.terms.map((t) => ({ text: t.text, negated: t.negated, phrase: t.phrase })),
    positive: q.positive,
  };
  // In a model tree: over J(T), each value counting its root entities (API.md §12).
  const { tree } = snapshot;
  const { dataset, column } = field;
  // A label column's labels come with the page.
  const labelColumn = field.label_column ?? undefined;
  const task: Task =
    tree && isInTree(tree.shape, dataset)
      ? { kind: 'tree-values-page', tree, dataset, column, labelColumn, context, query, pick }
      : { kind: 'values-page', table: snapshot.tableRef(dataset), column, labelColumn, context, query, pick };
  const r = await ctx.pool.run<ValuesPage>(task, ctx.signal);
  const vals = toFieldValues(r.values, r.counts, r.nullCount, r.labels ?? toLabeler(snapshot, field));
  const count = (i: number) => vals.counts[i];
  const item = (i: number) => ({
    value: toJsonValue(vals.values[i], field.internal_type),
    label: vals.label(i),
    count: vals.counts[i],
  });
  if (random !== null) {
    if (ctx.representation === 'arrow') return toArrowValues(field, vals, r.values.length, (j) => j, {}, count);
    return { body: Array.from({ length: r.values.length }, (_, i) => item(i)) };
  }
  const first = 'offset' in pick ? (pick.offset as number) : 0;
  const shown = { nullCount: r.nullCount, count, item, text: true };
  return toPageReply(ctx, field, { page, limit }, { vals, total: r.count, at: (j) => j - first, ...shown });
}
