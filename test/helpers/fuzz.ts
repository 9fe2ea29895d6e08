// Test helper: seeded generators of hostile requests (paths, query strings, contexts, JSON bodies, headers) and the §9 check.
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';

export type Rand = { int(n: number): number; pick<T>(xs: readonly T[]): T; chance(p: number): boolean };

/** A seeded source of choices (the same seed, the same requests, on every run). */
export function toRand(seed: number): Rand {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: (xs) => xs[int(xs.length)], chance: (p) => next() < p };
}

const IDS = [
  '1',
  '3',
  '7',
  '8',
  '9',
  '12',
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  'abc',
  '%2e%2e',
  '%00',
  '٣',
  '',
];
const PARAMS = [
  'limit',
  'offset',
  'page',
  'sort',
  'order',
  'query',
  'embed',
  'published',
  'archived',
  'aware',
  'context',
  'dimensions',
  'random',
  'seed',
  'nulls',
  'cluster',
  'n',
  '__proto__',
  'constructor',
];
const VALUES = [
  '',
  '0',
  '1',
  '-1',
  '10',
  '2.5',
  '1e309',
  'NaN',
  'Infinity',
  'true',
  'yes',
  'FALSE',
  'desc',
  'name',
  'count',
  'category',
  '%00',
  '%FF',
  '%E2%82',
  '"',
  "'",
  '\\',
  '[]',
  '{}',
  '1,2,3',
  '3,3,3,3,3',
  '٣',
  '🦊',
  '<script>',
  'a b',
  '-x "y z"',
  'ber*',
  '%25',
];
const OPERATORS = [
  'exact',
  '-exact',
  'iexact',
  'in',
  '-in',
  'icontains',
  'lt',
  'lte',
  'gt',
  'gte',
  'range',
  '-range',
  'isnull',
  'bogus',
  '',
];
const SCALARS: unknown[] = [
  0,
  1,
  -1,
  1.5,
  1e308,
  'Berlin',
  'ada',
  '',
  'x'.repeat(300),
  true,
  false,
  null,
  '2020-01-15',
  [],
  {},
  [1, 2],
  ['a', 'b', 'c'],
];

/** A random GET path with a random query string: known and unknown parameters, good and hostile values. */
export function toFuzzPath(r: Rand): string {
  const id = r.pick(IDS);
  const base = r.pick([
    '/api/',
    '/api/concepts/',
    '/api/fields/',
    `/api/concepts/${id}/`,
    `/api/concepts/${id}/fields/`,
    `/api/fields/${id}/`,
    `/api/fields/${id}/values/`,
    `/api/fields/${id}/dist/`,
    `/api/fields/${id}/stats/`,
    `/api/fields/${id}`,
    '/readyz',
    `/api/nothing/${id}/`,
    r.chance(0.2) ? '/api/openapi.json' : '/metrics',
  ]);
  const pairs: string[] = [];
  for (let i = r.int(5); i > 0; i--) {
    const key = r.pick(PARAMS);
    const value = key === 'context' ? encodeURIComponent(toFuzzContext(r)) : r.pick(VALUES);
    pairs.push(`${r.chance(0.1) ? encodeURIComponent(key) : key}=${value}`);
  }
  return pairs.length ? `${base}?${pairs.join('&')}` : base;
}

/** A random context: a tree of conditions and branches, valid or not, sometimes not JSON at all. */
export function toFuzzContext(r: Rand): string {
  if (r.chance(0.1)) return r.pick(['{', '[]', 'null', '"x"', '{"field":', 'nan', '{}', '{"type":"and"}']);
  const node = (depth: number): unknown => {
    if (depth > 0 && r.chance(0.4)) {
      const children = Array.from({ length: r.int(4) }, () => node(depth - 1));
      return r.chance(0.9) ? { type: r.pick(['and', 'or', 'xor']), children } : children;
    }
    const c: Record<string, unknown> = {
      field: r.pick([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, -1, 999, '3', null, 1.5]),
      operator: r.pick(OPERATORS),
      value: r.pick(SCALARS),
    };
    if (r.chance(0.1)) c.enabled = r.pick([false, true, 'no']);
    if (r.chance(0.05)) delete c[r.pick(['field', 'operator', 'value'])];
    return c;
  };
  return JSON.stringify(node(r.int(6)));
}

