// The request fuzzer, part 2: seeded POST bodies to /api/fields/:id/values/ — shapes, JSON, media types, sizes, nesting.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { assertAnswer, toDeepBody, toFuzzBody, toFuzzContext, toFuzzHeaders, toRand } from '../helpers/fuzz.ts';
import { startTestServer } from '../helpers/server.ts';

const SEED = 2102;
const HANG_MS = 5000;
let s: Running;

test.before(async () => {
  s = await startTestServer(undefined, { maxBodyBytes: 64 * 1024 });
});
test.after(async () => {
  await s.close();
});

/** POSTs raw text; fails on a 5xx, an error body that is not §9, or a hang. Returns the status and parsed body. */
async function send(path: string, body: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(s.url + path, { method: 'POST', headers, body });
  const text = await res.text();
  const what = `POST ${path} ${JSON.stringify(headers)} ${body.slice(0, 120)}`;
  assertAnswer(what, path, res.status, res.headers.get('content-type'), text);
  assert.ok(performance.now() - started < HANG_MS, `${what}: a hang`);
  return { status: res.status, body: JSON.parse(text) };
}

test('300 seeded bodies on visible, hidden and unknown fields: never a 5xx, always a §9 error or the checked items', async () => {
  const r = toRand(SEED);
  const seen = new Set<number>();
  for (let i = 0; i < 300; i++) {
    const id = r.pick(['1', '3', '5', '7', '8', '12', '999']);
    const aware = r.chance(0.2) ? `?aware=true&context=${encodeURIComponent(toFuzzContext(r))}` : '';
    const type = r.pick(['application/json', 'application/json', 'application/json; charset=latin1', 'text/plain', '']);
    const headers = { ...toFuzzHeaders(r), ...(type ? { 'Content-Type': type } : {}) };
    const body = toFuzzBody(r);
    const got = await send(`/api/fields/${id}/values/${aware}`, body, headers);
    seen.add(got.status);
    if (got.status === 200) assert.is(got.body.length, JSON.parse(body).length);
  }
  for (const status of [200, 400, 401, 404, 415]) assert.ok(seen.has(status), `no ${status} among ${[...seen]}`);
});

test('a body over the limit is 413, by its Content-Length or by its bytes when chunked', async () => {
  const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ value: `v${i}` })));
  const declared = await send('/api/fields/1/values/', big, { 'Content-Type': 'application/json' });
  assert.equal([declared.status, declared.body.code], [413, 'BODY_TOO_LARGE']);
  const stream = new ReadableStream({
    start(c) {
      c.enqueue(new TextEncoder().encode(big));
      c.close();
    },
  });
  const res = await fetch(`${s.url}/api/fields/1/values/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  assert.equal([res.status, ((await res.json()) as { code: string }).code], [413, 'BODY_TOO_LARGE']);
});

// Issue 21 §1: nesting deep enough to overflow a recursive walk, inside the size limit.
for (const [depth, objects] of [
  [5000, false],
  [5000, true],
  [200, true],
] as const) {
  test(`JSON nested ${depth} deep (${objects ? 'objects under "value"' : 'arrays'}) is a 400 INVALID_BODY`, async () => {
    const got = await send('/api/fields/1/values/', toDeepBody(depth, objects), { 'Content-Type': 'application/json' });
    assert.equal([got.status, got.body.code], [400, 'INVALID_BODY']);
  });
}

test.run();
