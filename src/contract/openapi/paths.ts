// OpenAPI paths: one operation per endpoint, with its parameters, answers and errors.
import { DIST_OK, VALUES_OK } from './arrow.ts';
import { NOT_MODIFIED, NOT_MODIFIED_ACCEPT, toErrorResponse, toJsonResponse, toOkHeaders } from './responses.ts';
import { OPS_PATHS } from './ops-paths.ts';
import type { Schema } from './schema.ts';

const schema = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const params = (...names: string[]): Schema[] => [
  ...names.map((n) => ({ $ref: `#/components/parameters/${n}` })),
  { $ref: '#/components/parameters/IfNoneMatch' },
];
const arrayOf = (name: string): Schema => ({ type: 'array', items: schema(name) });

type Operation = {
  id: string;
  tag: string;
  summary: string;
  description: string;
  parameters: Schema[];
  ok: Schema;
  errors?: Record<number, string[] | undefined>;
  /** Answers `Accept: application/vnd.apache.arrow.stream` with an Arrow body (its 304 varies by Accept too). */
  arrow?: boolean;
};

// Errors every /api/ path can give, whatever its parameters.
const EVERY_API_ERROR = { 401: undefined, 429: undefined, 500: undefined, 503: undefined };

/** A GET operation on an /api/ path: 200, 304, its own errors, and the errors every API path can give. */
function toApiOperation(o: Operation): Schema {
  const responses: Schema = { 200: o.ok, 304: o.arrow ? NOT_MODIFIED_ACCEPT : NOT_MODIFIED };
  for (const [status, codes] of Object.entries({ ...o.errors, ...EVERY_API_ERROR })) {
    responses[status] = toErrorResponse(Number(status), codes);
  }
  return {
    get: {
      operationId: o.id,
      tags: [o.tag],
      summary: o.summary,
      description: o.description,
      parameters: o.parameters,
      responses,
    },
  };
}

const LIST_PARAMS = ['ListSort', 'ListOrder', 'Published', 'Archived', 'ListQuery', 'ListLimit', 'ListOffset'];
const LIST_ERRORS = { 400: ['INVALID_PARAMETER'], 403: undefined };
const listHeaders = toOkHeaders({ 'X-Total-Count': 'TotalCount', Link: 'PageLink' });
const FIELD_COMPUTE_ERRORS = { 400: undefined, 404: ['NOT_FOUND'] };

/** POST on /values/: typed values checked against the field's values (a read: nothing stored, never cached). */
const VALIDATE: Schema = {
  operationId: 'validateValues',
  tags: ['data'],
  summary: 'Validate typed values',
  description:
    'The body is a list of `{"value": …}` or `{"label": "…"}` objects (or one object); the answer is the same list (or object) with `valid` (the value, or the label, is among the field\'s values you may see; with `aware=true` those the context selects) and the counterpart `label` or `value` added. Other keys are echoed. Same access rules and 404s as GET; `Cache-Control: no-store`. This is what Cilantro 2.3 sends when a user types values.',
  parameters: [
    { $ref: '#/components/parameters/FieldId' },
    { $ref: '#/components/parameters/Aware' },
    { $ref: '#/components/parameters/Context' },
  ],
  requestBody: {
    required: true,
    content: {
      'application/json': { schema: { oneOf: [{ type: 'array', items: schema('TypedValue') }, schema('TypedValue')] } },
    },
  },
  responses: {
    200: {
      description: 'The items, checked.',
      content: {
        'application/json': {
          schema: { oneOf: [arrayOf('CheckedValue'), schema('CheckedValue'), schema('Suppressed')] },
        },
      },
    },
    400: toErrorResponse(400, ['INVALID_BODY', 'INVALID_CONTEXT', 'INVALID_PARAMETER']),
    401: toErrorResponse(401),
    404: toErrorResponse(404, ['NOT_FOUND']),
    413: toErrorResponse(413, ['BODY_TOO_LARGE']),
    415: toErrorResponse(415, ['UNSUPPORTED_MEDIA_TYPE']),
    429: toErrorResponse(429),
    500: toErrorResponse(500),
    503: toErrorResponse(503),
  },
};

/** The `paths` object. */
const DIST_PARAMS = ['FieldId', 'Dimensions', 'Nulls', 'DistSort', 'Cluster', 'ClusterCount', 'Bins', 'Interval'];

