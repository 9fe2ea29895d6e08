// GET /api/fields/ and /api/fields/:id/.
import { toFieldJson } from '../http/present.ts';
import { searchFields } from '../search/index.ts';
import { toListPage, toListPlan, toVisibility } from '../http/listing.ts';
import { toFieldOrder } from '../snapshot/order.ts';
import { toVisibleField } from '../http/visible.ts';
import type { Handler } from '../http/handler.ts';

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
