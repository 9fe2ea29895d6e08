// Tests: the OpenAPI document is valid 3.1, agrees with the model, and the response checker enforces it.
import { Validator } from '@seriousme/openapi-schema-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toOpenApiDocument } from '../../../src/contract/openapi/document.ts';
import { OPERATOR_CODES, SIMPLE_TYPES } from '../../../src/contract/openapi/resources.ts';
import { OPERATOR_LABELS, toSimpleType } from '../../../src/catalog/rules.ts';
import { INTERNAL_TYPES } from '../../../src/contract/model.ts';
import { checkResponse, DOCUMENT } from '../../helpers/openapi.ts';

const t = suite('OpenAPI document');
const limits = { maxValuesLimit: 500, maxRandom: 7, maxDimensions: 3, maxGroups: 99 };
const doc = toOpenApiDocument({
  title: 'T',
  version: '1.2.3',
  baseUrl: 'https://catalog.example/sorrel',
  limits,
}) as Record<string, any>;

t('validates against the OpenAPI 3.1 schema and every $ref resolves', async () => {
  const validator = new Validator();
  const res = await validator.validate(structuredClone(doc));
  assert.ok(res.valid, JSON.stringify(res.errors, null, 2));
  assert.is(validator.version, '3.1');
  const left: string[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [k, v] of Object.entries(node))
      if (k === '$ref') left.push(String(v));
      else walk(v);
  };
  walk(validator.resolveRefs()); // the context schema is recursive: resolving makes a cycle
  assert.equal(left, [], 'every $ref resolves');
});

t('states the server address, the title, the version and the bearer scheme', () => {
  assert.equal(doc.servers, [{ url: 'https://catalog.example/sorrel' }]);
  assert.is(doc.info.title, 'Sorrel API: T');
  assert.is(doc.info.version, '1.2.3');
  assert.equal(doc.components.securitySchemes.bearer.scheme, 'bearer');
  assert.equal(doc.security, [{}, { bearer: [] }]);
});

t('operator codes, internal types and simple types are the ones the model uses', () => {
  assert.equal([...OPERATOR_CODES].sort(), Object.keys(OPERATOR_LABELS).sort());
  assert.equal(doc.components.schemas.Field.properties.internal_type.enum, [...INTERNAL_TYPES]);
  assert.equal([...new Set(INTERNAL_TYPES.map(toSimpleType))].sort(), [...SIMPLE_TYPES].sort());
});

t('the configured limits are the parameter bounds', () => {
  const p = doc.components.parameters;
  assert.is(p.ValuesLimit.schema.maximum, 500);
  assert.is(p.Random.schema.maximum, 7);
  assert.is(p.Dimensions.schema.maxItems, 3);
  assert.equal([p.ValuesLimit.schema.default, p.ValuesPage.schema.default, p.Cluster.schema.default], [10, 1, true]);
});

t('every /api/ operation documents 200, 304, 401, 500 and 503, and each parameter once', () => {
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    const statuses = Object.keys(item.get.responses);
    for (const s of ['200', '304', '401', '500', '503']) assert.ok(statuses.includes(s), `${path} lacks ${s}`);
    const names = item.get.parameters.map((r: any) => doc.components.parameters[r.$ref.split('/').pop()].name);
    assert.is(new Set(names).size, names.length, path);
  }
});

const json = (extra: Record<string, string> = {}) =>
  new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-cache',
    vary: 'Authorization, Origin',
    ...extra,
  });
const ETAG = { etag: '"abc_-1"' };
const FIELD = JSON.stringify({ status: 'ok' });

t('the checker accepts a documented answer and refuses what the document does not describe', () => {
  const good = {
    title: 'T',
    version: '2.3.12',
    sorrel_version: '1.0.0',
    _links: Object.fromEntries(
      ['self', 'concepts', 'fields', 'openapi'].map((k) => [k, { href: `http://h/api/${k}/`, rel: k }]),
    ),
  };
  const link = { link: '<http://h/api/>; rel="self"' };
  checkResponse('GET', 'http://h/api/', 200, json({ ...ETAG, ...link }), JSON.stringify(good));
  checkResponse('GET', 'http://h/api', 200, json({ ...ETAG, ...link }), JSON.stringify(good));
  const refused: [string, string, number, Headers, string, RegExp][] = [
    [
      'an extra key',
      'http://h/api/',
      200,
      json({ ...ETAG, ...link }),
      JSON.stringify({ ...good, extra: 1 }),
      /must NOT have additional properties/,
    ],
    ['a missing ETag', 'http://h/api/', 200, json(link), JSON.stringify(good), /required header ETag/],
    [
      'an undocumented header',
      'http://h/api/fields/1/',
      200,
      json({ ...ETAG, 'x-total-count': '1' }),
      FIELD,
      /x-total-count is sent but not documented/,
    ],
    ['an undocumented status', 'http://h/api/fields/1/', 418, json(), FIELD, /status 418 is not documented/],
    [
      'a wrong error code for the status',
      'http://h/api/fields/1/',
      404,
      json(),
      JSON.stringify({ status: 404, code: 'NOT_SUPPORTED', message: 'x' }),
      /must be equal to one of the allowed values/,
    ],
    ['a 200 on an undocumented path', 'http://h/api/nope/', 200, json(), '{}', /no such path/],
    ['a body on a 304', 'http://h/api/', 304, json(ETAG), '{}', /no body/],
  ];
  for (const [what, url, status, headers, text, message] of refused) {
    assert.throws(() => checkResponse('GET', url, status, headers, text), message, what);
  }
});

t('the checker reads the same document the server serves', () => {
  assert.equal(Object.keys(DOCUMENT.paths), Object.keys(doc.paths));
});

t.run();
