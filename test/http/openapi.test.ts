// Tests: GET /api/openapi.json is served like every API answer and linked from the root document.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import pkg from '../../package.json' with { type: 'json' };
import { toOpenApiDocument } from '../../src/contract/openapi/document.ts';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('OpenAPI document over HTTP');
let s: Running;
t.before(async () => {
  s = await startTestServer(undefined, { corsOrigins: ['https://portal.example'], maxRandom: 7 });
});
t.after(async () => {
  await s.close();
});

t('serves the document for this server: its address, title, version and limits', async () => {
  const r = await get(s.url, '/api/openapi.json');
  assert.is(r.status, 200);
  assert.is(r.headers.get('content-type'), 'application/json; charset=utf-8');
  const limits = { maxValuesLimit: 100_000, maxRandom: 7, maxDimensions: 4, maxGroups: 50_000 };
  assert.equal(r.body, toOpenApiDocument({ title: 'Fixture catalog', version: pkg.version, baseUrl: s.url, limits }));
  assert.is(r.body.components.parameters.Random.schema.maximum, 7);
});

t('has an ETag that gives a 304, and CORS headers for an allowed origin', async () => {
  const first = await get(s.url, '/api/openapi.json', { Origin: 'https://portal.example' });
  const etag = first.headers.get('etag')!;
  assert.match(etag, /^"[\w-]+"$/);
  assert.is(first.headers.get('access-control-allow-origin'), 'https://portal.example');
  assert.is(first.headers.get('access-control-expose-headers'), 'ETag, Link, X-Total-Count');
  const again = await get(s.url, '/api/openapi.json', { 'If-None-Match': etag });
  assert.equal([again.status, again.text], [304, '']);
});

t('the root document links it as _links.openapi and in its Link header', async () => {
  const r = await get(s.url, '/api/');
  assert.equal(r.body._links.openapi, { href: `${s.url}/api/openapi.json`, rel: 'service-desc' });
  assert.ok(r.headers.get('link')!.includes(`<${s.url}/api/openapi.json>; rel="service-desc"`));
});

t('every documented path answers on the fixture catalog (ids 1 and 3)', async () => {
  for (const path of Object.keys((await get(s.url, '/api/openapi.json')).body.paths)) {
    const r = await get(s.url, path.replace('{id}', path.includes('stats') ? '3' : '1'));
    // The fixture declares no root, so it counts no entities (test/http/tree.test.ts serves one that does).
    assert.is(r.status, path === '/api/entities/' ? 404 : 200, path);
  }
});

t.run();
