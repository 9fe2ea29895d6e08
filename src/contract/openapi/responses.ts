// OpenAPI response headers and the error responses every operation shares.
import type { Schema } from './schema.ts';
import { ERROR_CODES } from './service.ts';

const header = (name: string): Schema => ({ $ref: `#/components/headers/${name}` });

/** The `components.headers` object. */
export const HEADERS: Record<string, Schema> = {
  ETag: {
    required: true,
    description:
      'A strong validator from the data version, what the user may see (privileged flag and groups, never the token) and the normalised request. Send it back in `If-None-Match` for a 304.',
    schema: { type: 'string', pattern: '^"[A-Za-z0-9_-]+"$' },
  },
  OptionalETag: {
    description: 'As ETag; absent on a `random` draw without `seed`, which is not repeatable.',
    schema: { type: 'string', pattern: '^"[A-Za-z0-9_-]+"$' },
  },
  CacheControl: {
    required: true,
    description: 'Configurable (`SORREL_CACHE_CONTROL`), default `private, no-cache`.',
    schema: { type: 'string' },
  },
  Vary: {
    required: true,
    description: 'Answers depend on the credentials and the origin.',
    schema: { const: 'Authorization, Origin' },
  },
  VaryAccept: {
    required: true,
    description:
      'Answers depend on the credentials, the origin and `Accept` (JSON, or an Arrow IPC stream for `application/vnd.apache.arrow.stream`).',
    schema: { const: 'Authorization, Origin, Accept' },
  },
  TotalCount: {
    required: true,
    description: 'Number of items before paging.',
    schema: { type: 'integer', minimum: 0 },
  },
  PageLink: {
    description: '`<url>; rel="next"` and/or `<url>; rel="prev"` when paging with `limit`/`offset`.',
    schema: { type: 'string', pattern: '^<[^>]+>; rel="(next|prev)"(, <[^>]+>; rel="(next|prev)")?$' },
  },
  RootLink: {
    required: true,
    description:
      'The root document\'s links: `<url>; rel="self"`, `rel="concepts"`, `rel="fields"`, `rel="service-desc"`.',
    schema: { type: 'string', pattern: '^<[^>]+>; rel="[a-z-]+"(, <[^>]+>; rel="[a-z-]+")*$' },
  },
  RetryAfter: {
    required: true,
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
  },
  WwwAuthenticate: {
    required: true,
    description: 'The scheme to use: `Bearer realm="sorrel"`.',
    schema: { type: 'string', pattern: '^Bearer' },
  },
};

/** Headers of every 200 answer on an /api/ path, plus the given extra ones (`vary`: VaryAccept on a path with an Arrow body). */
export function toOkHeaders(extra: Record<string, string> = {}, etag = 'ETag', vary = 'Vary'): Schema {
  return {
    ETag: header(etag),
    'Cache-Control': header('CacheControl'),
    Vary: header(vary),
    ...Object.fromEntries(Object.entries(extra).map(([name, component]) => [name, header(component)])),
  };
}

/** A 200 response with a JSON body. */
export function toJsonResponse(description: string, schema: Schema, headers: Schema = toOkHeaders()): Schema {
  return { description, headers, content: { 'application/json': { schema } } };
}

/** A 200 response with a JSON body, or an Arrow IPC stream of the same answer by `Accept` (API.md §16). */
export function toJsonOrArrowResponse(description: string, schema: Schema, arrow: string, headers: Schema): Schema {
  return {
    description,
    headers,
    content: {
      'application/json': { schema },
      'application/vnd.apache.arrow.stream': {
        schema: { type: 'string', format: 'binary', description: arrow },
      },
    },
  };
}

const WHY: Record<number, string> = {
  400: 'A known parameter with a bad value (the body names it); an invalid context; a POST body of the wrong shape.',
  401: 'Bad or expired credentials, or none when anonymous access is off.',
  403: 'A non-privileged `published=false` or `archived=true`.',
  404: 'Unknown path, or an unknown or invisible id (the same answer for both).',
  405: 'A method the path does not answer (GET, HEAD, OPTIONS everywhere; POST on /values/).',
  408: 'A request (its head or its body) that did not arrive in time.',
  413: 'A POST body over the configured limit.',
  415: 'A POST body not sent as application/json.',
  422: 'The request is well formed but cannot be answered.',
  429: 'This client (its API key, token subject or address) started more answers that are not cached than `SORREL_RATE_LIMIT` allows; retry after `Retry-After` seconds. Cached answers and 304s are not counted.',
  500: 'Anything else; no internals in the body (the log has them).',
  503: "Still loading, the compute queue is full, or a dataset's engine is unreachable or past its deadline.",
  431: 'A request head over 64 KiB.',
};

/** An error response whose body has this status and one of `codes` (all codes of the status by default). */
export function toErrorResponse(status: number, codes = ERROR_CODES[status], description = WHY[status]): Schema {
  const headers: Schema = {};
  if (status === 401) headers['WWW-Authenticate'] = header('WwwAuthenticate');
  if (status === 503 || status === 429) headers['Retry-After'] = header('RetryAfter');
  return {
    description: `${description} Codes: ${codes.join(', ')}.`,
    headers,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Error' },
            { type: 'object', properties: { status: { const: status }, code: { enum: codes } } },
          ],
        },
      },
    },
  };
}

/** The 304 answer to a matching If-None-Match. */
export const NOT_MODIFIED: Schema = {
  description: 'The `If-None-Match` validator matches: no body.',
  headers: { ETag: header('ETag'), 'Cache-Control': header('CacheControl'), Vary: header('Vary') },
};

/** The 304 answer on a path whose answers vary by `Accept`. */
export const NOT_MODIFIED_ACCEPT: Schema = {
  description: 'The `If-None-Match` validator matches: no body.',
  headers: { ETag: header('ETag'), 'Cache-Control': header('CacheControl'), Vary: header('VaryAccept') },
};
