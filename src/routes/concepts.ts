// GET /api/concepts/, /api/concepts/:id/, /api/concepts/:id/fields/.
import { toVisibleConcept } from '../http/visible.ts';
import { toConceptFieldsJson, toConceptJson } from '../http/present.ts';
import { searchConcepts } from '../search/index.ts';
import { toListPage, toListPlan, toPage, toPaging, toVisibility } from '../http/listing.ts';
import { toConceptOrder } from '../snapshot/order.ts';
import { toBoolParam } from '../http/params.ts';
import type { Handler } from '../http/handler.ts';

/** The concepts visible to the requester, filtered, searched, sorted and paged. */
export const listConcepts: Handler = (ctx) => {
  const { snapshot, user } = ctx;
  const plan = toListPlan(ctx);
  const embed = toBoolParam(ctx.query, 'embed', false);
  const { ids, headers } = toListPage(ctx, plan, (sort) => toConceptOrder(snapshot, user, sort),
    (id) => snapshot.concepts.get(id)!, (q) => searchConcepts(snapshot.search, q, toVisibility(ctx)));
  return { body: ids.map((id) => toConceptJson(snapshot, snapshot.concepts.get(id)!, user, ctx.baseUrl, embed)), headers };
};

/** One concept. */
export const getConcept: Handler = (ctx) => {
  const embed = toBoolParam(ctx.query, 'embed', false);
  return { body: toConceptJson(ctx.snapshot, toVisibleConcept(ctx), ctx.user, ctx.baseUrl, embed) };
};

/** The concept's fields as full objects, in the concept's order, paged like the other lists. */
export const listConceptFields: Handler = (ctx) => {
  const { limit, offset } = toPaging(ctx);
  const all = toConceptFieldsJson(ctx.snapshot, toVisibleConcept(ctx), ctx.user, ctx.baseUrl);
  const { page, headers } = toPage(ctx, all, limit, offset);
  return { body: page, headers };
};
