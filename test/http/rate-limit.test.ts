// Tests: the per-client token bucket on uncached work (src/http/rate-limit.ts), alone and over HTTP.
import type { IncomingMessage } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRateLimit, toClientKey } from '../../src/http/rate-limit.ts';
import type { Running } from '../../src/serve/server.ts';
import { ADMIN, STAFF, get, post, startTestServer } from '../helpers/server.ts';

const unit = suite('token bucket');

unit(
  'a client may send `burst` at once, then one per 1/rate seconds; the wait is exact; buckets are per client',
  () => {
    let now = 0;
    const limit = createRateLimit(2, 3, () => now);
    assert.equal([limit.take('a'), limit.take('a'), limit.take('a')], [0, 0, 0]);
    assert.is(limit.take('a'), 0.5); // empty: one token comes after 1/2 s
    assert.is(limit.take('b'), 0, 'another client has its own bucket');
    now = 250;
    assert.is(limit.take('a'), 0.25, 'half a token has come back');
    now = 500;
    assert.is(limit.take('a'), 0);
    assert.is(limit.take('a'), 0.5);
    now = 60_000; // idle for a minute: full again, never above the burst
    assert.equal([limit.take('a'), limit.take('a'), limit.take('a'), limit.take('a')], [0, 0, 0, 0.5]);
  },
);

unit(
  'the client key: the credential when there is one, else the address; X-Forwarded-For only with trustProxy, its last entry',
  () => {
    const req = (headers: Record<string, string>, remoteAddress = '10.0.0.1') =>
      ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
    const anonymous = { name: 'anonymous', privileged: false, groups: [] };
    const keyed = { ...anonymous, name: 'k', client: 'key:abc' };
    assert.is(toClientKey(req({}), anonymous, false), 'addr:10.0.0.1');
    assert.is(toClientKey(req({}), keyed, true), 'key:abc');
    const forwarded = req({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' });
    assert.is(
      toClientKey(forwarded, anonymous, false),
      'addr:10.0.0.1',
      'without trustProxy the header is the client’s word',
    );
    assert.is(toClientKey(forwarded, anonymous, true), 'addr:203.0.113.9', 'the address the proxy saw');
    assert.is(toClientKey(req({ 'x-forwarded-for': '' }), anonymous, true), 'addr:10.0.0.1');
  },
);

unit.run();

const t = suite('rate limit over HTTP');
let s: Running;
let proxied: Running;
t.before(async () => {
  // Three uncached answers at once, then one every 1000 s: nothing refills during the test.
  s = await startTestServer(undefined, { rateLimit: 0.001, rateBurst: 3 });
  proxied = await startTestServer(undefined, { rateLimit: 0.001, rateBurst: 1, trustProxy: true });
});
t.after(async () => {
  await s.close();
  await proxied.close();
});

t('uncached work past the burst is 429 RATE_LIMITED with Retry-After; cached replies and 304s stay free', async () => {
  const first = await get(s.url, '/api/fields/?query=age');
  assert.is(first.status, 200);
  assert.is((await get(s.url, '/api/fields/3/values/')).status, 200);
  assert.is((await get(s.url, '/api/fields/3/dist/')).status, 200);
  const limited = await get(s.url, '/api/fields/2/values/');
  assert.is(limited.status, 429);
  assert.is(limited.headers.get('retry-after'), '1000');
  assert.is(limited.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(Object.keys(limited.body), ['status', 'code', 'message']);
  assert.equal([limited.body.status, limited.body.code], [429, 'RATE_LIMITED']);
  assert.match(limited.body.message, /may start 0\.001 per second after a burst of 3\. Retry after 1000 s/);
  // Repeats are answered from the reply cache, and a matching If-None-Match with a 304: not charged.
  for (let i = 0; i < 5; i++) assert.is((await get(s.url, '/api/fields/?query=age')).text, first.text);
  const etag = first.headers.get('etag')!;
  assert.is((await get(s.url, '/api/fields/?query=age', { 'If-None-Match': etag })).status, 304);
  // A POST is uncached work too.
  assert.is((await post(s.url, '/api/fields/2/values/', [{ value: 'x' }])).status, 429);
  // Other clients (API keys here; anonymous users are told apart by address) have their own buckets.
  assert.is((await get(s.url, '/api/fields/2/values/', STAFF)).status, 200);
  assert.is((await get(s.url, '/api/fields/2/values/', ADMIN)).status, 200);
});

t('behind a trusted proxy, each forwarded address has its own bucket', async () => {
  const from = (addr: string) => ({ 'X-Forwarded-For': `198.51.100.7, ${addr}` });
  assert.is((await get(proxied.url, '/api/fields/1/values/', from('203.0.113.1'))).status, 200);
  assert.is((await get(proxied.url, '/api/fields/2/values/', from('203.0.113.1'))).status, 429);
  assert.is((await get(proxied.url, '/api/fields/2/values/', from('203.0.113.2'))).status, 200);
});

t.run();
