// Tests: the small-count rule (API.md §15) on every path that shows a count, for the users it applies to and not for the others.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { ADMIN, ANALYST, STAFF, writeDisclosureCatalog } from '../helpers/disclosure-catalog.ts';
import { get, post, startTestServer } from '../helpers/server.ts';

let s: Running;
const ctx = (node: object) => `aware=true&context=${encodeURIComponent(JSON.stringify(node))}`;
const city = (value: string) => ctx({ field: 1, operator: 'exact', value });
const S = { count: null, suppressed: true };
const counts = (values: { label: string; count: number | null; suppressed?: boolean }[]) =>
  values.map((v) => [v.label, v.count, v.suppressed ?? false]);
const body = async (path: string, headers: Record<string, string> = {}) => {
  const r = await get(s.url, path, headers);
  assert.is(r.status, 200, `${path}: ${r.text}`);
  return r.body;
};

test.before(async () => {
  s = await startTestServer(writeDisclosureCatalog());
});
test.after(async () => {
  await s.close();
});

test('values: counts below k are null and suppressed, others rounded; privileged and exempt users see them exact', async () => {
  const anon = await body('/api/fields/1/values/');
  assert.equal(counts(anon.values), [
    ['Amsterdam', 12, false],
    ['Bergen', null, true],
    ['Cairo', 14, false],
    ['Dakar', null, true],
  ]);
  assert.is(anon.count, 4, 'the number of values stays');
  assert.is(anon.null_count, 0);
  assert.not.ok('suppressed' in anon);
  assert.equal(await body('/api/fields/1/values/', STAFF), anon);
  for (const who of [ADMIN, ANALYST]) {
    const exact = await body('/api/fields/1/values/', who);
    assert.equal(counts(exact.values), [
      ['Amsterdam', 12, false],
      ['Bergen', 3, false],
      ['Cairo', 14, false],
      ['Dakar', 1, false],
    ]);
  }
});

test('values: one suppressed count hides the smallest other too; null_count below k is suppressed on the envelope', async () => {
  const color = await body('/api/fields/2/values/');
  assert.equal(counts(color.values), [
    ['blue', null, true],
    ['green', null, true],
    ['red', 20, false],
  ]);
  assert.is(color.null_count, null);
  assert.is(color.suppressed, true);
  const exact = await body('/api/fields/2/values/', ADMIN);
  assert.equal(counts(exact.values), [
    ['blue', 2, false],
    ['green', 6, false],
    ['red', 20, false],
  ]);
  assert.is(exact.null_count, 2);
  // size: S 2 alone → M 21 hidden too; null_count 7 beside them is rounded down to a multiple of k (5).
  const size = await body('/api/fields/3/values/');
  assert.equal(counts(size.values), [
    ['M', null, true],
    ['S', null, true],
  ]);
  assert.is(size.null_count, 5);
});

test('values: paging, a random draw and a query show what the whole list shows; a suppressed value is not found', async () => {
  const pages = [];
  for (const page of [1, 2, 3]) pages.push(...(await body(`/api/fields/2/values/?limit=1&page=${page}`)).values);
  assert.equal(counts(pages), [
    ['blue', null, true],
    ['green', null, true],
    ['red', 20, false],
  ]);
  assert.equal(counts(await body('/api/fields/2/values/?random=3&seed=7')), counts(pages));
  const dak = await body('/api/fields/1/values/?query=Dak');
  assert.equal([dak.values, dak.count], [[], 0]);
  assert.equal(counts((await body('/api/fields/1/values/?query=Dak', ADMIN)).values), [['Dakar', 1, false]]);
  assert.equal(counts((await body('/api/fields/1/values/?query=Ams')).values), [['Amsterdam', 12, false]]);
});

test('search: a field is not found by a value whose count the rule hides, for the users it applies to', async () => {
  const ids = async (q: string, headers = {}) =>
    (await body(`/api/fields/?query=${q}`, headers)).map((f: { id: number }) => f.id);
  assert.equal(await ids('Dakar'), []);
  assert.equal(await ids('green'), [], 'a complementary suppressed value is not found either');
  assert.equal(await ids('Cairo'), [1]);
  assert.equal(await ids('red'), [2]);
  assert.equal(await ids('Dakar', ADMIN), [1]);
  assert.equal(await ids('Dakar', ANALYST), [1]);
  const concepts = await get(s.url, '/api/concepts/?query=Dakar');
  assert.equal(concepts.body, []);
});

