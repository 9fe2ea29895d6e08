// Tests: the small-count rule (API.md §15) beyond JSON over a catalog: Arrow bodies, a built snapshot file, the same data without the rule.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { decodeArrow } from '../helpers/arrow.ts';
import { ADMIN, writeDisclosureCatalog } from '../helpers/disclosure-catalog.ts';
import { get, startTestServer } from '../helpers/server.ts';
import { buildFile } from '../helpers/tree.ts';

let s: Running;
let catalog: string;

test.before(async () => {
  catalog = writeDisclosureCatalog();
  s = await startTestServer(catalog);
});
test.after(async () => {
  await s.close();
});

test('Arrow bodies (API.md §16): the count column is null and a suppressed column true where the rule hides a count', async () => {
  const accept = { Accept: 'application/vnd.apache.arrow.stream' };
  const values = await fetch(`${s.url}/api/fields/2/values/`, { headers: accept });
  assert.is(values.headers.get('content-type'), 'application/vnd.apache.arrow.stream');
  const decoded = decodeArrow(new Uint8Array(await values.arrayBuffer()));
  assert.equal(
    decoded.rows.map((r) => [r.label, r.count, r.suppressed]),
    [
      ['blue', null, true],
      ['green', null, true],
      ['red', 20, null],
    ],
  );
  assert.equal([decoded.metadata.null_count, decoded.metadata.suppressed], [null, true]);
  const exact = await fetch(`${s.url}/api/fields/2/values/`, { headers: { ...accept, ...ADMIN } });
  assert.equal(
    decodeArrow(new Uint8Array(await exact.arrayBuffer())).rows.map((r) => [r.count, 'suppressed' in r]),
    [
      [2, false],
      [6, false],
      [20, false],
    ],
  );
  // city: Amsterdam 12, Bergen 3, Cairo 14, Dakar 1 (k 5, round_to 2).
  const dist = await fetch(`${s.url}/api/fields/1/dist/`, { headers: accept });
  assert.is(dist.headers.get('content-type'), 'application/vnd.apache.arrow.stream');
  assert.equal(
    decodeArrow(new Uint8Array(await dist.arrayBuffer())).rows.map((r) => [r.labels_0, r.count, r.suppressed]),
    [
      ['Amsterdam', 12, null],
      ['Bergen', null, true],
      ['Cairo', 14, null],
      ['Dakar', null, true],
    ],
  );
});

test('a built snapshot file keeps the rule: the same bodies as the catalog it was built from', async () => {
  const built = await startTestServer(await buildFile(catalog));
  try {
    for (const path of [
      '/api/',
      '/api/fields/2/values/',
      '/api/fields/1/dist/?dimensions=1,2',
      '/api/fields/4/stats/',
    ]) {
      const [a, b] = [await get(s.url, path), await get(built.url, path)];
      assert.is(b.text.replaceAll(built.url, s.url), a.text, path);
    }
  } finally {
    await built.close();
  }
});

test('without the rule the same data answers exact counts, and the rule changes the data version', async () => {
  const off = await startTestServer(writeDisclosureCatalog('# no disclosure'));
  try {
    const values = await get(off.url, '/api/fields/2/values/');
    assert.equal(
      values.body.values.map((v: { count: number }) => v.count),
      [2, 6, 20],
    );
    assert.not.ok('disclosure' in (await get(off.url, '/api/')).body);
    const exact = await get(s.url, '/api/fields/2/values/', ADMIN);
    assert.is.not(exact.headers.get('etag'), (await get(off.url, '/api/fields/2/values/', ADMIN)).headers.get('etag'));
  } finally {
    await off.close();
  }
});

test.run();
