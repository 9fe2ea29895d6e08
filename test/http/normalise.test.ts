// The normalised request (src/http/normalise.ts) and CORS (src/http/cors.ts): links from the request or the proxy, weak tags, echoed origins.
import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import { toCorsHeaders, toPreflightHeaders } from '../../src/http/cors.ts';
import { toBaseUrl, toCanonicalPath, toMatchTags } from '../../src/http/normalise.ts';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

test('the base URL is the configured one, else the Host, else the proxy headers when trusted', () => {
  const forwarded = req({
    host: 'inner:8000',
    'x-forwarded-host': 'data.example.org, other',
    'x-forwarded-proto': 'https',
    'x-forwarded-prefix': 'catalog/',
  });
  assert.is(toBaseUrl(forwarded, DEFAULT_CONFIG), 'http://inner:8000');
  assert.is(toBaseUrl(forwarded, { ...DEFAULT_CONFIG, trustProxy: true }), 'https://data.example.org/catalog');
  assert.is(
    toBaseUrl(forwarded, { ...DEFAULT_CONFIG, baseUrl: 'https://fixed.example/x/' }),
    'https://fixed.example/x',
  );
});

test('the base URL follows the Host of each request, whichever came before (an empty or missing one too)', () => {
  const hosts = ['a:1', 'a:1', 'b:2', '', 'a:1', undefined, '', 'b:2'];
  const urls = hosts.map((host) => toBaseUrl(req(host === undefined ? {} : { host }), DEFAULT_CONFIG));
  assert.equal(urls, [
    'http://a:1',
    'http://a:1',
    'http://b:2',
    'http://',
    'http://a:1',
    'http://localhost',
    'http://',
    'http://b:2',
  ]);
});

test('paths are compared decoded; If-None-Match tags are compared weakly', () => {
  assert.is(toCanonicalPath('/api/fields/%31/'), '/api/fields/1/');
  assert.is(toCanonicalPath('/api/%E0%A4%A/'), '/api/%E0%A4%A/');
  assert.equal(toMatchTags(req({ 'if-none-match': 'W/"a", "b" ,*' })), ['"a"', '"b"', '*']);
});

test('`*` answers any origin with `*` and no credentials; a listed origin is still echoed with them; `null` never', () => {
  const config = { ...DEFAULT_CONFIG, corsOrigins: ['https://portal.example', '*'] };
  const any = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'ETag, Link, X-Total-Count',
  };
  assert.equal(toCorsHeaders(req({ origin: 'https://any.example' }), config), any);
  assert.equal(toCorsHeaders(req({ origin: 'https://any.example' }), { ...config, corsOrigins: ['*'] }), any);
  assert.is(
    toCorsHeaders(req({ origin: 'https://portal.example' }), config)['Access-Control-Allow-Credentials'],
    'true',
  );
  assert.is(
    toCorsHeaders(req({ origin: 'https://portal.example' }), config)['Access-Control-Allow-Origin'],
    'https://portal.example',
  );
  assert.equal(toCorsHeaders(req({ origin: 'null' }), config), {});
  assert.equal(toPreflightHeaders(req({ origin: 'null' }), config)['Access-Control-Allow-Origin'], undefined);
  assert.equal(
    toPreflightHeaders(req({ origin: 'https://x.example' }), config)['Access-Control-Allow-Credentials'],
    undefined,
  );
});

test('an allowed origin is echoed with credentials, never *; others get no CORS headers', () => {
  const config = { ...DEFAULT_CONFIG, corsOrigins: ['https://portal.example'] };
  assert.equal(toCorsHeaders(req({ origin: 'https://portal.example' }), config), {
    'Access-Control-Allow-Origin': 'https://portal.example',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': 'ETag, Link, X-Total-Count',
  });
  assert.equal(toCorsHeaders(req({ origin: 'https://evil.example' }), config), {});
  assert.equal(toCorsHeaders(req({ origin: 'null' }), { ...DEFAULT_CONFIG, corsOrigins: ['null'] }), {});
  assert.is(
    toPreflightHeaders(req({}), config)['Access-Control-Allow-Headers'],
    'Authorization, If-None-Match, Content-Type',
  );
});

test.run();
