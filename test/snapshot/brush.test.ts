// Tests: linked brushing (API.md §16): answers from a brushed view's index are the scan's, byte for byte.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';
import type { Running } from '../../src/serve/server.ts';
import { toBrushSettled, toBrushStats } from '../../src/snapshot/brush.ts';
import { get, startTestServer } from '../helpers/server.ts';

// Field ids in column order: every storage a brushed column or a chart's dimension may have.
const COLUMNS = ['i', 'w', 'x', 'f', 's', 'd', 't', 'b', 'g', 'big'] as const;
const ID = Object.fromEntries(COLUMNS.map((c, k) => [c, k + 1])) as Record<(typeof COLUMNS)[number], number>;

/**
 * A seeded table: `i` Int32 integers, `w` integers stored Float64 (beyond 2^31), `x` floats of three
 * decimals with -0, `f` floats of many magnitudes, `s` strings, `d` dates, `t` datetimes to the second,
 * `b` booleans, `g` a small integer, `big` 64-bit integers: each ~6% null but `g`.
 */
function writeTable(seed: number, rows: number): string {
  const rnd = mulberry32(seed);
  const nul = () => rnd() < 0.06;
  const lines = [COLUMNS.join(',')];
  for (let r = 0; r < rows; r++) {
    const day = Date.UTC(2020, 0, 1) + Math.floor(rnd() * 900) * 86_400_000;
    const x = Math.round(rnd() * 400_000) / 1000 - 100;
    lines.push(
      [
        nul() ? '' : Math.floor(rnd() * 300) - 50,
        nul() ? '' : 5_000_000_000 + Math.floor(rnd() * 90),
        nul() ? '' : rnd() < 0.02 ? '-0' : x,
        nul() ? '' : ((rnd() - 0.5) * 10 ** Math.floor(rnd() * 8)).toPrecision(5),
        nul() ? '' : `s${Math.floor(rnd() * 30)}`,
        nul() ? '' : new Date(day).toISOString().slice(0, 10),
        nul() ? '' : new Date(day + Math.floor(rnd() * 86_400) * 1000).toISOString().replace('.000Z', 'Z'),
        nul() ? '' : rnd() < 0.5,
        Math.floor(rnd() * 5),
        nul() ? '' : `${9_007_199_254_740_993n + BigInt(Math.floor(rnd() * 50))}`,
      ].join(','),
    );
  }
  const dir = mkdtempSync('/tmp/sorrel-brush-');
  writeFileSync(join(dir, 'r.csv'), `${lines.join('\n')}\n`);
  const fields = COLUMNS.map((column, k) => ({ id: k + 1, dataset: 'r', column, name: column }));
  const catalog = join(dir, 'catalog.json');
  writeFileSync(catalog, JSON.stringify({ datasets: [{ name: 'r', file: join(dir, 'r.csv') }], fields }));
  return catalog;
}

/** The charts a dashboard asks under a brush: every kind of axis, several dimensions, values pages. */
const CHARTS = [
  `/api/fields/${ID.g}/dist/`,
  `/api/fields/${ID.s}/dist/?sort=count`,
  `/api/fields/${ID.d}/dist/?interval=month`,
  `/api/fields/${ID.t}/dist/?interval=day&nulls=true`,
  `/api/fields/${ID.x}/dist/?bins=20`,
  `/api/fields/${ID.w}/dist/?bins=7&nulls=true`,
  `/api/fields/${ID.b}/dist/?dimensions=${ID.b},${ID.s}&nulls=true`,
  `/api/fields/${ID.i}/dist/?dimensions=${ID.i},${ID.g}`,
  `/api/fields/${ID.f}/dist/`, // every value its own group: outliers, shaped as the scan's
  `/api/fields/${ID.i}/dist/?dimensions=${ID.i},${ID.x}&cluster=false&nulls=true`,
  `/api/fields/${ID.d}/dist/?dimensions=${ID.d},${ID.g}&interval=year`,
  `/api/fields/${ID.s}/values/?limit=0`,
  `/api/fields/${ID.i}/values/?limit=0`,
  `/api/fields/${ID.t}/values/?limit=0`,
];

type Brush = { field: number; operator: string; value: unknown }[];

