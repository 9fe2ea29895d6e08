// Tests: the root and concept endpoints over HTTP, and what every list shares: shapes, sort, paging, embed (fields: field-endpoints).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import pkg from '../../package.json' with { type: 'json' };
import type { Running } from '../../src/serve/server.ts';
import { ADMIN, get, startTestServer } from '../helpers/server.ts';

const t = suite('concepts and fields');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const ids = (body: { id: number }[]) => body.map((o) => o.id);

t('GET /api/ is the root document with links in the body and the Link header', async () => {
  const r = await get(s.url, '/api/');
  assert.is(r.status, 200);
  assert.is(r.body.title, 'Fixture catalog');
  assert.is(r.body.version, '2.3.12'); // the Serrano API level: Cilantro 2.3 gates features on it
  assert.is(r.body.sorrel_version, pkg.version);
  assert.equal(r.body._links.concepts, { href: `${s.url}/api/concepts/`, rel: 'concepts' });
  assert.equal(r.body._links.fields, { href: `${s.url}/api/fields/`, rel: 'fields' });
  assert.ok(r.headers.get('link')!.includes(`<${s.url}/api/concepts/>; rel="concepts"`));
  assert.is(r.headers.get('content-type'), 'application/json; charset=utf-8');
});

t('lists visible concepts by category order, then order, as a bare array', async () => {
  const r = await get(s.url, '/api/concepts/');
  assert.is(r.status, 200);
  assert.equal(ids(r.body), [1, 2, 4, 3, 10, 11]);
  assert.is(r.headers.get('x-total-count'), '6');
});

t('sorts concepts by name and reverses with order=desc', async () => {
  assert.equal(ids((await get(s.url, '/api/concepts/?sort=name')).body), [2, 4, 1, 10, 3, 11]);
  assert.equal(ids((await get(s.url, '/api/concepts/?sort=name&order=desc')).body), [11, 3, 10, 1, 4, 2]);
  assert.equal(ids((await get(s.url, '/api/concepts/?order=desc')).body), [11, 10, 3, 4, 2, 1]);
});

t('a concept has every attribute of the seed shape, its category with parent, and field references', async () => {
  const r = await get(s.url, '/api/concepts/3/');
  assert.is(r.status, 200);
  assert.equal(r.body, {
    _links: {
      self: { href: `${s.url}/api/concepts/3/`, rel: 'self' },
      fields: { href: `${s.url}/api/concepts/3/fields/`, rel: 'fields' },
      field: [{ href: `${s.url}/api/fields/4/`, rel: 'field', id: 4, name: 'Height' }],
    },
    id: 3,
    name: 'Stature',
    plural_name: 'Statures',
    description: '',
    keywords: '',
    category: { id: 2, name: 'Body', order: 2, parent: null },
    order: 1,
    published: true,
    archived: false,
    sortable: true,
    queryable: true,
    viewable: true,
    formatter_name: '',
    queryview: '',
    modified: '2026-01-02T03:04:05.678',
  });
});

t(
  "_links.fields is one link to the concept's fields; _links.field lists only the visible ones, in concept order",
  async () => {
    const c = (await get(s.url, '/api/concepts/1/')).body;
    assert.equal(c._links.fields, { href: `${s.url}/api/concepts/1/fields/`, rel: 'fields' });
    assert.equal(
      c._links.field.map((f: { id: number }) => f.id),
      [1, 2],
    );
    assert.equal(ids((await get('', c._links.fields.href)).body), [1, 2]);
    const mixed = (await get(s.url, '/api/concepts/6/', ADMIN)).body;
    assert.equal(
      mixed._links.field.map((f: { id: number; name: string }) => [f.id, f.name]),
      [
        [1, 'Name'],
        [7, 'Secret code'],
      ],
    );
    const all = (await get(s.url, '/api/concepts/?embed=true')).body;
    assert.ok(
      all.every((x: { _links: { field: unknown[] }; fields: unknown[] }) => x._links.field.length === x.fields.length),
    );
  },
);

