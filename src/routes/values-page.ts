// The /values/ page envelope (API.md §4) and Arrow body (§16), over values in memory or a page the engine sent.
import type { Field } from '../contract/model.ts';
import type { TreeContextNode } from '../contract/tree.ts';
import type { ParsedQuery } from '../search/query.ts';
import { ARROW_STREAM } from '../http/accept.ts';
import { type ArrowColumn, toArrowBytes, toArrowKind } from '../http/arrow-body.ts';
import { HttpError, badParameter } from '../http/errors.ts';
import { toRequestUrl } from '../http/listing.ts';
import type { Reply, RequestContext } from '../http/route.ts';
import { toJsonInSlices, toJsonTextInSlices } from '../http/serialize.ts';
import type { FieldValues } from '../snapshot/field-values.ts';
import { toItemText } from './values-text.ts';

export const SEED_MAX = 2 ** 32 - 1; // the generator's whole state: every seed draws differently
export const PAGE_MAX = Number.MAX_SAFE_INTEGER;
const LARGE_PAGE = 4096; // values on a page beyond which it is serialised in slices

/** A values request as parsed (API.md §4). */
export type ValuesParams = {
  field: Field;
  context: TreeContextNode | null;
  q: ParsedQuery | null;
  random: number | null;
  seed: number | null;
  page: number;
  limit: number;
};

/**
 * The page envelope (API.md §4) over `total` values in the answer's order, where answer position j
 * is value `at(j)` of `vals` (only the page's positions are asked for): each item and its count as
 * shown (API.md §15), the nulls as shown (null: suppressed), and whether numbers may be written as text.
 */
export async function toPageReply(
  ctx: RequestContext,
  field: Field,
  { page, limit }: { page: number; limit: number },
  shown: {
    vals: FieldValues;
    total: number;
    at: (j: number) => number;
    nullCount: number | null;
    count: (i: number) => number | null;
    item: (i: number) => unknown;
    text: boolean;
  },
): Promise<Reply> {
  const { config } = ctx;
  const { vals, total, at, count, item } = shown;
  if (limit === 0 && total > config.maxValuesLimit) {
    throw badParameter(
      'limit',
      `limit=0 would return ${total} values, more than the maximum of ${config.maxValuesLimit} on one page; page through them with limit and page.`,
    );
  }
  const size = limit === 0 ? Math.max(total, 1) : limit;
  const numPages = Math.max(1, Math.ceil(total / size));
  if (page > numPages)
    throw new HttpError(404, 'PAGE_NOT_FOUND', `Page ${page} is past the last page (${numPages}).`, {
      parameter: 'page',
    });
  const start = (page - 1) * size;
  const self = `${ctx.baseUrl}${ctx.path}`;
  const withPage = (p: number) => toRequestUrl(ctx, { page: p > 1 ? p : null });
  const links: Record<string, { href: string; rel: string }> = {
    self: { href: withPage(page), rel: 'self' },
    base: { href: self, rel: 'base' },
  };
  if (page > 1) links.prev = { href: withPage(page - 1), rel: 'prev' };
  if (page < numPages) links.next = { href: withPage(page + 1), rel: 'next' };
  // `values` goes first; a page of many values is serialised in slices (see toJsonInSlices).
  const length = Math.max(0, Math.min(size, total - start));
  const body = {
    values: [] as unknown[],
    count: total,
    null_count: shown.nullCount,
    limit,
    page_num: page,
    num_pages: numPages,
    _links: links,
    ...(shown.nullCount === null ? { suppressed: true } : {}),
  };
  if (ctx.representation === 'arrow') {
    const { values: _, ...rest } = body;
    return toArrowValues(field, vals, length, (j) => at(start + j), rest, count);
  }
  if (length <= LARGE_PAGE) {
    body.values = Array.from({ length }, (_, j) => item(at(start + j)));
    return { body };
  }
  // Numbers and dates with their default labels are written as text (values-text.ts): the same bytes.
  const text = shown.text ? toItemText(field, vals, item) : null;
  const bytes = text
    ? await toJsonTextInSlices(body, 'values', length, (j) => text(at(start + j)))
    : await toJsonInSlices(body, 'values', length, (j) => item(at(start + j)));
  return { body, bytes };
}

/**
 * An Arrow body of values (API.md §16): columns `value`, `label`, `count` of the values `index(j)`,
 * the envelope's other keys in the metadata. A count the small-count rule hides is null (API.md §15),
 * and the page gains a `suppressed` column (true there, null elsewhere) when one of its counts is.
 */
export function toArrowValues(
  field: Field,
  vals: FieldValues,
  length: number,
  index: (j: number) => number,
  metadata: Record<string, unknown>,
  count: (i: number) => number | null,
): Reply {
  const columns: ArrowColumn[] = [
    { name: 'value', kind: toArrowKind(field.internal_type), at: (j) => vals.values[index(j)] },
    { name: 'label', kind: 'label', at: (j) => vals.label(index(j)) },
    { name: 'count', kind: 'count', at: (j) => count(index(j)) },
  ];
  let hidden = false;
  for (let j = 0; j < length && !hidden; j++) hidden = count(index(j)) === null;
  if (hidden) columns.push({ name: 'suppressed', kind: 'bool', at: (j) => count(index(j)) === null || null });
  return { body: null, bytes: toArrowBytes(length, columns, metadata), type: ARROW_STREAM };
}
