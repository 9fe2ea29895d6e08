// GET /api/fields/:id/stats/: summary statistics of a number, date, time or datetime field (API.md §8).
import { toAwareContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { toJsonValue } from '../common/values.ts';
import { isStatsType } from '../catalog/rules.ts';
import type { StatsResult } from '../contract/tasks.ts';
import { toVisibleField } from '../http/visible.ts';
import { defineRoute, type Reply, type RequestContext } from '../http/route.ts';
import type { TreeContextNode } from '../contract/tree.ts';
import { toColumnTask } from '../snapshot/column-task.ts';
import type { Field } from '../contract/model.ts';
import { discloseStats, toKept, toRule } from './disclose.ts';

type StatsParams = { field: Field; context: TreeContextNode | null };

/** count, null_count, distinct, min, max (+ mean, stddev, sum, p05 … p95 for numbers). */
export const getStats = defineRoute<StatsParams>({
  path: '/api/fields/:id/stats',
  name: 'stats',
  parse(ctx) {
    const field = toVisibleField(ctx);
    if (!isStatsType(field.simple_type)) {
      throw new HttpError(
        422,
        'NOT_SUPPORTED',
        `Field ${field.id} is ${field.simple_type}; stats are for number, date, time and datetime fields. Use /api/fields/${field.id}/dist/ instead.`,
      );
    }
    const { context, canonical } = toAwareContext(ctx, field.dataset);
    return { params: { field, context }, canonical };
  },
  answer: (ctx, params) => answerStats(ctx, params),
});

async function answerStats(ctx: RequestContext, { field, context }: StatsParams): Promise<Reply> {
  const { snapshot } = ctx;
  // In a model tree: over the rows of the field's join with the root, of the entities the context selects (API.md §12).
  // An engine field's naive stats are not precomputed (API.md §14: start-up reads summaries only):
  // the engine computes them as for any context (a tree's over J(T)).
  const naive = context ? undefined : snapshot.stats.get(field.id);
  const s = naive ?? (await ctx.pool.run<StatsResult>(toColumnTask(snapshot, field, 'stats', context), ctx.signal));
  const type = field.internal_type;
  const body: Record<string, unknown> = {
    count: s.count,
    null_count: s.null_count,
    distinct: s.distinct,
    min: toJsonValue(s.min, type),
    max: toJsonValue(s.max, type),
  };
  if (field.simple_type === 'number') {
    // A sum of whole numbers arrives exact (decimal text beyond 2^53); a float or decimal field's
    // sum stays a double, the exact one rounded once.
    const sum = typeof s.sum === 'string' && (type === 'float' || type === 'decimal') ? Number(s.sum) : s.sum;
    const q = s.quantiles;
    // Flat, so that the original client's stats panel prints a number on each line (API.md §8);
    // the snapshot keeps the workers' shape (StatsResult), so built files keep loading.
    Object.assign(body, {
      mean: s.mean,
      stddev: s.stddev,
      sum,
      p05: q?.p05 ?? null,
      p25: q?.p25 ?? null,
      p50: q?.p50 ?? null,
      p75: q?.p75 ?? null,
      p95: q?.p95 ?? null,
    });
  }
  // The small-count rule (API.md §15): fewer than k records with a value, or kept by the context → suppressed whole.
  const rule = toRule(ctx);
  if (!rule) return { body };
  const kept = context ? await toKept(ctx, field, context, s.count + s.null_count) : null;
  return { body: discloseStats(body as Parameters<typeof discloseStats>[0], rule, kept) };
}
