// Tests: HTTP rules: errors, methods, HEAD, CORS, ETag/304, health, metrics, proxies.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { ADMIN, get, startTestServer } from '../helpers/server.ts';

const t = suite('HTTP protocol and errors');
let s: Running;
t.before(async () => {
  s = await startTestServer(undefined, { corsOrigins: ['https://portal.example'] });
});
t.after(async () => {
  await s.close();
});

t('an unknown path is a JSON 404', async () => {
  for (const path of ['/nope', '/api/nope/', '/api/fields/1/nope/']) {
    const r = await get(s.url, path);
    assert.is(r.status, 404);
    assert.is(r.body.code, 'NOT_FOUND');
    assert.is(r.body.status, 404);
    assert.is(r.headers.get('content-type'), 'application/json; charset=utf-8');
  }
});

t('a non-integer id is a 404 like an unknown id', async () => {
  const r = await get(s.url, '/api/fields/abc/');
  assert.is(r.status, 404);
  assert.is(r.body.code, 'NOT_FOUND');
});

t('a bad parameter value is a 400 naming the parameter', async () => {
  for (const [path, parameter] of [
    ['/api/concepts/?sort=size', 'sort'],
    ['/api/fields/?order=up', 'order'],
    ['/api/concepts/?embed=maybe', 'embed'],
    ['/api/fields/?limit=-1', 'limit'],
    ['/api/fields/?offset=x', 'offset'],
    ['/api/fields/?published=perhaps', 'published'],
    ['/api/concepts/?sort=name&sort=category', 'sort'],
  ]) {
    const r = await get(s.url, path, ADMIN);
    assert.is(r.status, 400, path);
    assert.equal([r.body.code, r.body.parameter], ['INVALID_PARAMETER', parameter]);
    assert.type(r.body.message, 'string');
  }
});

t('booleans accept true/false/1/0/yes/no in any case; unknown parameters are ignored', async () => {
  for (const v of ['TRUE', '1', 'yes', 'Yes'])
    assert.is((await get(s.url, `/api/concepts/1/?embed=${v}`)).body.fields.length, 2);
  for (const v of ['false', '0', 'NO'])
    assert.is((await get(s.url, `/api/concepts/1/?embed=${v}`)).body.fields, undefined);
  assert.is((await get(s.url, '/api/concepts/?whatever=1')).status, 200);
});

t('other methods are 405 with Allow', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const r = await get(s.url, '/api/fields/', {}, method);
    assert.is(r.status, 405);
    assert.is(r.body.code, 'METHOD_NOT_ALLOWED');
    assert.is(r.headers.get('allow'), 'GET, HEAD, OPTIONS');
  }
});

t('HEAD answers like GET without a body', async () => {
  const g = await get(s.url, '/api/fields/');
  const h = await get(s.url, '/api/fields/', {}, 'HEAD');
  assert.is(h.status, 200);
  assert.is(h.text, '');
  assert.is(h.headers.get('etag'), g.headers.get('etag'));
  assert.is(h.headers.get('content-length'), String(Buffer.byteLength(g.text)));
});

t('CORS: allowed origins are echoed with credentials; preflight is 204', async () => {
  const r = await get(s.url, '/api/fields/', { Origin: 'https://portal.example' });
  assert.is(r.headers.get('access-control-allow-origin'), 'https://portal.example');
  assert.is(r.headers.get('access-control-allow-credentials'), 'true');
  assert.is(r.headers.get('access-control-expose-headers'), 'ETag, Link, X-Total-Count');
  assert.is(
    (await get(s.url, '/api/fields/', { Origin: 'https://evil.example' })).headers.get('access-control-allow-origin'),
    null,
  );
  const pre = await get(
    s.url,
    '/api/fields/',
    { Origin: 'https://portal.example', 'Access-Control-Request-Method': 'GET' },
    'OPTIONS',
  );
  assert.is(pre.status, 204);
  assert.is(pre.headers.get('access-control-allow-origin'), 'https://portal.example');
  assert.match(pre.headers.get('access-control-allow-headers')!, /Authorization/);
});

t('ETag with If-None-Match gives 304; the validator depends on visibility, not identity', async () => {
  const a = await get(s.url, '/api/concepts/');
  const etag = a.headers.get('etag')!;
  assert.match(etag, /^"[^"]+"$/);
  assert.is(a.headers.get('vary'), 'Authorization, Origin');
  assert.is(a.headers.get('cache-control'), 'private, no-cache');
  const b = await get(s.url, '/api/concepts/', { 'If-None-Match': etag });
  assert.is(b.status, 304);
  assert.is(b.text, '');
  const admin = await get(s.url, '/api/concepts/', ADMIN);
  assert.is.not(admin.headers.get('etag'), etag);
  assert.is((await get(s.url, '/api/concepts/', { ...ADMIN, 'If-None-Match': etag })).status, 200);
  assert.is.not((await get(s.url, '/api/concepts/?sort=name')).headers.get('etag'), etag);
});

