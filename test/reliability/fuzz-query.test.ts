// The request fuzzer, part 1: seeded GETs with hostile paths, query strings, contexts and headers, and every method.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { assertAnswer, toFuzzHeaders, toFuzzPath, toRand } from '../helpers/fuzz.ts';
import { get, startTestServer } from '../helpers/server.ts';

const SEED = 2101;
const HANG_MS = 5000; // a hang detector, not a speed test
let s: Running;

test.before(async () => {
  s = await startTestServer();
});
test.after(async () => {
  await s.close();
});

/** Sends one request; fails on a 5xx, an error body that is not §9, a body the OpenAPI document refuses, or a hang. */
async function probe(path: string, headers: Record<string, string>, method = 'GET'): Promise<number> {
  const started = performance.now();
  const r = await get(s.url, path, headers, method);
  const ms = performance.now() - started;
  const what = `${method} ${path} ${JSON.stringify(headers)}`;
  assertAnswer(what, path, r.status, r.headers.get('content-type'), r.text);
  assert.ok(ms < HANG_MS, `${what} took ${Math.round(ms)} ms`);
  return r.status;
}

test('400 seeded GETs: paths, query strings, contexts and headers never give a 5xx, a bare error or a hang', async () => {
  const r = toRand(SEED);
  const seen = new Set<number>();
  for (let i = 0; i < 400; i++) seen.add(await probe(toFuzzPath(r), toFuzzHeaders(r)));
  // The generator reaches answers of every kind: success, bad parameters, unknown ids, bad credentials.
  for (const status of [200, 400, 401, 404]) assert.ok(seen.has(status), `no ${status} among ${[...seen]}`);
});

test('every method on every kind of path: 405 with Allow, 204 for OPTIONS, never a 5xx', async () => {
  const r = toRand(SEED + 1);
  for (const method of ['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'POST']) {
    for (let i = 0; i < 15; i++) {
      const path = toFuzzPath(r);
      const status = await probe(path, toFuzzHeaders(r), method);
      if (method === 'PUT' || method === 'DELETE' || method === 'PATCH') assert.is(status, 405, `${method} ${path}`);
    }
  }
});

test('the same seed gives the same requests and the same answers', async () => {
  const once = async () => {
    const r = toRand(SEED + 2);
    const out: string[] = [];
    for (let i = 0; i < 30; i++) {
      const path = toFuzzPath(r);
      const got = await get(s.url, path, toFuzzHeaders(r));
      if (!path.startsWith('/api/')) continue; // /metrics and /readyz count requests
      out.push(`${path} ${got.status} ${got.status === 200 ? got.text.length : got.text}`);
    }
    return out;
  };
  assert.equal(await once(), await once());
});

test.run();
