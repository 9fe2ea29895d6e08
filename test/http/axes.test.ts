// Tests: `bins`, `interval` and clustering at any size over HTTP (API.md §13), against plain scans of the generated rows.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

// 60 000 seeded rows: x Gaussian with 6 decimals (~60 000 distinct), y uniform with 3 decimals
// (2 % null), i whole 0–500, c one of a/b/c, t a datetime to the second over two years (2 % null),
// d its date, tm a time of day.
type Row = { x: number; y: number | null; i: number; c: string; t: number | null; tm: number };
const N = 60_000;
const rnd = mulberry32(2024);
const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
const T0 = Date.UTC(2023, 0, 1);
const ROWS: Row[] = Array.from({ length: N }, () => ({
  x: Math.round((50 + 10 * gauss()) * 1e6) / 1e6,
  y: rnd() < 0.02 ? null : Math.round(rnd() * 100_000) / 1000,
  i: Math.floor(rnd() * 501),
  c: 'abc'[Math.floor(rnd() * 3)],
  t: rnd() < 0.02 ? null : T0 + Math.floor(rnd() * 730 * 86_400) * 1000,
  tm: Math.floor(rnd() * 86_400) * 1000,
}));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const CSV = [
  'x,y,i,c,t,d,tm',
  ...ROWS.map((r) =>
    [
      r.x,
      r.y ?? '',
      r.i,
      r.c,
      r.t === null ? '' : iso(r.t),
      r.t === null ? '' : iso(r.t).slice(0, 10),
      iso(r.tm).slice(11),
    ].join(','),
  ),
].join('\n');
const FIELDS = { x: 1, y: 2, i: 3, c: 4, t: 5, d: 6, tm: 7 };

const t = suite('bins, intervals and clustering at any size');
let s: Running;
t.before(async () => {
  const dir = mkdtempSync('/tmp/sorrel-axes-');
  writeFileSync(join(dir, 'm.csv'), `${CSV}\n`);
  const fields = Object.entries(FIELDS).map(([column, id]) => ({ id, dataset: 'm', column, name: column }));
  writeFileSync(
    join(dir, 'catalog.json'),
    JSON.stringify({ datasets: [{ name: 'm', file: join(dir, 'm.csv') }], fields }),
  );
  s = await startTestServer(join(dir, 'catalog.json'));
});
t.after(async () => {
  await s.close();
});

const dist = async (id: number, query: string) => get(s.url, `/api/fields/${id}/dist/?${query}`);
const ctx = (c: unknown) => `aware=true&context=${encodeURIComponent(JSON.stringify(c))}`;
/** Label → count, in the answer's order. */
const tally = (data: { labels: string[]; count: number }[]) => data.map((p) => [p.labels.join(' | '), p.count]);

/** Counts of a plain scan: key → count, in the order of the sorted keys (numbers ascending, null last). */
function scan<K extends string | number>(keys: (K | null)[], order: (a: K, b: K) => number): [K | null, number][] {
  const m = new Map<K | null, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m.entries()].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : order(a, b)));
}

t('the field types are what the test means', async () => {
  const types = await Promise.all(
    Object.values(FIELDS).map(async (id) => (await get(s.url, `/api/fields/${id}/`)).body.internal_type),
  );
  assert.equal(types, ['float', 'float', 'integer', 'char', 'datetime', 'date', 'time']);
});

t('bins=50 on a float: nice width from the naive range, counts as a scan of the rows', async () => {
  const { body } = await dist(FIELDS.x, 'bins=50');
  const min = Math.min(...ROWS.map((r) => r.x)),
    max = Math.max(...ROWS.map((r) => r.x));
  // The smallest of 1, 2, 5 × 10^k (in millionths, so the scan is integer arithmetic) needing ≤ 50 bins.
  const steps = [1, 2, 5].flatMap((m) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => m * 10 ** k)).sort((a, b) => a - b);
  const M = (v: number) => Math.round(v * 1e6);
  const count = (w: number) => Math.ceil(M(max) / w) - Math.floor(M(min) / w);
  const w = steps.find((st) => count(st) <= 50)!;
  const base = Math.floor(M(min) / w);
  assert.equal(body.axes, [{ field: FIELDS.x, bins: { width: w / 1e6, start: (base * w) / 1e6, count: count(w) } }]);
  const want = scan(
    ROWS.map((r) => Math.min(count(w) - 1, Math.floor(M(r.x) / w) - base)),
    (a, b) => a - b,
  );
  assert.equal(
    body.data.map((p: { values: number[]; count: number }) => [p.values[0], p.count]),
    want.map(([b, n]) => [((base + (b as number)) * w) / 1e6, n]),
  );
  assert.equal([body.clustered, body.outliers, body.size], [false, [], want.length]);
  const last = body.data.at(-1).labels[0];
  assert.ok(last.endsWith(']') && body.data[0].labels[0].endsWith(')'), last);
});

