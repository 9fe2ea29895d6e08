// Tests: dist, stats and context over HTTP on the fixture catalog (values: values-endpoints).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { STAFF, get, startTestServer } from '../helpers/server.ts';

const t = suite('values, dist and stats');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
const labels = (r: { body: { values: { label: string }[] } }) => r.body.values.map((v) => v.label);

t('context: every invalid context is a 400 INVALID_CONTEXT naming the node', async () => {
  const cases: [unknown, RegExp][] = [
    [{ field: 99, operator: 'exact', value: 1 }, /field 99 is not a known field/],
    [{ field: 7, operator: 'exact', value: 'alpha' }, /field 7 is not a known field/],
    [{ field: 10, operator: 'exact', value: 'Rex' }, /field 10 is in dataset 'pets', not 'people'/],
    [{ field: 3, operator: 'icontains', value: '3' }, /operator "icontains" is not one of field 3's operators/],
    [{ field: 3, operator: 'in', value: 3 }, /takes an array/],
    [{ field: 3, operator: 'range', value: [1] }, /two-element array/],
    [{ field: 3, operator: 'exact', value: 'x' }, /needs a number/],
    [{ field: 6, operator: 'exact', value: '2020-13-01' }, /needs a date/],
    [
      {
        type: 'and',
        children: [
          { field: 3, operator: 'gt', value: 1 },
          { field: 99, operator: 'exact', value: 1 },
        ],
      },
      /context\.children\[1\]/,
    ],
    [{ type: 'xor', children: [] }, /"type" must be "and" or "or"/],
    [{ field: 3, operator: 'gt', value: 1, bogus: 1 }, /unknown key "bogus"/],
    [{ type: 'and', children: [{ field: 3, operator: 'gt', value: 1 }], field: 3 }, /unknown key "field"/],
  ];
  for (const [c, message] of cases) {
    const r = await get(s.url, `/api/fields/1/values/?${ctx(c)}`);
    assert.is(r.status, 400, JSON.stringify(c));
    assert.is(r.body.code, 'INVALID_CONTEXT');
    assert.match(r.body.message, message);
  }
  assert.match((await get(s.url, '/api/fields/1/values/?aware=true&context=%7Bbad')).body.message, /not valid JSON/);
  assert.match(
    (
      await get(
        s.url,
        `/api/fields/1/values/?aware=true&context=${encodeURIComponent('{"field":3,"operator":"gt","value":1e400}')}`,
      )
    ).body.message,
    /finite number/,
  );
  let deep: unknown = { field: 3, operator: 'gt', value: 1 };
  for (let i = 0; i < 40; i++) deep = { type: 'and', children: [deep] };
  assert.match((await get(s.url, `/api/fields/1/values/?${ctx(deep)}`)).body.message, /deeper than 32/);
  const many = {
    type: 'or',
    children: Array.from({ length: 257 }, (_, i) => ({ field: 3, operator: 'exact', value: i })),
  };
  assert.match((await get(s.url, `/api/fields/1/values/?${ctx(many)}`)).body.message, /more than 256 conditions/);
  assert.is(
    (await get(s.url, `/api/fields/1/values/?${ctx({ field: 7, operator: 'exact', value: 'alpha' })}`, STAFF)).status,
    200,
  );
});

t('context: disabled nodes are skipped and {} is no filter', async () => {
  assert.is(labels(await get(s.url, `/api/fields/1/values/?${ctx({})}`)).length, 6);
  assert.is(
    labels(
      await get(
        s.url,
        `/api/fields/1/values/?${ctx({ field: 2, operator: 'exact', value: 'Berlin', enabled: false })}`,
      ),
    ).length,
    6,
  );
});

t('dist: one numeric dimension gives raw groups with counts, no outliers under 500 points', async () => {
  const r = await get(s.url, '/api/fields/3/dist/');
  assert.equal(r.body, {
    size: 4,
    clustered: false,
    outliers: [],
    data: [
      { count: 1, values: [29], labels: ['29'] },
      { count: 2, values: [36], labels: ['36'] },
      { count: 1, values: [41], labels: ['41'] },
      { count: 1, values: [52], labels: ['52'] },
    ],
  });
});

t('dist: dimensions, nulls and sort', async () => {
  const two = await get(s.url, '/api/fields/3/dist/?dimensions=2');
  assert.equal(
    two.body.data.map((p: { values: unknown[] }) => p.values),
    [
      [29, 'Berlin'],
      [36, 'Paris'],
      [36, 'Zürich'],
      [41, 'Berlin'],
    ],
  );
  assert.is(two.body.size, 4);
  const same = await get(s.url, '/api/fields/3/dist/?dimensions=3,2');
  assert.is(same.text, two.text);
  const withNulls = await get(s.url, '/api/fields/3/dist/?dimensions=2&nulls=true');
  assert.equal(
    withNulls.body.data.map((p: { values: unknown[] }) => p.values),
    [
      [29, 'Berlin'],
      [36, 'Paris'],
      [36, 'Zürich'],
      [41, 'Berlin'],
      [52, null],
      [null, 'Paris'],
    ],
  );
  assert.equal(withNulls.body.data[4].labels, ['52', 'null']);
  const byCount = await get(s.url, '/api/fields/2/dist/?sort=count');
  assert.equal(
    byCount.body.data.map((p: { values: unknown[]; count: number }) => [p.values[0], p.count]),
    [
      ['Berlin', 2],
      ['Paris', 2],
      ['Zürich', 1],
    ],
  );
  const repeated = await get(s.url, '/api/fields/2/dist/?dimensions=2&dimensions=5');
  assert.equal(
    repeated.body.data.map((p: { values: unknown[] }) => p.values),
    [
      ['Berlin', false],
      ['Paris', true],
      ['Zürich', true],
    ],
  );
  const aware = await get(s.url, `/api/fields/2/dist/?${ctx({ field: 5, operator: 'exact', value: true })}`);
  assert.equal(
    aware.body.data.map((p: { values: unknown[]; count: number }) => [p.values[0], p.count]),
    [
      ['Paris', 2],
      ['Zürich', 1],
    ],
  );
});

t('dist: bad dimensions, n and too many groups', async () => {
  const hidden = await get(s.url, '/api/fields/3/dist/?dimensions=7');
  assert.equal([hidden.status, hidden.body.parameter], [400, 'dimensions']);
  assert.is(
    hidden.body.message,
    (await get(s.url, '/api/fields/3/dist/?dimensions=77')).body.message.replace('77', '7'),
  );
  assert.match((await get(s.url, '/api/fields/3/dist/?dimensions=10')).body.message, /dataset 'pets'/);
  assert.is((await get(s.url, '/api/fields/3/dist/?dimensions=1,2,4,5')).status, 400);
  assert.is((await get(s.url, '/api/fields/3/dist/?dimensions=1,2,4')).status, 200);
  assert.is((await get(s.url, '/api/fields/3/dist/?n=0')).status, 400);
  for (const empty of ['dimensions=', 'dimensions=,', 'dimensions=2,', 'dimensions=02']) {
    assert.is((await get(s.url, `/api/fields/3/dist/?${empty}`)).status, 400, empty);
  }
  assert.is((await get(s.url, '/api/fields/3/dist/?sort=size')).status, 400);
  const few = await startTestServer(undefined, { maxGroups: 3 });
  try {
    const r = await get(few.url, '/api/fields/1/dist/');
    assert.equal([r.status, r.body.code], [422, 'TOO_MANY_GROUPS']);
  } finally {
    await few.close();
  }
});

t('stats: numbers get p05…p95 (quantile_cont) as top-level scalars, temporal fields min/max, others 422', async () => {
  const age = (await get(s.url, '/api/fields/3/stats/')).body;
  assert.equal(
    { ...age, mean: Math.round(age.mean * 1e9) / 1e9, stddev: Math.round(age.stddev * 1e9) / 1e9 },
    {
      count: 5,
      null_count: 1,
      distinct: 4,
      min: 29,
      max: 52,
      mean: 38.8,
      stddev: Math.round(Math.sqrt(72.7) * 1e9) / 1e9,
      sum: 194,
      p05: 30.4,
      p25: 36,
      p50: 36,
      p75: 41,
      p95: 49.8,
    },
  );
  assert.equal((await get(s.url, '/api/fields/6/stats/')).body, {
    count: 5,
    null_count: 1,
    distinct: 4,
    min: '2018-11-30',
    max: '2021-03-20',
  });
  const r = await get(s.url, '/api/fields/1/stats/');
  assert.equal([r.status, r.body.code], [422, 'NOT_SUPPORTED']);
  const aware = (await get(s.url, `/api/fields/3/stats/?${ctx({ field: 2, operator: 'exact', value: 'Berlin' })}`))
    .body;
  assert.equal([aware.count, aware.min, aware.max, aware.sum], [2, 29, 41, 70]);
});

t.run();
