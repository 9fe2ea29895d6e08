// Tests: values over HTTP on the fixture catalog: the page envelope, JSON forms, paging, query, random draws, aware.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('values');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const labels = (r: { body: { values: { label: string }[] } }) => r.body.values.map((v) => v.label);

t('values: a page envelope ascending by value with counts and null_count', async () => {
  const r = await get(s.url, '/api/fields/2/values/');
  assert.is(r.status, 200);
  const base = `${s.url}/api/fields/2/values/`;
  assert.equal(r.body, {
    values: [
      { value: 'Berlin', label: 'Berlin', count: 2 },
      { value: 'Paris', label: 'Paris', count: 2 },
      { value: 'Zürich', label: 'Zürich', count: 1 },
    ],
    count: 3,
    null_count: 1,
    limit: 10,
    page_num: 1,
    num_pages: 1,
    _links: { self: { href: base, rel: 'self' }, base: { href: base, rel: 'base' } },
  });
});

t('values: numbers, booleans and dates in their JSON forms', async () => {
  assert.equal(
    (await get(s.url, '/api/fields/3/values/')).body.values.map((v: { value: number }) => v.value),
    [29, 36, 41, 52],
  );
  assert.equal((await get(s.url, '/api/fields/5/values/')).body.values, [
    { value: false, label: 'false', count: 2 },
    { value: true, label: 'true', count: 3 },
  ]);
  assert.equal(
    (await get(s.url, '/api/fields/6/values/')).body.values.map((v: { value: string }) => v.value),
    ['2018-11-30', '2019-06-01', '2020-01-15', '2021-03-20'],
  );
  assert.equal(
    (await get(s.url, '/api/fields/4/values/')).body.values.map((v: { value: number }) => v.value),
    [1.6, 1.65, 1.7, 1.75, 1.8],
  );
});

t('values: paging with limit and page, prev/next links, limit=0 for all, 404 past the end', async () => {
  const p2 = await get(s.url, '/api/fields/1/values/?limit=2&page=2');
  assert.equal(labels(p2), ['Chloé', 'Dan']);
  assert.equal([p2.body.count, p2.body.num_pages, p2.body.page_num, p2.body.limit], [6, 3, 2, 2]);
  assert.is(p2.body._links.next.href, `${s.url}/api/fields/1/values/?limit=2&page=3`);
  assert.is(p2.body._links.prev.href, `${s.url}/api/fields/1/values/?limit=2`);
  const p3 = await get(s.url, '/api/fields/1/values/?limit=2&page=3');
  assert.equal(labels(p3), ['Eve', 'Fay']);
  assert.is(p3.body._links.next, undefined);
  const all = await get(s.url, '/api/fields/1/values/?limit=0');
  assert.equal([all.body.values.length, all.body.num_pages], [6, 1]);
  const past = await get(s.url, '/api/fields/1/values/?limit=2&page=4');
  assert.equal([past.status, past.body.code], [404, 'PAGE_NOT_FOUND']);
  assert.is((await get(s.url, '/api/fields/1/values/?limit=100001')).status, 400);
  assert.is((await get(s.url, '/api/fields/1/values/?page=0')).status, 400);
});

t('values: limit=0 above the configured maximum is refused with a hint to page', async () => {
  const small = await startTestServer(undefined, { maxValuesLimit: 4 });
  try {
    const r = await get(small.url, '/api/fields/1/values/?limit=0');
    assert.is(r.status, 400);
    assert.match(r.body.message, /page/);
    assert.is((await get(small.url, '/api/fields/2/values/?limit=0')).status, 200);
  } finally {
    await small.close();
  }
});

t('values: query filters labels with the search grammar, exact then prefix first', async () => {
  assert.equal(labels(await get(s.url, '/api/fields/1/values/?query=e')), ['Eve', 'Chloé']);
  assert.equal(labels(await get(s.url, '/api/fields/1/values/?query=-e')), ['Ada', 'Bob', 'Dan', 'Fay']);
  assert.equal(labels(await get(s.url, '/api/fields/2/values/?query=zurich')), ['Zürich']);
  const none = await get(s.url, '/api/fields/1/values/?query=zzz');
  assert.equal([none.body.values, none.body.count, none.body.num_pages], [[], 0, 1]);
});

t('values: random=N draws distinct values, reproducible with seed, bare array', async () => {
  const a = await get(s.url, '/api/fields/1/values/?random=3&seed=42');
  const b = await get(s.url, '/api/fields/1/values/?random=3&seed=42');
  assert.ok(Array.isArray(a.body));
  assert.is(a.body.length, 3);
  assert.is(a.text, b.text);
  assert.is(new Set(a.body.map((v: { value: string }) => v.value)).size, 3);
  assert.is((await get(s.url, '/api/fields/1/values/?random=100')).body.length, 6);
  assert.equal(
    (await get(s.url, '/api/fields/1/values/?random=5&query=e&seed=1')).body
      .map((v: { label: string }) => v.label)
      .sort(),
    ['Chloé', 'Eve'],
  );
  const drawn = (await get(s.url, '/api/fields/1/values/?random=6&query=e&seed=3')).body.map(
    (v: { label: string }) => v.label,
  );
  assert.equal(drawn, ['Chloé', 'Eve'], 'in value order, not relevance order');
  for (const bad of [
    'random=0',
    'random=x',
    'random=1001',
    'random=2&seed=1.5',
    'random=2&seed=-1',
    'random=2&seed=4294967296',
  ]) {
    assert.is((await get(s.url, `/api/fields/1/values/?${bad}`)).status, 400, bad);
  }
  const seen = new Set<string>();
  for (let seed = 0; seed < 20; seed++)
    seen.add((await get(s.url, `/api/fields/1/values/?random=1&seed=${seed}`)).body[0].value);
  assert.ok(seen.size >= 4, `20 seeds drew only ${[...seen]}`);
});

t('values: aware=true restricts to the records matching the context', async () => {
  assert.equal(
    labels(await get(s.url, `/api/fields/1/values/?${ctx({ field: 2, operator: 'exact', value: 'Berlin' })}`)),
    ['Bob', 'Dan'],
  );
  assert.equal(
    labels(await get(s.url, `/api/fields/1/values/?${ctx({ field: 2, operator: '-exact', value: 'Berlin' })}`)),
    ['Ada', 'Chloé', 'Eve', 'Fay'],
  );
  const older = await get(
    s.url,
    `/api/fields/2/values/?${ctx({
      type: 'and',
      children: [
        { field: 3, operator: 'gte', value: 36 },
        { field: 5, operator: 'exact', value: true },
      ],
    })}`,
  );
  assert.equal(older.body.values, [
    { value: 'Paris', label: 'Paris', count: 1 },
    { value: 'Zürich', label: 'Zürich', count: 1 },
  ]);
  const nulls = await get(s.url, `/api/fields/2/values/?${ctx({ field: 6, operator: 'exact', value: null })}`);
  assert.equal([labels(nulls), nulls.body.null_count], [['Berlin'], 0]);
  assert.equal(
    labels(await get(s.url, `/api/fields/1/values/?aware=false&context=${encodeURIComponent('not json')}`)).length,
    6,
  );
  assert.equal(
    labels(
      await get(
        s.url,
        `/api/fields/1/values/?${ctx({ field: 6, operator: 'range', value: ['2019-01-01', '2020-12-31'] })}`,
      ),
    ),
    ['Ada', 'Bob', 'Eve'],
  );
});

t.run();