t('queryable and viewable come from the catalog and default to true', async () => {
  const flags = (await get(s.url, '/api/concepts/')).body.map(
    (c: { id: number; queryable: boolean; viewable: boolean }) => [c.id, c.queryable, c.viewable],
  );
  assert.equal(flags, [
    [1, true, true],
    [2, true, true],
    [4, true, true],
    [3, true, true],
    [10, true, false],
    [11, false, true],
  ]);
});

t('embed=true adds the fields array equal to /concepts/:id/fields/', async () => {
  const embedded = (await get(s.url, '/api/concepts/1/?embed=true')).body.fields;
  const listed = (await get(s.url, '/api/concepts/1/fields/')).body;
  assert.equal(embedded, listed);
  assert.equal(ids(listed), [1, 2]);
  assert.is(listed[1].alt_name, 'Town');
  assert.is(listed[1].alt_plural_name, 'Towns');
  const all = (await get(s.url, '/api/concepts/?embed=1')).body;
  assert.ok(all.every((c: { fields?: unknown[] }) => Array.isArray(c.fields)));
  assert.is((await get(s.url, '/api/concepts/1/')).body.fields, undefined);
});

t('limit and offset page a list with X-Total-Count and Link next/prev', async () => {
  const r = await get(s.url, '/api/fields/?sort=name&limit=3&offset=3');
  assert.equal(ids(r.body), [6, 11, 12]);
  assert.is(r.headers.get('x-total-count'), '9');
  const link = r.headers.get('link')!;
  assert.ok(link.includes(`<${s.url}/api/fields/?sort=name&limit=3&offset=6>; rel="next"`), link);
  assert.ok(link.includes(`<${s.url}/api/fields/?sort=name&limit=3>; rel="prev"`), link);
  const last = await get(s.url, '/api/fields/?sort=name&limit=3&offset=6');
  assert.not.ok(last.headers.get('link')!.includes('next'));
  assert.equal((await get(s.url, '/api/fields/?offset=100')).body, []);
});

t('concept fields list follows the concept order and pages like the other lists', async () => {
  const r = await get(s.url, '/api/concepts/4/fields/');
  assert.equal(ids(r.body), [5, 6]);
  assert.is(r.headers.get('x-total-count'), '2');
  const first = await get(s.url, '/api/concepts/4/fields/?limit=1');
  assert.equal(ids(first.body), [5]);
  assert.is(first.headers.get('x-total-count'), '2');
  assert.is(first.headers.get('link'), `<${s.url}/api/concepts/4/fields/?limit=1&offset=1>; rel="next"`);
  assert.is((await get(s.url, '/api/concepts/4/fields/?limit=abc')).status, 400);
  const past = await get(s.url, '/api/concepts/?limit=2&offset=100');
  assert.is(past.headers.get('link'), `<${s.url}/api/concepts/?limit=2&offset=4>; rel="prev"`);
});

t('privileged users see everything and can narrow by published and archived', async () => {
  assert.equal(
    ids((await get(s.url, '/api/concepts/', ADMIN)).body).sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  );
  assert.equal(ids((await get(s.url, '/api/concepts/?published=false', ADMIN)).body), [9]);
  assert.equal(ids((await get(s.url, '/api/concepts/?archived=true', ADMIN)).body), [8]);
  assert.equal(ids((await get(s.url, '/api/fields/?published=false', ADMIN)).body), [8]);
  assert.equal(ids((await get(s.url, '/api/fields/?archived=true', ADMIN)).body), [9]);
  assert.equal(ids((await get(s.url, '/api/fields/?archived=false&published=true', ADMIN)).body).length, 10);
});

t('the same path without a trailing slash is served identically', async () => {
  const a = await get(s.url, '/api/concepts/1/');
  const b = await get(s.url, '/api/concepts/1');
  assert.is(b.status, 200);
  assert.is(a.text, b.text);
});

t('responses are byte-identical across repeated requests', async () => {
  const a = await get(s.url, '/api/concepts/?embed=true');
  const b = await get(s.url, '/api/concepts/?embed=true');
  assert.is(a.text, b.text);
  assert.is(a.headers.get('etag'), b.headers.get('etag'));
});

t.run();
