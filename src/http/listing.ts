// Shared list behaviour (API.md §2–3, §5): access filters, search, sort, order, limit/offset paging.
import { HttpError } from './errors.ts';
import type { ValueHits, Visibility } from '../search/index.ts';
import { parseQuery, type ParsedQuery } from '../search/query.ts';
import { toBoolParam, toEnumParam, toIntParam, toSingle } from './params.ts';
import type { SortKey } from '../snapshot/order.ts';
import { appliesTo } from '../common/disclosure.ts';
import { probePushed } from '../snapshot/value-search.ts';
import { toCanonical, type Canonical, type RequestContext } from './route.ts';

export type ListPlan = {
  published: boolean | null;
  archived: boolean | null;
  sort: SortKey | null; // null = relevance (only with a query)
  desc: boolean;
  query: ParsedQuery | null;
  rawQuery: string | null; // trimmed, for the canonical request
  limit: number;
  offset: number;
};

/** Reads the list parameters, refusing what a non-privileged user may not ask for (403). */
export function toListPlan(ctx: RequestContext): ListPlan {
  const { query, user } = ctx;
  const published = toBoolParam(query, 'published', null);
  const archived = toBoolParam(query, 'archived', null);
  if (!user.privileged) {
    if (published === false)
      throw new HttpError(
        403,
        'FORBIDDEN_PARAMETER',
        '"published=false" needs a privileged user; you see published objects only.',
        { parameter: 'published' },
      );
    if (archived === true)
      throw new HttpError(
        403,
        'FORBIDDEN_PARAMETER',
        '"archived=true" needs a privileged user; you see unarchived objects only.',
        { parameter: 'archived' },
      );
  }
  const raw = toSingle(query, 'query');
  const q = parseQuery(raw);
  return {
    published,
    archived,
    sort: toEnumParam(query, 'sort', ['category', 'name'] as const, null),
    desc: toEnumParam(query, 'order', ['asc', 'desc'] as const, 'asc') === 'desc',
    query: q,
    rawQuery: q ? raw!.trim() : null,
    ...toPaging(ctx),
  };
}

/** The canonical form of a list plan (plus a route's own extra entries, e.g. embed). */
export function toListCanonical(plan: ListPlan, extra: Canonical = []): Canonical {
  return [
    ...toCanonical([
      ['published', plan.published],
      ['archived', plan.archived],
      ['sort', plan.sort],
      ['order', plan.desc ? 'desc' : null],
      ['query', plan.rawQuery],
    ]),
    ...extra,
    ...toPagingCanonical(plan),
  ];
}

/** The canonical form of `limit`/`offset` (defaults left out). */
export function toPagingCanonical(p: { limit: number; offset: number }): Canonical {
  return toCanonical([
    ['limit', p.limit || null],
    ['offset', p.offset || null],
  ]);
}

/**
 * Applies flags, search and order to the visible ids (given in `sort` order) and pages them.
 * `search` returns id → relevance tier for a parsed query; relevance order breaks ties by list order.
 */
export function toListPage<T extends { published: boolean; archived: boolean }>(
  ctx: RequestContext,
  plan: ListPlan,
  orderOf: (sort: SortKey) => number[],
  get: (id: number) => T,
  search: (q: ParsedQuery) => Map<number, number>,
): { ids: number[]; headers: Record<string, string> } {
  const q = plan.query;
  let ids = orderOf(plan.sort ?? 'category').filter((id) => {
    const o = get(id);
    return (
      (plan.published === null || o.published === plan.published) &&
      (plan.archived === null || o.archived === plan.archived)
    );
  });
  if (q) {
    const hits = search(q);
    ids = ids.filter((id) => hits.has(id));
    if (plan.sort === null) {
      const rank = new Map(ids.map((id, i) => [id, i]));
      ids.sort((a, b) => hits.get(a)! - hits.get(b)! || rank.get(a)! - rank.get(b)!);
    }
  }
  if (plan.desc) ids = [...ids].reverse();
  const { page, headers } = toPage(ctx, ids, plan.limit, plan.offset);
  return { ids: page, headers };
}

/** `limit`/`offset` of a list request (0 = all, 0). */
export function toPaging(ctx: RequestContext): { limit: number; offset: number } {
  return {
    limit: toIntParam(ctx.query, 'limit', 0, Number.MAX_SAFE_INTEGER, 0),
    offset: toIntParam(ctx.query, 'offset', 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

/** One page of a list with X-Total-Count and Link next/prev (prev never points past the end). */
export function toPage<T>(
  ctx: RequestContext,
  items: T[],
  limit: number,
  offset: number,
): { page: T[]; headers: Record<string, string> } {
  const total = items.length;
  const end = limit === 0 ? total : Math.min(total, offset + limit);
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  const links: string[] = [];
  if (limit > 0 && end < total) links.push(`<${toRequestUrl(ctx, { limit, offset: offset + limit })}>; rel="next"`);
  if (offset > 0 && total > 0) {
    const step = limit || offset;
    const prev = offset >= total ? Math.max(0, Math.floor((total - 1) / step) * step) : Math.max(0, offset - step);
    links.push(`<${toRequestUrl(ctx, { limit, offset: prev })}>; rel="prev"`);
  }
  if (links.length) headers.Link = links.join(', ');
  return { page: items.slice(offset, end), headers };
}

/** The canonical request URL with `set` replacing some parameters (null or 0 drops one). */
export function toRequestUrl(ctx: RequestContext, set: Record<string, number | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of ctx.canonical) if (!(k in set)) params.append(k, v);
  for (const [k, v] of Object.entries(set)) if (v) params.set(k, String(v));
  const s = params.toString();
  return `${ctx.baseUrl}${ctx.path}${s ? `?${s}` : ''}`;
}

/** What the requesting user may see, as the search module asks it. */
export function toVisibility(ctx: RequestContext): Visibility {
  const { snapshot, user } = ctx;
  return { field: (id) => snapshot.isFieldVisible(user, id), concept: (id) => snapshot.isConceptVisible(user, id) };
}

/**
 * What the engine finds for the list's query in the values of pushed fields the user can see
 * (API.md §14 Search), or null when there is nothing to ask: the in-memory path stays synchronous.
 */
export function toPushedHits(ctx: RequestContext, plan: ListPlan): Promise<ValueHits> | null {
  const { snapshot, user } = ctx;
  if (!plan.query || snapshot.pushed.size === 0) return null;
  // The engine would find values of any count: for the users the small-count rule applies to, a
  // pushed field's values are not searched (API.md §15 Search; docs/disclosure.md).
  if (appliesTo(snapshot.disclosure, user)) return null;
  const visible = (id: number) => snapshot.isFieldVisible(user, id);
  return probePushed(snapshot.pushed, snapshot.tableRef, ctx.pool, plan.query, visible, ctx.signal, snapshot.tree);
}
