// GET /api/fields/:id/stats/: summary statistics of a number, date, time or datetime field (API.md §8).
import { toAwareContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { toJsonValue } from '../common/values.ts';
import { isStatsType } from '../catalog/rules.ts';
import type { StatsResult } from '../contract/tasks.ts';
import { toVisibleField } from '../http/visible.ts';
import { defineRoute, type Reply, type RequestContext } from '../http/handler.ts';
import type { ContextNode } from '../contract/context.ts';
import type { Field } from '../contract/model.ts';

type StatsParams = { field: Field; context: ContextNode | null };

/** count, null_count, distinct, min, max (+ mean, stddev, sum, quantiles for numbers). */
export const getStats = defineRoute<StatsParams>({
  path: '/api/fields/:id/stats',
  name: 'stats',
  parse(ctx) {
    const field = toVisibleField(ctx);
    if (!isStatsType(field.simple_type)) {
      throw new HttpError(422, 'NOT_SUPPORTED', `Field ${field.id} is ${field.simple_type}; stats are for number, date, time and datetime fields. Use /api/fields/${field.id}/dist/ instead.`);
    }
    const { context, canonical } = toAwareContext(ctx, field.dataset);
    return { params: { field, context }, canonical };
  },
  answer: (ctx, params) => answerStats(ctx, params),
});

async function answerStats(ctx: RequestContext, { field, context }: StatsParams): Promise<Reply> {
  const { snapshot } = ctx;
  const s = context
    ? await ctx.pool.run<StatsResult>({ kind: 'stats', table: snapshot.tableRef(field.dataset), column: field.column, context }, ctx.signal)
    : snapshot.stats.get(field.id)!;
  const type = field.internal_type;
  const body: Record<string, unknown> = {
    count: s.count, null_count: s.null_count, distinct: s.distinct,
    min: toJsonValue(s.min, type), max: toJsonValue(s.max, type),
  };
  if (field.simple_type === 'number') {
    Object.assign(body, { mean: s.mean, stddev: s.stddev, sum: s.sum, quantiles: s.quantiles ?? { p05: null, p25: null, p50: null, p75: null, p95: null } });
  }
  return { body };
}
