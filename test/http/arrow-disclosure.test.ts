// Tests: Arrow bodies under the small-count rule (API.md §15, §16), decoded by apache-arrow and flechette and compared with the JSON body.
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import {
  assertSameAnswers,
  decodeArrow,
  decodeFlechette,
  toDistRows,
  toValueRows,
  writeArrowCatalog,
} from '../helpers/arrow.ts';
import { get, startTestServer } from '../helpers/server.ts';

const ARROW = 'application/vnd.apache.arrow.stream';
const ADMIN = { Authorization: 'Bearer arrow-admin' };

const t = suite('Arrow bodies under the small-count rule');
let s: Running;
let replica: Running;
t.before(async () => {
  const catalog = writeArrowCatalog('/tmp/sorrel-arrow-rule-', {
    disclosure: { min_count: 3, round_to: 2 },
    access: {
      anonymous: true,
      api_keys: [{ name: 'admin', sha256: createHash('sha256').update('arrow-admin').digest('hex'), privileged: true }],
    },
  });
  s = await startTestServer(catalog, { baseUrl: 'http://sorrel.test' });
  replica = await startTestServer(catalog, { baseUrl: 'http://sorrel.test' });
});
t.after(async () => {
  await s.close();
  await replica.close();
});

async function fetchBoth(server: Running, path: string, headers: Record<string, string> = {}) {
  const json = await get(server.url, path, headers);
  const res = await fetch(server.url + path, { headers: { ...headers, Accept: ARROW } });
  assert.is(res.headers.get('content-type'), ARROW, path);
  return { json, res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const DISTS = [
  '/api/fields/1/dist/?cluster=false',
  '/api/fields/1/dist/?dimensions=3', // clustered
  '/api/fields/9/dist/', // 7 outliers of one record each: their counts shown in the metadata
  '/api/fields/3/dist/?bins=12',
  '/api/fields/6/dist/?interval=month',
  '/api/fields/5/dist/?dimensions=4,6&nulls=true',
  '/api/fields/5/dist/?dimensions=1&cluster=false',
  '/api/fields/4/dist/', // nothing suppressed: no suppressed column
  `/api/fields/3/dist/?bins=10&${ctx({ field: 5, operator: 'exact', value: 'beta' })}`,
  `/api/fields/2/dist/?${ctx({ field: 1, operator: 'lt', value: 300 })}`,
];

t('a /dist/ Arrow body shows the JSON body’s counts: null and a suppressed column where hidden', async () => {
  let suppressed = 0;
  let outliers = 0;
  for (const path of DISTS) {
    const { json, bytes } = await fetchBoth(s, path);
    const { rows, metadata, types } = decodeArrow(bytes);
    const { data, ...rest } = json.body;
    assert.equal(rows, toDistRows(data), path);
    assert.equal(decodeFlechette(bytes), toDistRows(data), `${path} (flechette)`);
    assert.equal(metadata, rest, path);
    const hidden = data.some((p: { suppressed?: true }) => p.suppressed);
    assert.is(types.suppressed, hidden ? 'Bool' : undefined, path);
    if (hidden) suppressed++;
    outliers += rest.outliers.filter((p: { suppressed?: true }) => p.suppressed).length;
  }
  assert.is(suppressed, 4, 'answers with suppressed counts');
  assert.ok(outliers >= 1, 'an outlier’s count is suppressed in the metadata');
});

t('the exact answer to a privileged user: its own counts, no suppressed column, its own ETag', async () => {
  const path = '/api/fields/1/dist/?cluster=false';
  const shown = await fetchBoth(s, path);
  const exact = await fetchBoth(s, path, ADMIN);
  const { rows, types } = decodeArrow(exact.bytes);
  assert.equal(rows, toDistRows(exact.json.body.data), path);
  assert.is(types.suppressed, undefined);
  assert.ok(rows.some((r) => r.count === 1) && !rows.some((r) => r.count === null));
  assert.ok(decodeArrow(shown.bytes).rows.some((r) => r.count === null));
  assert.is.not(shown.res.headers.get('etag'), exact.res.headers.get('etag'));
});

const VALUES = [
  '/api/fields/1/values/?limit=0',
  '/api/fields/1/values/?limit=50&page=2',
  '/api/fields/1/values/?random=20&seed=3',
  '/api/fields/5/values/',
  `/api/fields/6/values/?limit=0&${ctx({ field: 5, operator: 'in', value: ['alpha', 'déjà vu'] })}`,
];

t('a /values/ Arrow body shows the JSON body’s counts and envelope', async () => {
  let suppressed = 0;
  for (const path of VALUES) {
    const { json, bytes } = await fetchBoth(s, path);
    const list = Array.isArray(json.body) ? json.body : json.body.values;
    const { rows, metadata } = decodeArrow(bytes);
    assert.equal(rows, toValueRows(list), path);
    assert.equal(decodeFlechette(bytes), toValueRows(list), `${path} (flechette)`);
    const { values: _values, ...rest } = Array.isArray(json.body) ? { values: null } : json.body;
    assert.equal(metadata, rest, path);
    if (list.some((v: { suppressed?: true }) => v.suppressed)) suppressed++;
  }
  assert.ok(suppressed >= 3, `${suppressed} answers with suppressed counts`);
});

t('an answer suppressed whole: its columns with no row, {"suppressed": true} in the metadata', async () => {
  // A value of i that one record carries (the privileged user's exact counts): a context of fewer than k records.
  const exact = await get(s.url, '/api/fields/1/values/?limit=0', ADMIN);
  const one = exact.body.values.find((v: { count: number }) => v.count === 1).value;
  const few = ctx({ field: 1, operator: 'exact', value: one });
  const cases: [string, string[]][] = [
    [`/api/fields/3/dist/?bins=10&${few}`, ['count', 'values_0', 'labels_0']],
    [`/api/fields/5/dist/?dimensions=4&${few}`, ['count', 'values_0', 'values_1', 'labels_0', 'labels_1']],
    [`/api/fields/5/values/?${few}`, ['value', 'label', 'count']],
    [`/api/fields/5/values/?random=3&seed=1&${few}`, ['value', 'label', 'count']],
  ];
  for (const [path, names] of cases) {
    const { json, bytes } = await fetchBoth(s, path);
    assert.equal(json.body, { suppressed: true }, path);
    const { rows, metadata, types } = decodeArrow(bytes);
    assert.equal([rows, metadata, Object.keys(types)], [[], { suppressed: true }, names], path);
    assert.equal(decodeFlechette(bytes), [], path);
    // the privileged user sees the record
    const open = decodeArrow((await fetchBoth(s, path, ADMIN)).bytes);
    assert.ok(open.rows.length > 0 && !('suppressed' in open.metadata), path);
  }
});

t('same request, same bytes and ETag: on a repeat and on another replica', async () => {
  for (const path of [...DISTS.slice(0, 3), DISTS[8], VALUES[0], VALUES[2]]) {
    const a = await fetchBoth(s, path);
    const b = await fetchBoth(s, path);
    const c = await fetchBoth(replica, path);
    assertSameAnswers(path, a, b, c);
    assert.ok(a.res.headers.get('etag'), path);
  }
});

t.run();