t('bins=auto on an integer field with a dimension, nulls kept, in a context, sorted by count', async () => {
  const context = { field: FIELDS.c, operator: 'in', value: ['a', 'b'] };
  const { body } = await dist(FIELDS.i, `bins=auto&dimensions=${FIELDS.y}&nulls=true&sort=count&${ctx(context)}`);
  // Sturges for 60 000 values: ⌈15.87⌉ + 1 = 17 bins at most. i: [0, 500] → width 50 (20 needs 25);
  // y: [0, 100] → width 10 (5 needs 20), its nulls a group of their own.
  const yMax = Math.max(...ROWS.map((r) => r.y ?? 0));
  const yCount = Math.ceil(yMax / 10) || 1;
  assert.equal(body.axes, [
    { field: FIELDS.i, bins: { width: 50, start: 0, count: 10 } },
    { field: FIELDS.y, bins: { width: 10, start: 0, count: yCount } },
  ]);
  const keys = ROWS.filter((r) => r.c !== 'c').map((r) => {
    const yb = r.y === null ? 'null' : String(Math.min(yCount - 1, Math.floor(r.y / 10)));
    return `${Math.min(9, Math.floor(r.i / 50))}/${yb}`;
  });
  const want = scan(keys, () => 0).map(([k, n]) => {
    const [ib, yb] = (k as string).split('/');
    const label = (b: number, last: number, w: number) => `[${b * w}, ${(b + 1) * w}${b === last ? ']' : ')'}`;
    return [`${label(Number(ib), 9, 50)} | ${yb === 'null' ? 'null' : label(Number(yb), yCount - 1, 10)}`, n] as const;
  });
  const byCount = [...want].sort((a, b) => b[1] - a[1]);
  assert.equal(
    tally(body.data).map(([, n]) => n),
    byCount.map(([, n]) => n),
  );
  assert.equal(new Map(tally(body.data) as [string, number][]), new Map(want as [string, number][]));
});

t('interval=day|month|week|quarter on a datetime and a date: a scan with Date, ISO labels', async () => {
  const isoWeek = (ms: number) => {
    const d = new Date(ms);
    const thursday = new Date(
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7)),
    );
    const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
    const week = Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1;
    return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
  };
  const units: [string, (ms: number) => string][] = [
    ['day', (ms) => iso(ms).slice(0, 10)],
    ['month', (ms) => iso(ms).slice(0, 7)],
    ['week', isoWeek],
    ['quarter', (ms) => `${iso(ms).slice(0, 4)}-Q${Math.floor(new Date(ms).getUTCMonth() / 3) + 1}`],
  ];
  for (const [unit, label] of units) {
    for (const id of [FIELDS.t, FIELDS.d]) {
      const { body } = await dist(id, `interval=${unit}`);
      const want = scan(
        ROWS.filter((r) => r.t !== null).map((r) => label(r.t!)),
        (a, b) => (a < b ? -1 : 1),
      );
      assert.equal(tally(body.data), want, `${unit} on field ${id}`);
      assert.equal(body.axes, [{ field: id, interval: unit }]);
    }
  }
  const { body } = await dist(FIELDS.t, 'interval=month');
  assert.equal(body.data[4].values, ['2023-05-01T00:00:00.000']);
  assert.equal((await dist(FIELDS.d, 'interval=month')).body.data[4].values, ['2023-05-01']);
});

