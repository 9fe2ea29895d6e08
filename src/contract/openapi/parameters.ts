// OpenAPI parameters: every query, path and header parameter, with the configured limits.
import type { Schema } from './schema.ts';

/** The configured limits that the document states as parameter bounds. */
export type Limits = { maxValuesLimit: number; maxRandom: number; maxDimensions: number; maxGroups: number };

const BOOLEAN = 'Also accepts 1/0 and yes/no, in any case.';
const query = (name: string, schema: Schema, description: string): Schema => ({
  name,
  in: 'query',
  schema,
  description,
});
const bool = (name: string, fallback: boolean | null, description: string): Schema =>
  query(
    name,
    fallback === null ? { type: 'boolean' } : { type: 'boolean', default: fallback },
    `${description} ${BOOLEAN}`,
  );
const id = (kind: string): Schema => ({
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'integer', minimum: 1 },
  description: `Identifier of the ${kind}. An unknown id and one you may not see answer the same 404.`,
});

/** The `components.parameters` object for the given limits. */
export function toParameters(limits: Limits): Record<string, Schema> {
  return {
    ConceptId: id('concept'),
    FieldId: id('field'),
    ListSort: query(
      'sort',
      { enum: ['category', 'name'], default: 'category' },
      "`category`: category order, category name, then the object's order, name, id (objects without a category last). `name`: case-insensitive name, then id. With `query` and no `sort`, the order is relevance.",
    ),
    ListOrder: query('order', { enum: ['asc', 'desc'], default: 'asc' }, '`desc` reverses the whole sort key.'),
    Published: bool(
      'published',
      null,
      'Privileged users: `true` only published objects, `false` only unpublished ones; absent = both. Others may send `true` only (`false` is a 403 FORBIDDEN_PARAMETER).',
    ),
    Archived: bool(
      'archived',
      null,
      'Privileged users: `true` only archived objects, `false` only unarchived ones; absent = both. Others may send `false` only (`true` is a 403 FORBIDDEN_PARAMETER).',
    ),
    ListQuery: query(
      'query',
      { type: 'string', maxLength: 512 },
      'Search over metadata and data values: terms must all match (substring, case- and accent-insensitive), `-term` must not, `"a phrase"` matches consecutive words within one piece of text. At most 32 terms; an unbalanced quote is a 400.',
    ),
    Embed: bool('embed', false, 'Adds `fields` to each concept: the same array as `/api/concepts/{id}/fields/`.'),
    ListLimit: query(
      'limit',
      { type: 'integer', minimum: 0, default: 0 },
      'Page size; 0 = all. The total before paging is in `X-Total-Count`; `Link` carries `next`/`prev`.',
    ),
    ListOffset: query('offset', { type: 'integer', minimum: 0, default: 0 }, 'Items to skip.'),
    ValuesQuery: query(
      'query',
      { type: 'string', maxLength: 512 },
      'Filters value labels with the search grammar; exact label matches come first, then labels starting with the query.',
    ),
    ValuesLimit: query(
      'limit',
      { type: 'integer', minimum: 0, maximum: limits.maxValuesLimit, default: 10 },
      `Values per page; 0 = all on one page (refused above ${limits.maxValuesLimit} values).`,
    ),
    ValuesPage: query(
      'page',
      { type: 'integer', minimum: 1, default: 1 },
      'Page number; past the last page is a 404 PAGE_NOT_FOUND.',
    ),
    Random: query(
      'random',
      { type: 'integer', minimum: 1, maximum: limits.maxRandom },
      'Answer a bare array of up to N distinct values drawn uniformly without replacement (after `query` and `aware` restrict the population). Without `seed` the answer carries no ETag.',
    ),
    Seed: query(
      'seed',
      { type: 'integer', minimum: 0, maximum: 4294967295 },
      'Makes a `random` draw reproducible on every replica; only with `random`.',
    ),
    Aware: bool(
      'aware',
      false,
      '`true` restricts the answer to the records that match `context`; `false` ignores `context`.',
    ),
    Context: {
      name: 'context',
      in: 'query',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ContextNode' } } },
      description:
        'The context as URL-encoded JSON (the service is stateless); used only with `aware=true`. At most 16 KiB, 256 conditions, depth 32; anything invalid is a 400 INVALID_CONTEXT naming the node.',
    },
    Dimensions: {
      name: 'dimensions',
      in: 'query',
      style: 'form',
      explode: true,
      schema: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: limits.maxDimensions },
      description: `Field ids to group by, repeated (\`dimensions=3&dimensions=7\`) or comma-separated (\`dimensions=3,7\`); the path's field is put first when missing; at most ${limits.maxDimensions} in all, all in the same table.`,
    },
    Nulls: bool('nulls', false, 'Keep groups in which a dimension is null (value `null`, label `"null"`).'),
    DistSort: query(
      'sort',
      { enum: ['fields', 'count'], default: 'fields' },
      '`fields`: by dimension values ascending, nulls last. `count`: by count descending, ties by values.',
    ),
    Cluster: bool(
      'cluster',
      true,
      'k-means clustering when every dimension is a number and at least 500 points remain after outliers.',
    ),
    ClusterCount: query(
      'n',
      { type: 'integer', minimum: 1 },
      'Number of clusters, 1 … points (default ⌊√⌊points/2⌋⌋).',
    ),
    Bins: query(
      'bins',
      { oneOf: [{ type: 'integer', minimum: 1, maximum: 1000 }, { const: 'auto' }] },
      "Group every number axis into at most N equal bins of a nice width (1, 2 or 5 × 10^k) over the field's context-naive range; `auto`: ⌈log₂ n⌉ + 1, at most 100. No outliers or clustering then.",
    ),
    Interval: query(
      'interval',
      { enum: ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'auto'] },
      'Group every date and datetime axis (hour and minute: also time axes) by that period, in UTC, weeks from Monday (ISO); `auto`: the largest unit with at least 12 periods over the naive range.',
    ),
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      schema: { type: 'string' },
      description: 'An ETag from an earlier answer: a match is a 304 with no body, before any work.',
    },
  };
}