t('healthz and readyz report liveness and readiness', async () => {
  assert.equal((await get(s.url, '/healthz')).body, { status: 'ok' });
  const r = await get(s.url, '/readyz');
  assert.is(r.status, 200);
  assert.is(r.body.status, 'ready');
});

t('metrics expose request counts by route and status, pool and row gauges', async () => {
  await get(s.url, '/api/fields/');
  const res = await fetch(`${s.url}/metrics`);
  const text = await res.text();
  assert.match(text, /sorrel_requests_total\{route="fields",status="200"\} \d+/);
  assert.match(text, /sorrel_request_duration_seconds_bucket\{le="\+Inf",route="fields",status="200"\} \d+/);
  assert.match(text, /sorrel_snapshot_rows\{dataset="people"\} 6/);
  assert.match(text, /sorrel_pool_threads 1/);
});

t('absolute links follow X-Forwarded-* only when trustProxy is on', async () => {
  const fwd = { 'X-Forwarded-Host': 'catalog.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Prefix': '/sorrel' };
  assert.is((await get(s.url, '/api/concepts/3/', fwd)).body._links.self.href, `${s.url}/api/concepts/3/`);
  const trusting = await startTestServer(undefined, { trustProxy: true });
  try {
    assert.is(
      (await get(trusting.url, '/api/concepts/3/', fwd)).body._links.self.href,
      'https://catalog.example/sorrel/api/concepts/3/',
    );
    assert.is(
      (await get(trusting.url, '/api/', { ...fwd, 'X-Forwarded-Prefix': 'sorrel' })).body._links.self.href,
      'https://catalog.example/sorrel/api/',
    );
  } finally {
    await trusting.close();
  }
});

t('If-None-Match: * matches only an answer that exists; weak tags compare equal', async () => {
  assert.is((await get(s.url, '/api/fields/1/', { 'If-None-Match': '*' })).status, 304);
  assert.is((await get(s.url, '/api/fields/99/', { 'If-None-Match': '*' })).status, 404);
  assert.is((await get(s.url, '/api/fields/?sort=bogus', { 'If-None-Match': '*' })).status, 400);
  assert.is((await get(s.url, '/api/fields/3/values/?page=999', { 'If-None-Match': '*' })).status, 404);
  const etag = (await get(s.url, '/api/fields/1/')).headers.get('etag')!;
  assert.is((await get(s.url, '/api/fields/1/', { 'If-None-Match': `W/${etag}` })).status, 304);
});

t('ids are canonical integers; escaped paths share the ETag of the plain one', async () => {
  assert.is((await get(s.url, '/api/fields/01/')).status, 404);
  assert.is((await get(s.url, '/api/fields/-1/')).status, 404);
  const plain = await get(s.url, '/api/fields/1/');
  const escaped = await get(s.url, '/api/fields/%31/');
  assert.is(escaped.status, 200);
  assert.is(escaped.headers.get('etag'), plain.headers.get('etag'));
});

t('a request Node cannot parse gets a JSON 400', async () => {
  const { connect } = await import('node:net');
  const text = await new Promise<string>((resolve) => {
    const sock = connect(Number(new URL(s.url).port), '127.0.0.1', () =>
      sock.write('FOO / HTTP/1.1\r\nHost: x\r\n\r\n'),
    );
    let out = '';
    sock.on('data', (b) => {
      out += b;
    });
    sock.on('close', () => resolve(out));
  });
  assert.match(text, /^HTTP\/1\.1 400/);
  assert.match(text, /"code":"INVALID_PARAMETER"/);
  assert.match(text, /\r\nX-Content-Type-Options: nosniff\r\n/);
});

t('every JSON answer carries X-Content-Type-Options: nosniff: fresh, cached, HEAD, errors, operations', async () => {
  for (const [path, method] of [
    ['/api/fields/?query=nosniff-probe', 'GET'], // a miss
    ['/api/fields/?query=nosniff-probe', 'GET'], // the same from the reply cache
    ['/api/fields/?query=nosniff-probe', 'HEAD'],
    ['/api/fields/4000/', 'GET'],
    ['/api/fields/?limit=x', 'GET'],
    ['/healthz', 'GET'],
    ['/readyz', 'GET'],
  ]) {
    const r = await get(s.url, path, {}, method);
    assert.is(r.headers.get('x-content-type-options'), 'nosniff', `${method} ${path} ${r.status}`);
  }
});

t.run();
