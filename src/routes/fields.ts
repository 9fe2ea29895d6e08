// GET /api/fields/ and /api/fields/:id/.
import { defineRoute } from '../http/route.ts';
import { type ListPlan, toListCanonical, toListPage, toListPlan, toPushedHits, toVisibility } from '../http/listing.ts';
import type { Reply, RequestContext } from '../http/route.ts';
import { toFieldJson } from '../http/present.ts';
import { toVisibleField } from '../http/visible.ts';
import { searchFields, type ValueHits } from '../search/index.ts';
import { toFieldOrder } from '../snapshot/order.ts';

/** The fields visible to the requester, filtered, searched, sorted and paged. */
export const listFields = defineRoute<ListPlan>({
  path: '/api/fields',
  name: 'fields',
  parse(ctx) {
    const plan = toListPlan(ctx);
    return { params: plan, canonical: toListCanonical(plan) };
  },
  answer(ctx, plan) {
    const pushed = toPushedHits(ctx, plan);
    return pushed ? pushed.then((hits) => answerFields(ctx, plan, hits)) : answerFields(ctx, plan);
  },
});

function answerFields(ctx: RequestContext, plan: ListPlan, pushed?: ValueHits): Reply {
  const { snapshot, user } = ctx;
  const { ids, headers } = toListPage(
    ctx,
    plan,
    (sort) => toFieldOrder(snapshot, user, sort),
    (id) => snapshot.fields.get(id)!,
    (q) => searchFields(snapshot.searchFor(ctx.user), q, toVisibility(ctx), pushed),
  );
  return { body: ids.map((id) => toFieldJson(snapshot.fields.get(id)!, ctx.baseUrl)), headers };
}

/** One field. */
export const getField = defineRoute<null>({
  path: '/api/fields/:id',
  name: 'field',
  parse(ctx) {
    toVisibleField(ctx);
    return { params: null, canonical: [] };
  },
  answer: (ctx) => ({ body: toFieldJson(toVisibleField(ctx), ctx.baseUrl) }),
});