t('interval=auto and hour on a time field; interval mixed with an exact dimension', async () => {
  assert.equal((await dist(FIELDS.t, 'interval=auto')).body.axes, [{ field: FIELDS.t, interval: 'month' }]); // 24 months, 8 quarters
  const { body } = await dist(FIELDS.tm, 'interval=hour');
  assert.equal(
    tally(body.data),
    scan(
      ROWS.map((r) => iso(r.tm).slice(11, 13)),
      (a, b) => (a < b ? -1 : 1),
    ),
  );
  assert.equal(body.data[14].values, ['14:00:00.000']);
  const mixed = await dist(FIELDS.d, `interval=year&dimensions=${FIELDS.c}`);
  assert.equal(mixed.body.axes, [{ field: FIELDS.d, interval: 'year' }, { field: FIELDS.c }]);
  const want = scan(
    ROWS.filter((r) => r.t !== null).map((r) => `${iso(r.t!).slice(0, 4)} | ${r.c}`),
    (a, b) => (a < b ? -1 : 1),
  );
  assert.equal(tally(mixed.body.data), want);
});

t('a parameter for no axis of its type is a 400 naming it and the field; bad values are 400s', async () => {
  const cases: [number, string, string][] = [
    [FIELDS.c, 'bins=10', 'bins'],
    [FIELDS.d, 'bins=auto', 'bins'],
    [FIELDS.x, 'interval=day', 'interval'],
    [FIELDS.tm, 'interval=day', 'interval'],
    [FIELDS.d, 'interval=hour', 'interval'],
    [FIELDS.x, 'bins=0', 'bins'],
    [FIELDS.x, 'bins=1001', 'bins'],
    [FIELDS.x, 'bins=ten', 'bins'],
    [FIELDS.t, 'interval=fortnight', 'interval'],
  ];
  for (const [id, query, parameter] of cases) {
    const r = await dist(id, query);
    assert.equal([r.status, r.body.code, r.body.parameter], [400, 'INVALID_PARAMETER', parameter], query);
  }
  const r = await dist(FIELDS.c, 'bins=10');
  assert.match(r.body.message, `field ${FIELDS.c}`);
});

t(
  'a float with 60 000 distinct values answers clustered on a grid; cluster=false is a 422 naming the ways out',
  async () => {
    const first = await dist(FIELDS.x, '');
    const distinctX = new Set(ROWS.map((r) => r.x)).size;
    assert.equal([first.status, first.body.clustered, first.body.size], [200, true, distinctX]);
    assert.ok(first.body.cells > 0 && first.body.cells <= 50_000);
    assert.ok(!('axes' in first.body));
    for (const p of first.body.data) assert.is(p.labels[0], String(Number(p.values[0].toPrecision(12))));
    const again = await dist(FIELDS.x, 'cluster=true&nulls=false');
    assert.equal([again.text, again.headers.get('etag')], [first.text, first.headers.get('etag')]);
    const twoD = await dist(
      FIELDS.x,
      `dimensions=${FIELDS.y}&${ctx({ field: FIELDS.c, operator: 'exact', value: 'a' })}`,
    );
    assert.equal([twoD.status, twoD.body.clustered], [200, true]);
    const refused = await dist(FIELDS.x, 'cluster=false');
    assert.equal([refused.status, refused.body.code], [422, 'TOO_MANY_GROUPS']);
    for (const way of ['bins', 'interval', 'context']) assert.match(refused.body.message, way);
  },
);

t('bins and interval are part of the request key: distinct ETags, equal spellings share one', async () => {
  const tags = await Promise.all(
    ['bins=10', 'bins=20', 'bins=auto', 'bins=AUTO', 'bins=010'].map(async (q) =>
      (await dist(FIELDS.x, q)).headers.get('etag'),
    ),
  );
  assert.equal(new Set(tags.slice(0, 3)).size, 3);
  assert.equal([tags[3], tags[4]], [tags[2], tags[0]]);
  const [a, b] = await Promise.all(['interval=day', 'interval=week'].map((q) => dist(FIELDS.t, q)));
  assert.is.not(a.headers.get('etag'), b.headers.get('etag'));
});

t.run();