export const PATHS: Record<string, Schema> = {
  '/api/': toApiOperation({
    id: 'getRoot',
    tag: 'catalog',
    summary: 'Root document',
    description:
      'The catalog title, the service version and links to the collections and to this document, also as a `Link` header.',
    parameters: params(),
    ok: toJsonResponse('The root document.', schema('Root'), toOkHeaders({ Link: 'RootLink' })),
  }),
  '/api/openapi.json': toApiOperation({
    id: 'getOpenApi',
    tag: 'catalog',
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 description of the service, with the limits this server is configured with.',
    parameters: params(),
    ok: toJsonResponse('The OpenAPI document.', {
      type: 'object',
      required: ['openapi', 'info', 'paths', 'components'],
      properties: {
        openapi: { const: '3.1.0' },
        info: { type: 'object', additionalProperties: true },
        paths: { type: 'object', additionalProperties: true },
        components: { type: 'object', additionalProperties: true },
      },
    }),
  }),
  '/api/concepts/': toApiOperation({
    id: 'listConcepts',
    tag: 'catalog',
    summary: 'List concepts',
    description:
      'The concepts you may see (a concept is visible when it and every one of its fields are), filtered, searched, sorted and paged. A bare array.',
    parameters: params(...LIST_PARAMS, 'Embed'),
    ok: toJsonResponse('The concepts.', arrayOf('Concept'), listHeaders),
    errors: LIST_ERRORS,
  }),
  '/api/concepts/{id}/': toApiOperation({
    id: 'getConcept',
    tag: 'catalog',
    summary: 'One concept',
    description:
      'One concept, with its fields referenced in `_links.field`, `_links.fields` linking its fields sub-resource (and the fields given in full with `embed=true`).',
    parameters: params('ConceptId', 'Embed'),
    ok: toJsonResponse('The concept.', schema('Concept')),
    errors: { 400: ['INVALID_PARAMETER'], 404: ['NOT_FOUND'] },
  }),
  '/api/concepts/{id}/fields/': toApiOperation({
    id: 'listConceptFields',
    tag: 'catalog',
    summary: "A concept's fields",
    description:
      "The concept's fields you may see, as full objects in the concept's order; `alt_name` is the concept's own alternative name when the catalog gives one. A bare array.",
    parameters: params('ConceptId', 'ListLimit', 'ListOffset'),
    ok: toJsonResponse('The fields.', arrayOf('Field'), listHeaders),
    errors: { 400: ['INVALID_PARAMETER'], 404: ['NOT_FOUND'] },
  }),
  '/api/fields/': toApiOperation({
    id: 'listFields',
    tag: 'catalog',
    summary: 'List fields',
    description:
      'The fields you may see, filtered, searched, sorted and paged. A field sorts under its own category, else that of the first concept containing it. A bare array.',
    parameters: params(...LIST_PARAMS),
    ok: toJsonResponse('The fields.', arrayOf('Field'), listHeaders),
    errors: LIST_ERRORS,
  }),
  '/api/fields/{id}/': toApiOperation({
    id: 'getField',
    tag: 'catalog',
    summary: 'One field',
    description: 'One field with its metadata and operators.',
    parameters: params('FieldId'),
    ok: toJsonResponse('The field.', schema('Field')),
    errors: { 404: ['NOT_FOUND'] },
  }),
  '/api/fields/{id}/values/': {
    ...toApiOperation({
      id: 'getValues',
      tag: 'data',
      summary: 'Distinct values',
      description:
        'Distinct values with labels and counts: a page envelope, or with `random` a bare array of a uniform draw. Nulls are counted in `null_count`, never listed.',
      parameters: params('FieldId', 'ValuesQuery', 'ValuesLimit', 'ValuesPage', 'Random', 'Seed', 'Aware', 'Context'),
      ok: VALUES_OK,
      errors: { 400: undefined, 404: undefined },
      arrow: true,
    }),
    post: VALIDATE,
  },
  '/api/fields/{id}/dist/': toApiOperation({
    id: 'getDist',
    tag: 'data',
    summary: 'Distribution',
    description:
      'Counts per group of dimension values. When every dimension is a number, outliers (≥ 3× the mean distance from the mean point, after normalising each dimension by its standard deviation) move to `outliers`, and with `cluster=true` and at least 500 points the rest become k-means centroids with weighted counts, after gathering more than `SORREL_MAX_CLUSTER_POINTS` groups on a grid (`cells`): never refused for its size. `bins` and `interval` group number and date/time axes instead (`axes`). Deterministic on every replica.',
    parameters: params(...DIST_PARAMS, 'Aware', 'Context'),
    ok: DIST_OK,
    errors: { ...FIELD_COMPUTE_ERRORS, 422: ['TOO_MANY_GROUPS'] },
    arrow: true,
  }),
  '/api/fields/{id}/stats/': toApiOperation({
    id: 'getStats',
    tag: 'data',
    summary: 'Summary statistics',
    description:
      'count, null_count, distinct, min, max, and for numbers mean, stddev, sum and the quantiles p05, p25, p50, p75, p95, every one a scalar at the top level. Number, date, time and datetime fields only (others: 422 NOT_SUPPORTED).',
    parameters: params('FieldId', 'Aware', 'Context'),
    ok: toJsonResponse('The stats.', { oneOf: [schema('NumberStats'), schema('TemporalStats'), schema('Suppressed')] }),
    errors: { ...FIELD_COMPUTE_ERRORS, 422: ['NOT_SUPPORTED'] },
  }),
  '/api/entities/': toApiOperation({
    id: 'getEntities',
    tag: 'data',
    summary: 'Entity count',
    description:
      'In a catalog with linked datasets (a `root`): how many root entities there are, or with `aware=true` how many the context selects (conditions on any table of the tree combine at the entity level). 404 when the catalog declares no root.',
    parameters: params('Aware', 'Context'),
    ok: toJsonResponse('The entities.', { oneOf: [schema('Entities'), schema('Suppressed')] }),
    errors: { 400: ['INVALID_CONTEXT', 'INVALID_PARAMETER'], 404: ['NOT_FOUND'] },
  }),
  ...OPS_PATHS,
};
