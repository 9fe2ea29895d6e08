// Tests: the field endpoints over HTTP: the seed shape, types, operators, inferred flags, order under categories.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const t = suite('fields');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const ids = (body: { id: number }[]) => body.map((o) => o.id);

t('a field has every attribute of the seed shape with types, operators and links', async () => {
  const r = await get(s.url, '/api/fields/3/');
  assert.is(r.status, 200);
  const base = `${s.url}/api/fields/3/`;
  assert.equal(r.body._links, {
    self: { href: base, rel: 'self' },
    values: { href: `${base}values/`, rel: 'data' },
    distribution: { href: `${base}dist/`, rel: 'data' },
    stats: { href: `${base}stats/`, rel: 'data' },
  });
  const { _links, data_modified, ...rest } = r.body;
  assert.match(data_modified, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
  assert.equal(rest, {
    id: 3,
    name: 'Age',
    plural_name: 'Ages',
    alt_name: null,
    alt_plural_name: null,
    description: 'Age in whole years',
    keywords: null,
    app_name: 'people',
    model_name: 'person',
    field_name: 'age',
    internal_type: 'integer',
    simple_type: 'number',
    enumerable: false,
    nullable: true,
    searchable: false,
    unit: 'year',
    plural_unit: 'years',
    published: true,
    archived: false,
    modified: '2026-01-02T03:04:05.678',
    operators: [
      ['exact', 'is'],
      ['-exact', 'is not'],
      ['in', 'includes'],
      ['-in', 'excludes'],
      ['lt', 'is less than'],
      ['lte', 'is less than or equal to'],
      ['gt', 'is greater than'],
      ['gte', 'is greater than or equal to'],
      ['range', 'is between'],
      ['-range', 'is not between'],
      ['isnull', 'is null'],
      ['-isnull', 'is not null'],
    ],
  });
});

t('string and boolean fields get their operators and inferred flags', async () => {
  const city = (await get(s.url, '/api/fields/2/')).body;
  assert.is(city.simple_type, 'string');
  assert.is(city.enumerable, true);
  assert.is(city.searchable, true);
  assert.equal(
    city.operators.map((o: string[]) => o[0]),
    ['exact', '-exact', 'iexact', '-iexact', 'in', '-in', 'icontains', '-icontains', 'isnull', '-isnull'],
  );
  assert.is(city._links.stats, undefined);
  const member = (await get(s.url, '/api/fields/5/')).body;
  assert.is(member.internal_type, 'boolean');
  assert.equal(
    member.operators.map((o: string[]) => o[0]),
    ['exact', '-exact', 'in', '-in', 'isnull', '-isnull'],
  );
  const pet = (await get(s.url, '/api/fields/10/')).body;
  assert.is(pet.nullable, false);
  assert.equal(
    pet.operators.map((o: string[]) => o[0]),
    ['exact', '-exact', 'iexact', '-iexact', 'in', '-in', 'icontains', '-icontains'],
  );
  assert.is((await get(s.url, '/api/fields/6/')).body.internal_type, 'date');
});

t('lists fields under the category of their first concept, at their position there', async () => {
  assert.equal(ids((await get(s.url, '/api/fields/')).body), [3, 5, 1, 2, 6, 4, 10, 11, 12]);
  assert.equal(ids((await get(s.url, '/api/fields/?sort=name')).body), [3, 2, 4, 6, 11, 12, 5, 1, 10]);
});

t.run();
