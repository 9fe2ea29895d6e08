// OpenAPI schemas of the service documents: the root, the error body, health and readiness.
import type { Schema } from './schema.ts';

const linkRef: Schema = { $ref: '#/components/schemas/Link' };

/** Error codes by status (API.md §9). */
export const ERROR_CODES: Record<number, string[]> = {
  400: ['INVALID_PARAMETER', 'INVALID_CONTEXT', 'INVALID_BODY'],
  401: ['UNAUTHORIZED'],
  403: ['FORBIDDEN_PARAMETER'],
  404: ['NOT_FOUND', 'PAGE_NOT_FOUND'],
  405: ['METHOD_NOT_ALLOWED'],
  408: ['REQUEST_TIMEOUT'],
  413: ['BODY_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  422: ['TOO_MANY_GROUPS', 'NOT_SUPPORTED'],
  429: ['RATE_LIMITED'],
  431: ['HEADERS_TOO_LARGE'],
  500: ['INTERNAL'],
  503: ['UNAVAILABLE', 'ENGINE_UNAVAILABLE'],
};

export const SERVICE_SCHEMAS: Record<string, Schema> = {
  Root: {
    type: 'object',
    description:
      'The root document: the catalog title, the service version and links to the collections (also sent as a `Link` header).',
    required: ['title', 'version', 'sorrel_version', '_links'],
    properties: {
      title: { type: 'string' },
      version: {
        type: 'string',
        pattern: '^\\d+\\.\\d+\\.\\d+',
        description: 'The Serrano API level served (2.3.12), which Cilantro compares before using a feature.',
      },
      sorrel_version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+', description: "Sorrel's own release." },
      entity: {
        $ref: '#/components/schemas/Entities',
        description:
          'Present when the catalog declares a `root` (linked datasets): what the counted entities are called and how many there are.',
      },
      disclosure: {
        type: 'object',
        description:
          "Present when the catalog's small-count rule applies to you (API.md §15): counts below `min_count` are shown as null with `suppressed: true`, others rounded to a multiple of `round_to`.",
        required: ['min_count', 'round_to'],
        properties: { min_count: { type: 'integer', minimum: 2 }, round_to: { type: 'integer', minimum: 1 } },
        additionalProperties: false,
      },
      _links: {
        type: 'object',
        required: ['self', 'concepts', 'fields', 'openapi'],
        properties: {
          self: linkRef,
          concepts: linkRef,
          fields: linkRef,
          openapi: { ...linkRef, description: 'This OpenAPI document (rel `service-desc`, RFC 8631).' },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  Entities: {
    type: 'object',
    description:
      'The root entities of a catalog with linked datasets: their names and how many there are (with `aware=true`, how many the context selects).',
    required: ['name', 'plural_name', 'count'],
    properties: {
      name: { type: 'string' },
      plural_name: { type: 'string' },
      count: {
        type: ['integer', 'null'],
        minimum: 0,
        description:
          "Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`.",
      },
      suppressed: { const: true, description: 'Present (true) when `count` is suppressed.' },
    },
    additionalProperties: false,
  },
  Error: {
    type: 'object',
    description:
      'The one error body. `message` says what is wrong with which value and how to fix it; `parameter` names the parameter at fault, when one is.',
    required: ['status', 'code', 'message'],
    properties: {
      status: { type: 'integer', enum: Object.keys(ERROR_CODES).map(Number) },
      code: { enum: Object.values(ERROR_CODES).flat() },
      message: { type: 'string', minLength: 1 },
      parameter: { type: 'string' },
    },
    additionalProperties: false,
  },
  Health: {
    type: 'object',
    required: ['status'],
    properties: { status: { const: 'ok' } },
    additionalProperties: false,
  },
  Ready: {
    type: 'object',
    required: ['status', 'version'],
    properties: {
      status: { const: 'ready' },
      version: {
        type: 'string',
        description:
          "The served version (data content and Sorrel's release): every ETag derives from it, so equal versions mean equal answers.",
      },
      reload: {
        type: 'object',
        description:
          'Present once a reload (SIGHUP) was tried: whether the last one succeeded, when, and how many problems it had (the log names them).',
        required: ['ok', 'at', 'problems'],
        properties: {
          ok: { type: 'boolean' },
          at: { $ref: '#/components/schemas/Timestamp' },
          problems: { type: 'integer', minimum: 0 },
        },
        additionalProperties: false,
      },
      engines: {
        type: 'object',
        description:
          "Present when the catalog has engine datasets (ClickHouse): each engine's name and whether it answered a ping. An engine that is down leaves the server ready (its datasets answer 503 ENGINE_UNAVAILABLE).",
        additionalProperties: { enum: ['up', 'down'] },
      },
    },
    additionalProperties: false,
  },
};