test('dist: every group, one dimension or two; complementary suppression over the list', async () => {
  const one = await body('/api/fields/1/dist/');
  assert.equal(
    one.data.map((p: { count: number | null; suppressed?: true }) => [p.count, p.suppressed ?? false]),
    [
      [12, false],
      [null, true],
      [14, false],
      [null, true],
    ],
  );
  assert.is(one.size, 4);
  assert.equal(one.data[1], { ...S, values: ['Bergen'], labels: ['Bergen'] });
  // city × colour: (Amsterdam, red) 12, (Bergen, red) 3, (Cairo, blue) 2, (Cairo, green) 6, (Cairo, red) 5 → 6 (round_to 2).
  const two = await body('/api/fields/1/dist/?dimensions=1,2');
  assert.equal(
    two.data.map((p: { count: number | null; labels: string[] }) => [p.labels.join(' '), p.count]),
    [
      ['Amsterdam red', 12],
      ['Bergen red', null],
      ['Cairo blue', null],
      ['Cairo green', 6],
      ['Cairo red', 6],
    ],
  );
  const pets = await body('/api/fields/5/dist/');
  assert.equal(
    pets.data.map((p: { count: number | null }) => p.count),
    [null, null],
    'cat 3 alone hides dog 9',
  );
  assert.equal(
    (await body('/api/fields/5/dist/', ADMIN)).data.map((p: { count: number }) => p.count),
    [3, 9],
  );
});

test('stats: count rounded, null_count below k suppressed; fewer than k records → suppressed whole', async () => {
  const anon = await body('/api/fields/4/stats/');
  assert.equal([anon.count, anon.null_count, anon.suppressed, anon.distinct], [28, null, true, 10]);
  const exact = await body('/api/fields/4/stats/', ADMIN);
  assert.equal([exact.count, exact.null_count, 'suppressed' in exact], [27, 3, false]);
  assert.equal(await body(`/api/fields/4/stats/?${city('Bergen')}`), { suppressed: true });
  const cairo = await body(`/api/fields/4/stats/?${city('Cairo')}`);
  assert.equal([cairo.count, cairo.null_count], [14, 0]);
  assert.is((await body(`/api/fields/4/stats/?${city('Bergen')}`, ANALYST)).count, 3);
});

test('an aware answer whose context keeps fewer than k records is suppressed whole, on every path', async () => {
  for (const path of [
    `/api/fields/2/values/?${city('Bergen')}`,
    `/api/fields/2/values/?random=2&seed=1&${city('Bergen')}`,
    `/api/fields/2/dist/?${city('Bergen')}`,
    `/api/fields/4/stats/?${city('Dakar')}`,
    `/api/entities/?${city('Bergen')}`,
    // a standalone table (records, not entities)
    `/api/fields/5/values/?${ctx({ field: 5, operator: 'exact', value: 'cat' })}`,
    `/api/fields/5/dist/?${ctx({ field: 5, operator: 'exact', value: 'cat' })}`,
  ])
    assert.equal(await body(path), { suppressed: true }, path);
  // validating typed values under such a context would tell which values its few records carry
  const validated = await post(s.url, `/api/fields/2/values/?${city('Bergen')}`, [{ value: 'red' }]);
  assert.equal([validated.status, validated.body], [200, { suppressed: true }]);
  const exempt = await post(s.url, `/api/fields/2/values/?${city('Bergen')}`, [{ value: 'red' }], ANALYST);
  assert.is(exempt.body[0].valid, true);
  // k or more records: counted as usual (dog 9 → 10 with round_to 2).
  const dog = await body(`/api/fields/5/values/?${ctx({ field: 5, operator: 'exact', value: 'dog' })}`);
  assert.equal(counts(dog.values), [['dog', 10, false]]);
  // an empty context shows its zero: nothing to hide.
  const none = await body(`/api/entities/?${city('Nowhere')}`);
  assert.is(none.count, 0);
  assert.is((await body(`/api/entities/?${city('Bergen')}`, ADMIN)).count, 3);
});

test('entities and the root document: the entity count as shown, and the rule for the page', async () => {
  assert.equal(await body('/api/entities/'), { name: 'person', plural_name: 'people', count: 30 });
  assert.equal(await body(`/api/entities/?${city('Amsterdam')}`), { name: 'person', plural_name: 'people', count: 12 });
  const root = await body('/api/');
  assert.equal(root.entity, { name: 'person', plural_name: 'people', count: 30 });
  assert.equal(root.disclosure, { min_count: 5, round_to: 2 });
  assert.not.ok('disclosure' in (await body('/api/', ADMIN)));
  assert.not.ok('disclosure' in (await body('/api/', ANALYST)));
});

test('suppressed and exact answers never share an ETag or a cached reply', async () => {
  const path = '/api/fields/1/values/?limit=4';
  const exact = await get(s.url, path, ADMIN);
  const shown = await get(s.url, path);
  const again = await get(s.url, path, ADMIN);
  assert.is.not(shown.headers.get('etag'), exact.headers.get('etag'));
  assert.is(again.text, exact.text);
  assert.is(shown.body.values[1].count, null);
  // the exact ETag does not validate the suppressed answer
  const revalidated = await fetch(s.url + path, { headers: { 'If-None-Match': exact.headers.get('etag')! } });
  assert.is(revalidated.status, 200);
  // same request, same answer, same ETag
  const twice = await get(s.url, path);
  assert.is(twice.text, shown.text);
  assert.is(twice.headers.get('etag'), shown.headers.get('etag'));
});

test.run();
