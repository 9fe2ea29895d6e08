// Tests: linked brushing (API.md §16): answers from a brushed view's index are the scan's, byte for byte.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';
import type { Running } from '../../src/serve/server.ts';
import { toBrushSettled, toBrushStats } from '../../src/snapshot/brush.ts';
import { type Brush, ID, randomBrush, withContext, writeTable } from '../helpers/brush-table.ts';
import { get, startTestServer } from '../helpers/server.ts';

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
