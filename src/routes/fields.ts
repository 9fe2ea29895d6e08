// GET /api/fields/ and /api/fields/:id/.
import { notFound } from '../http/errors.ts';
import { toFieldJson } from '../http/present.ts';
import { searchFields } from '../search/index.ts';
import type { Field } from '../contract/types.ts';
import { toListPage, toListPlan, toVisibility } from '../http/listing.ts';
import { toFieldOrder } from '../snapshot/order.ts';
import { toId } from '../http/params.ts';
import type { Handler, RequestContext } from '../http/handler.ts';

/** The field named by the path, or the same 404 whether it is unknown or invisible. */
export function toVisibleField(ctx: RequestContext): Field {
  const id = toId(ctx.params.id);
  if (id === null || !ctx.snapshot.isFieldVisible(ctx.user, id)) throw notFound('field', ctx.params.id ?? '');
  return ctx.snapshot.fields.get(id)!;
}

/** The fields visible to the requester, filtered, searched, sorted and paged. */
export const listFields: Handler = (ctx) => {
  const { snapshot, user } = ctx;
  const plan = toListPlan(ctx);
  const { ids, headers } = toListPage(ctx, plan, (sort) => toFieldOrder(snapshot, user, sort),
    (id) => snapshot.fields.get(id)!, (q) => searchFields(snapshot.search, q, toVisibility(ctx)));
  return { body: ids.map((id) => toFieldJson(snapshot.fields.get(id)!, ctx.baseUrl)), headers };
};

/** One field. */
export const getField: Handler = (ctx) => ({ body: toFieldJson(toVisibleField(ctx), ctx.baseUrl) });
