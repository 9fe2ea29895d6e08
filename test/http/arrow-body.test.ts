import { tableFromIPC } from 'apache-arrow';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import {
  assertSameAnswers,
  COLUMNS,
  decodeArrow,
  decodeFlechette,
  toDistRows,
  writeArrowCatalog,
} from '../helpers/arrow.ts';
import { get, startTestServer } from '../helpers/server.ts';

const ARROW = 'application/vnd.apache.arrow.stream';

const t = suite('Arrow bodies');
let s: Running;
let replica: Running;
t.before(async () => {
  const catalog = writeArrowCatalog('/tmp/sorrel-arrow-');
  // Two replicas behind one address: their links (and so keys and ETags) are the same.
  s = await startTestServer(catalog, { baseUrl: 'http://sorrel.test' });
  replica = await startTestServer(catalog, { baseUrl: 'http://sorrel.test' });
});
t.after(async () => {
  await s.close();
  await replica.close();
});

async function fetchBoth(server: Running, path: string, accept = ARROW) {
  const json = await get(server.url, path);
  const res = await fetch(server.url + path, { headers: { Accept: accept } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { json, res, bytes };
}

const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const DISTS = [
  ...COLUMNS.map((_, j) => `/api/fields/${j + 1}/dist/`),
  '/api/fields/2/dist/?nulls=true',
  '/api/fields/3/dist/?bins=12',
  '/api/fields/1/dist/?bins=auto&nulls=true',
  '/api/fields/6/dist/?interval=month',
  '/api/fields/7/dist/?interval=week&nulls=true',
  '/api/fields/8/dist/?interval=hour',
  '/api/fields/1/dist/?dimensions=3', // 2-D numbers, clustered (> 500 groups) with outliers
  '/api/fields/1/dist/?dimensions=3&cluster=false&sort=count',
  '/api/fields/5/dist/?dimensions=4,6&nulls=true',
  '/api/fields/5/dist/?dimensions=1&cluster=false', // labels_0 a dictionary
  `/api/fields/3/dist/?bins=10&${ctx({ field: 5, operator: 'exact', value: 'beta' })}`,
  `/api/fields/2/dist/?${ctx({ field: 1, operator: 'lt', value: 300 })}`,
  `/api/fields/1/dist/?dimensions=3&${ctx({ field: 4, operator: 'exact', value: true })}`,
];

t('a /dist/ Arrow body holds the JSON body: the same points, typed, the other keys in the metadata', async () => {
  let clustered = 0;
  for (const path of DISTS) {
    const { json, res, bytes } = await fetchBoth(s, path);
    assert.is(json.status, 200, path);
    assert.is(res.status, 200, path);
    assert.is(res.headers.get('content-type'), ARROW, path);
    const { rows, metadata } = decodeArrow(bytes);
    const { data, ...rest } = json.body;
    assert.equal(rows, toDistRows(data), path);
    assert.equal(decodeFlechette(bytes), toDistRows(data), `${path} (flechette)`);
    assert.equal(metadata, rest, path);
    if (json.body.clustered) clustered++;
  }
  assert.ok(clustered >= 1, 'one of the answers is clustered');
});

t(
  'column types follow the field types, count its largest count, labels their repeats; 64-bit integers stay exact',
  async () => {
    const types = async (path: string) => decodeArrow((await fetchBoth(s, path)).bytes).types;
    // i: whole numbers 0..999, in the narrowest integer type that holds them; f: decimals, Float64.
    assert.equal(await types('/api/fields/1/dist/?cluster=false'), {
      count: 'Uint8',
      values_0: 'Int16',
      labels_0: 'Utf8',
    });
    assert.is((await types('/api/fields/1/values/?limit=0')).value, 'Int16');
    assert.is((await types('/api/fields/9/values/?limit=0')).value, 'Int16'); // o: 0..49 and 10,000 + i
    assert.is((await types(`/api/fields/9/dist/?${ctx({ field: 9, operator: 'lt', value: 50 })}`)).values_0, 'Int8');
    assert.is((await types('/api/fields/3/dist/')).values_0, 'Float64');
    // true and false: counts above 255 (the JSON body's counts are compared with it above).
    assert.is((await types('/api/fields/4/dist/')).count, 'Uint16');
    // s × i: 5 labels of s, each repeated for ~100 groups of i, whose labels barely repeat.
    const two = await types('/api/fields/5/dist/?dimensions=1&cluster=false');
    assert.equal([two.labels_0, two.labels_1], ['Dictionary<Int8, Utf8>', 'Utf8']);
    assert.is((await types('/api/fields/2/dist/')).values_0, 'Int64');
    assert.is((await types('/api/fields/4/dist/')).values_0, 'Bool');
    assert.is((await types('/api/fields/5/dist/')).values_0, 'Utf8');
    assert.is((await types('/api/fields/6/dist/')).values_0, 'Date32<DAY>');
    assert.is((await types('/api/fields/7/dist/?interval=day')).values_0, 'Timestamp<MILLISECOND>');
    assert.is((await types('/api/fields/8/dist/')).values_0, 'Time32<MILLISECOND>');
    assert.is((await types('/api/fields/2/dist/?bins=5')).values_0, 'Float64');
    // 2^62 + 49 is not a double: it comes back whole.
    const big = tableFromIPC((await fetchBoth(s, '/api/fields/2/values/?limit=0')).bytes);
    assert.is(big.getChild('value')!.get(49), 2n ** 62n + 49n);
  },
);

const VALUES = [
  ...COLUMNS.map((_, j) => `/api/fields/${j + 1}/values/?limit=0`),
  '/api/fields/5/values/?query=a',
  '/api/fields/1/values/?limit=7&page=3',
  '/api/fields/3/values/?limit=5000', // a large page, serialised in slices as JSON
  '/api/fields/7/values/?random=20&seed=4',
  `/api/fields/6/values/?limit=0&${ctx({ field: 5, operator: 'in', value: ['alpha', 'déjà vu'] })}`,
];

t('a /values/ Arrow body holds the JSON body: value, label, count; the envelope in the metadata', async () => {
  for (const path of VALUES) {
    const { json, bytes } = await fetchBoth(s, path);
    assert.is(json.status, 200, path);
    const { rows, metadata } = decodeArrow(bytes);
    const list = Array.isArray(json.body) ? json.body : json.body.values;
    assert.ok(list.length > 0, path);
    assert.equal(rows, list, path);
    assert.equal(decodeFlechette(bytes), list, `${path} (flechette)`);
    const { values: _values, ...rest } = Array.isArray(json.body) ? { values: null } : json.body;
    assert.equal(metadata, rest, path);
  }
});

t('same request, same bytes: on a repeat (cache), and on another replica', async () => {
  for (const path of [...DISTS.slice(-6), ...VALUES.slice(-3)]) {
    const a = await fetchBoth(s, path);
    const b = await fetchBoth(s, path);
    const c = await fetchBoth(replica, path);
    assertSameAnswers(path, a, b, c);
  }
});

t('own ETag and cache entry, Vary: Accept, 304 by its own validator only', async () => {
  const path = '/api/fields/3/dist/?bins=12';
  const { json, res } = await fetchBoth(s, path);
  const etag = res.headers.get('etag')!;
  assert.ok(etag && etag !== json.headers.get('etag'));
  assert.is(res.headers.get('vary'), 'Authorization, Origin, Accept');
  assert.is(json.headers.get('vary'), 'Authorization, Origin, Accept');
  const again = await fetch(s.url + path, { headers: { Accept: ARROW, 'If-None-Match': etag } });
  assert.is(again.status, 304);
  assert.is(again.headers.get('vary'), 'Authorization, Origin, Accept');
  const jsonTag = await fetch(s.url + path, { headers: { Accept: ARROW, 'If-None-Match': json.headers.get('etag')! } });
  assert.is(jsonTag.status, 200);
  assert.is(jsonTag.headers.get('content-type'), ARROW);
  // The JSON answer is still JSON after the Arrow one was cached, and the reverse.
  const plain = await get(s.url, path);
  assert.equal(plain.body, json.body);
  // Other routes do not vary by Accept.
  assert.is((await get(s.url, '/api/fields/3/stats/')).headers.get('vary'), 'Authorization, Origin');
});

t('Accept is negotiated: q-values, lists and wildcards; anything else keeps JSON', async () => {
  const path = '/api/fields/1/dist/?bins=5';
  const cases: [string, 'arrow' | 'json'][] = [
    [ARROW, 'arrow'],
    ['Application/Vnd.Apache.Arrow.Stream', 'arrow'],
    [`application/json;q=0.5, ${ARROW}`, 'arrow'],
    [`${ARROW};q=0.9, */*;q=0.1`, 'arrow'],
    [`text/html, ${ARROW}, */*;q=0.8`, 'arrow'],
    [`application/json, ${ARROW}`, 'arrow'],
    [`application/json, ${ARROW};q=0.5`, 'json'],
    [`${ARROW};q=0`, 'json'],
    [`${ARROW};q=2`, 'json'],
    ['*/*', 'json'],
    ['application/*', 'json'],
    ['application/vnd.apache.arrow.file', 'json'],
    ['text/html', 'json'],
    ['', 'json'],
  ];
  for (const [accept, want] of cases) {
    const res = await fetch(s.url + path, { headers: accept ? { Accept: accept } : {} });
    const type = res.headers.get('content-type');
    assert.is(type, want === 'arrow' ? ARROW : 'application/json; charset=utf-8', accept);
    await res.arrayBuffer();
  }
});

t('errors stay JSON', async () => {
  for (const path of ['/api/fields/3/dist/?bins=0', '/api/fields/99/values/', '/api/fields/1/values/?page=999']) {
    const res = await fetch(s.url + path, { headers: { Accept: ARROW } });
    assert.ok(res.status >= 400, path);
    assert.is(res.headers.get('content-type'), 'application/json; charset=utf-8', path);
    const body = (await res.json()) as { status: number };
    assert.is(body.status, res.status, path);
  }
});

t('HEAD answers the Arrow headers without a body', async () => {
  const path = '/api/fields/1/values/';
  const full = await fetch(s.url + path, { headers: { Accept: ARROW } });
  const bytes = await full.arrayBuffer();
  const head = await fetch(s.url + path, { method: 'HEAD', headers: { Accept: ARROW } });
  assert.is(head.headers.get('content-type'), ARROW);
  assert.is(head.headers.get('content-length'), String(bytes.byteLength));
  assert.is(head.headers.get('etag'), full.headers.get('etag'));
});

t.run();