const DAY = 86_400_000;
/** A random range on `field` over its values' span, beyond it, empty, or on one value, in one of the forms a brush sends. */
function randomBrush(rnd: () => number, column: (typeof COLUMNS)[number]): Brush {
  const spans: Record<string, [number, number]> = {
    i: [-60, 260],
    w: [5_000_000_000 - 5, 5_000_000_095],
    x: [-110, 310],
    f: [-6e6, 6e6],
    d: [Date.UTC(2019, 11, 20), Date.UTC(2022, 7, 1)],
    t: [Date.UTC(2019, 11, 20), Date.UTC(2022, 7, 1)],
  };
  const [lo, hi] = spans[column];
  const pick = () => {
    const v = lo + rnd() * (hi - lo);
    if (column === 'd') return new Date(Math.floor(v / DAY) * DAY).toISOString().slice(0, 10);
    if (column === 't') return new Date(Math.floor(v / 1000) * 1000).toISOString().slice(0, 19);
    if (column === 'x') return rnd() < 0.2 ? 0 : Math.round(v * 1000) / 1000;
    if (column === 'f') return Number((v * rnd() ** 4).toPrecision(3));
    return rnd() < 0.5 ? Math.round(v) : Math.round(v * 10) / 10;
  };
  let a = pick(),
    b = pick();
  const order = (p: unknown, q: unknown) =>
    typeof p === 'number' ? p - (q as number) : String(p) < String(q) ? -1 : 1;
  if (rnd() < 0.85 && order(a, b) > 0) [a, b] = [b, a]; // else an empty range, now and then
  const field = ID[column];
  const form = Math.floor(rnd() * 4);
  if (form === 0) return [{ field, operator: 'range', value: [a, b] }];
  if (form === 1)
    return [
      { field, operator: 'gt', value: a },
      { field, operator: 'lte', value: b },
    ];
  if (form === 2) return [{ field, operator: rnd() < 0.5 ? 'gte' : 'lt', value: a }];
  return [
    { field, operator: 'gte', value: a },
    { field, operator: 'lt', value: b },
  ];
}

/** Base contexts a dashboard's other filters make. */
const BASES: Brush[] = [
  [],
  [{ field: ID.s, operator: 'in', value: ['s1', 's2', 's3', 's5', 's8', 's13', 's21'] }],
  [
    { field: ID.b, operator: 'exact', value: true },
    { field: ID.g, operator: '-exact', value: 2 },
  ],
  [{ field: ID.i, operator: 'gte', value: 40 }], // a range itself, on another field than the brushed one
];

const withContext = (path: string, nodes: Brush) =>
  `${path}${path.includes('?') ? '&' : '?'}aware=true&context=${encodeURIComponent(JSON.stringify({ type: 'and', children: nodes }))}`;

const t = suite('brushing: index against scan');
let on: Running;
let off: Running;
const SEED = 29;
t.before(async () => {
  const catalog = writeTable(SEED, 6000);
  on = await startTestServer(catalog, { indexBytes: 64 * 2 ** 20 });
  off = await startTestServer(catalog, { indexBytes: 0 });
});
t.after(async () => {
  await on.close();
  await off.close();
});

/** Asks every chart under `nodes` of both servers; the bodies must be the same bytes. */
async function compare(nodes: Brush, note: string): Promise<void> {
  for (const chart of CHARTS) {
    const path = withContext(chart, nodes);
    const [a, b] = await Promise.all([get(on.url, path), get(off.url, path)]);
    assert.is(a.status, b.status, `${note} ${path}`);
    // A values page links to its own server.
    assert.is(a.text.replaceAll(on.url, ''), b.text.replaceAll(off.url, ''), `${note} ${decodeURIComponent(path)}`);
  }
}

t('every chart under random brushes of every brushed type and base: the scan bytes, from the index', async () => {
  const rnd = mulberry32(SEED);
  const snapshot = on.state.snapshot!;
  // Each brushed column over no base and over one of the others, in turn.
  const columns = ['x', 'i', 'd', 't', 'w', 'f'] as const;
  const pairs = columns.flatMap((column, k) => [BASES[0], BASES[1 + (k % 3)]].map((base) => ({ base, column })));
  for (const { base, column } of pairs) {
    // Two brushes: the first seen, the second builds the view's index after its scans.
    await compare([...base, ...randomBrush(rnd, column)], 'first');
    await compare([...base, ...randomBrush(rnd, column)], 'second');
    await toBrushSettled(snapshot);
    const before = toBrushStats(snapshot).answered;
    const steps = 3;
    for (let k = 0; k < steps; k++) await compare([...base, ...randomBrush(rnd, column)], `step ${k}`);
    // Every chart of the view was answered from its index (none of them is refused one).
    assert.is(
      toBrushStats(snapshot).answered - before,
      steps * CHARTS.length,
      `${column} over ${JSON.stringify(base)}`,
    );
  }
});

