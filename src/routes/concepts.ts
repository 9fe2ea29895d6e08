// GET /api/concepts/, /api/concepts/:id/, /api/concepts/:id/fields/.
import { defineRoute, toCanonical } from '../http/route.ts';
import {
  type ListPlan,
  toListCanonical,
  toListPage,
  toListPlan,
  toPage,
  toPaging,
  toPagingCanonical,
  toPushedHits,
  toVisibility,
} from '../http/listing.ts';
import type { Reply, RequestContext } from '../http/route.ts';
import { toBoolParam } from '../http/params.ts';
import { toConceptFieldsJson, toConceptJson } from '../http/present.ts';
import { toVisibleConcept } from '../http/visible.ts';
import { searchConcepts, type ValueHits } from '../search/index.ts';
import { toConceptOrder } from '../snapshot/order.ts';

/** The concepts visible to the requester, filtered, searched, sorted and paged. */
export const listConcepts = defineRoute<{ plan: ListPlan; embed: boolean }>({
  path: '/api/concepts',
  name: 'concepts',
  parse(ctx) {
    const plan = toListPlan(ctx);
    const embed = toBoolParam(ctx.query, 'embed', false);
    return { params: { plan, embed }, canonical: toListCanonical(plan, toCanonical([['embed', embed || null]])) };
  },
  answer(ctx, { plan, embed }) {
    const pushed = toPushedHits(ctx, plan);
    return pushed ? pushed.then((hits) => answerConcepts(ctx, plan, embed, hits)) : answerConcepts(ctx, plan, embed);
  },
});

function answerConcepts(ctx: RequestContext, plan: ListPlan, embed: boolean, pushed?: ValueHits): Reply {
  const { snapshot, user } = ctx;
  const { ids, headers } = toListPage(
    ctx,
    plan,
    (sort) => toConceptOrder(snapshot, user, sort),
    (id) => snapshot.concepts.get(id)!,
    (q) => searchConcepts(snapshot.searchFor(ctx.user), q, toVisibility(ctx), pushed),
  );
  return {
    body: ids.map((id) => toConceptJson(snapshot, snapshot.concepts.get(id)!, user, ctx.baseUrl, embed)),
    headers,
  };
}

/** One concept. */
export const getConcept = defineRoute<{ embed: boolean }>({
  path: '/api/concepts/:id',
  name: 'concept',
  parse(ctx) {
    toVisibleConcept(ctx);
    const embed = toBoolParam(ctx.query, 'embed', false);
    return { params: { embed }, canonical: toCanonical([['embed', embed || null]]) };
  },
  answer: (ctx, { embed }) => ({
    body: toConceptJson(ctx.snapshot, toVisibleConcept(ctx), ctx.user, ctx.baseUrl, embed),
  }),
});

/** The concept's fields as full objects, in the concept's order, paged like the other lists. */
export const listConceptFields = defineRoute<{ limit: number; offset: number }>({
  path: '/api/concepts/:id/fields',
  name: 'concept_fields',
  parse(ctx) {
    toVisibleConcept(ctx);
    const paging = toPaging(ctx);
    return { params: paging, canonical: toPagingCanonical(paging) };
  },
  answer(ctx, { limit, offset }) {
    const all = toConceptFieldsJson(ctx.snapshot, toVisibleConcept(ctx), ctx.user, ctx.baseUrl);
    const { page, headers } = toPage(ctx, all, limit, offset);
    return { body: page, headers };
  },
});