/** A random body for POST …/values/: well-formed items, wrong shapes, numbers, invalid JSON. */
export function toFuzzBody(r: Rand): string {
  if (r.chance(0.1)) return r.pick(['', ' ', '[', '{"value":', 'null', '"text"', '1', 'true', '[1,]', '\u0000', '{}']);
  const item = () =>
    r.pick<unknown>([
      { value: r.pick(SCALARS) },
      { label: r.pick(SCALARS) },
      { value: r.pick(SCALARS), label: r.pick(SCALARS), extra: r.pick(SCALARS) },
      {},
      r.pick(SCALARS),
      { value: { nested: [1, { deeper: true }] } },
    ]);
  const items = Array.from({ length: r.int(6) }, item);
  return JSON.stringify(r.chance(0.8) ? items : { values: items });
}

/** Nested JSON `depth` levels deep, of arrays or of objects under "value" (issue 21 §1). */
export function toDeepBody(depth: number, objects: boolean): string {
  return objects ? `[${'{"value":'.repeat(depth)}1${'}'.repeat(depth)}]` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Random request headers: credentials, validators, origins, forwarding, content types. */
export function toFuzzHeaders(r: Rand): Record<string, string> {
  const h: Record<string, string> = {};
  if (r.chance(0.3))
    h.Authorization = r.pick([
      'Bearer ',
      'Bearer fixture-admin-key',
      'Bearer x.y.z',
      'Basic YTpi',
      'bearer fixture-staff-key',
      'Bearer eyJhbGciOiJub25lIn0.e30.',
      'Token 1',
    ]);
  if (r.chance(0.2)) h['If-None-Match'] = r.pick(['*', '"x"', 'W/"x"', '"a", "b"', '', ',,,']);
  if (r.chance(0.2)) h.Origin = r.pick(['http://evil.example', 'null', 'http://localhost:3000', '']);
  if (r.chance(0.1)) h['X-Forwarded-Host'] = r.pick(['evil.example', '', 'a:b:c']);
  if (r.chance(0.1)) h['X-Forwarded-Prefix'] = r.pick(['/p', '//', '../..']);
  if (r.chance(0.1)) h.Accept = r.pick(['text/html', '*/*', 'application/xml']);
  return h;
}

const CODES = new Set([
  'INVALID_PARAMETER',
  'INVALID_CONTEXT',
  'UNAUTHORIZED',
  'FORBIDDEN_PARAMETER',
  'NOT_FOUND',
  'PAGE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'INVALID_BODY',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'TOO_MANY_GROUPS',
  'NOT_SUPPORTED',
  'UNAVAILABLE',
]);

/** No 5xx; on an /api/ path an error is the §9 body (its status, a known code, a message, at most a parameter name). */
export function assertAnswer(what: string, path: string, status: number, type: string | null, text: string): void {
  assert.ok(status < 500, `${what}: ${status} ${text.slice(0, 300)}`);
  if (status < 400 || !path.startsWith('/api/') || text === '') return;
  assert.match(type ?? '', /^application\/json/, `${what}: an error that is not JSON`);
  const body = JSON.parse(text);
  assert.is(body.status, status, what);
  assert.ok(CODES.has(body.code), `${what}: unknown code ${body.code}`);
  assert.type(body.message, 'string');
  // Echoed input is cut at ~80 characters (issue 21 §5): no message grows with the request.
  assert.ok(body.message.length <= 400, `${what}: a message of ${body.message.length} characters`);
  const extra = Object.keys(body).filter((k) => !['status', 'code', 'message', 'parameter'].includes(k));
  assert.equal(extra, [], `${what}: keys beyond §9`);
}