t('whole and empty ranges, and a bound on a value held by many rows', async () => {
  const snapshot = on.state.snapshot!;
  const before = toBrushStats(snapshot).answered;
  const cases: Brush[] = [
    [{ field: ID.x, operator: 'range', value: [-1e9, 1e9] }],
    [{ field: ID.x, operator: 'range', value: [5, 4] }],
    [
      { field: ID.x, operator: 'gte', value: 0 },
      { field: ID.x, operator: 'lt', value: 0 },
    ],
    [
      { field: ID.x, operator: 'gte', value: 0 },
      { field: ID.x, operator: 'lte', value: 0 },
    ], // 0 and -0
    [{ field: ID.x, operator: 'gt', value: 1e9 }],
    [{ field: ID.x, operator: 'lt', value: -1e9 }],
  ];
  for (const c of cases) await compare(c, JSON.stringify(c));
  assert.is(toBrushStats(snapshot).answered - before, cases.length * CHARTS.length);
});

t('a 64-bit integer brush, an `or` and a negated range are scanned, and equal', async () => {
  const snapshot = on.state.snapshot!;
  const cases: Brush[] = [
    [{ field: ID.big, operator: 'gte', value: '9007199254741000' }],
    [{ field: ID.big, operator: 'gte', value: '9007199254741010' }],
    [{ field: ID.x, operator: '-range', value: [0, 100] }],
    [{ field: ID.x, operator: '-range', value: [0, 120] }],
  ];
  const before = toBrushStats(snapshot).answered;
  for (const c of cases) await compare(c, JSON.stringify(c));
  await toBrushSettled(snapshot);
  for (const c of cases) await compare(c, JSON.stringify(c));
  const or = {
    type: 'or',
    children: [
      { field: ID.x, operator: 'gte', value: 3 },
      { field: ID.x, operator: 'lt', value: -3 },
    ],
  };
  const path = `/api/fields/${ID.g}/dist/?aware=true&context=${encodeURIComponent(JSON.stringify(or))}`;
  assert.is((await get(on.url, path)).text, (await get(off.url, path)).text);
  assert.is(toBrushStats(snapshot).answered, before);
});

t.run();

const b = suite('brushing: the memory bound');
let small: Running;
let scan: Running;
b.before(async () => {
  const catalog = writeTable(7, 20_000);
  small = await startTestServer(catalog, { indexBytes: 2 ** 20 });
  scan = await startTestServer(catalog, { indexBytes: 0 });
});
b.after(async () => {
  await small.close();
  await scan.close();
});

b('indexes stay within SORREL_INDEX_MB, the least recently used evicted; answers unchanged', async () => {
  const snapshot = small.state.snapshot!;
  const rnd = mulberry32(7);
  for (let k = 0; k < 12; k++) {
    // A new base each time: every view built holds 80 KB of rows and more; 1 MiB holds a few.
    const base: Brush = [
      { field: ID.g, operator: 'exact', value: k % 5 },
      { field: ID.i, operator: 'gte', value: k - 50 },
    ];
    for (let step = 0; step < 3; step++) {
      const path = withContext(`/api/fields/${ID.s}/dist/`, [...base, ...randomBrush(rnd, 'x')]);
      const [a, c] = await Promise.all([get(small.url, path), get(scan.url, path)]);
      assert.is(a.text, c.text);
      await toBrushSettled(snapshot);
    }
    assert.ok(toBrushStats(snapshot).bytes <= 2 ** 20);
  }
  const stats = toBrushStats(snapshot);
  assert.ok(stats.views === 12, `views built: ${stats.views}`);
  assert.ok(stats.answered >= 12, `answered from an index: ${stats.answered}`);
});

b('a reload starts without indexes (they live with their snapshot)', async () => {
  const before = small.state.snapshot!;
  assert.ok(toBrushStats(before).bytes > 0);
  const outcome = await small.reload();
  assert.ok(outcome.ok, JSON.stringify(outcome));
  const after = small.state.snapshot!;
  assert.is.not(after, before);
  assert.equal(toBrushStats(after), { bytes: 0, views: 0, charts: 0, ms: 0, answered: 0 });
});

b.run();
