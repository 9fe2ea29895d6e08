// Tests: workers/brush/view.ts and count.ts against the scan (workers/dist.ts, distinct.ts) on large seeded tables.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toBins } from '../../../src/common/bins.ts';
import { mulberry32 } from '../../../src/common/random.ts';
import type { BrushRange } from '../../../src/contract/brush.ts';
import type { AxisSpec, DistParams } from '../../../src/contract/tasks.ts';
import { brushDistinct, brushDistribution, toPositions } from '../../../workers/brush/count.ts';
import { brushChart, brushView } from '../../../workers/brush/view.ts';
import { openTable } from '../../../workers/table/columns.ts';
import { distinctValues } from '../../../workers/values/distinct.ts';
import { distribution } from '../../../workers/dist/dist.ts';
import { contextMask } from '../../../workers/mask/mask.ts';
import { date, datetime, dict, f64, i32, makeTableRef } from '../table.ts';

// Rows enough for every chart's running counts (blocks of 2,048 rows and more) to be read.
const N = 40_000;
const rnd = mulberry32(2929);
const maybe = <T>(v: T) => (rnd() < 0.05 ? null : v);
const ref = makeTableRef({
  x: f64(Array.from({ length: N }, () => maybe(Math.round(rnd() * 1e5) / 100 - 200))),
  k: i32(Array.from({ length: N }, () => maybe(Math.floor(rnd() * 700) - 100))),
  g: i32(Array.from({ length: N }, () => Math.floor(rnd() * 20))),
  s: dict(Array.from({ length: N }, () => maybe(`c${Math.floor(rnd() * 300)}`))),
  d: date(Array.from({ length: N }, () => maybe(18_000 + Math.floor(rnd() * 2000)))),
  t: datetime(Array.from({ length: N }, () => maybe(1.6e12 + Math.floor(rnd() * 1e10)))),
  f: f64(Array.from({ length: N }, () => maybe(Number(((rnd() - 0.5) * 10 ** Math.floor(rnd() * 6)).toPrecision(4))))),
});
const table = openTable(ref);

const params = (axes: AxisSpec[], p: Partial<DistParams> = {}): DistParams => ({
  nulls: false,
  sort: 'fields',
  cluster: false,
  n: null,
  numeric: false,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  axes,
  ...p,
});
const exact: AxisSpec = { kind: 'exact' };
const CHARTS: { columns: string[]; params: DistParams }[] = [
  { columns: ['g'], params: params([exact], { numeric: true }) },
  { columns: ['s'], params: params([exact], { nulls: true, sort: 'count' }) },
  { columns: ['d'], params: params([{ kind: 'interval', unit: 'month', type: 'date' }]) },
  { columns: ['t'], params: params([{ kind: 'interval', unit: 'week', type: 'datetime' }], { nulls: true }) },
  { columns: ['x'], params: params([{ kind: 'bins', bins: toBins(-200, 800, 30, false) }]) },
  { columns: ['k', 's'], params: params([exact, exact], { nulls: true }) },
  { columns: ['k'], params: params([exact], { numeric: true, cluster: true }) }, // clustered: shaped as the scan's
  { columns: ['f'], params: params([exact], { numeric: true }) }, // outliers
];

const bound = (column: string) => {
  const v = { x: -210 + rnd() * 1020, k: -110 + rnd() * 720, d: 17_990 + rnd() * 2020, t: 1.6e12 + rnd() * 1.01e10 }[
    column
  ]!;
  return rnd() < 0.5 ? Math.round(v) : v;
};
/** A random brush: a window, one side, an empty one, or the whole span. */
function randomRange(column: string): BrushRange {
  let a = bound(column),
    b = bound(column);
  if (rnd() < 0.9 && a > b) [a, b] = [b, a];
  const form = Math.floor(rnd() * 4);
  if (form === 0) return [{ operator: 'range', value: [a, b] }];
  if (form === 1)
    return [
      { operator: 'gt', value: a },
      { operator: 'lte', value: b },
    ];
  if (form === 2) return [{ operator: rnd() < 0.5 ? 'gte' : 'lt', value: a }];
  return [
    { operator: 'gte', value: a },
    { operator: 'lt', value: b },
  ];
}

const BASES = [
  null,
  { column: 'g', field: 3, type: 'integer', operator: '-in', value: [3, 4, 5] },
  { column: 's', field: 4, type: 'string', operator: 'in', value: ['c1', 'c2', 'c10', 'c77', 'c150', 'c299'] },
] as const;

test('every chart, brushed column and base: the groups a scan counts, for random ranges', () => {
  for (const base of BASES) {
    for (const column of ['x', 'k', 'd', 't']) {
      const view = brushView(table, base as never, column)!;
      assert.ok(view !== null);
      for (const chart of CHARTS) {
        const index = brushChart(table, view, chart.columns, chart.params.axes)!;
        assert.ok(index !== null, chart.columns.join());
        for (let r = 0; r < 4; r++) {
          const range = randomRange(column);
          const conditions = range.map((c) => ({ column, field: 1, type: 'float', ...c }));
          const context = { type: 'and' as const, children: base === null ? conditions : [base, ...conditions] };
          const cols = chart.columns.map((c) => table.column(c));
          const scanned = distribution(cols, contextMask(table, context as never), chart.params);
          const indexed = brushDistribution(table, view, index, range, chart.params);
          assert.equal(
            indexed,
            scanned,
            `${column} ${JSON.stringify(range)} over ${chart.columns} (${JSON.stringify(base)})`,
          );
        }
      }
      const one = brushChart(table, view, ['s'], [exact])!;
      const range = randomRange(column);
      const context = { type: 'and' as const, children: range.map((c) => ({ column, field: 1, type: 'float', ...c })) };
      if (base === null)
        assert.equal(
          brushDistinct(table, view, one, range),
          distinctValues(table.column('s'), contextMask(table, context as never)),
        );
    }
  }
});

test('positions: an Int32 bound between two values, the bounds of a value held by many rows, excluding ranges', () => {
  const view = brushView(table, null, 'g')!; // 0..19, ~3,000 rows each
  const per = (v: number) => view.starts[v + 1] - view.starts[v];
  assert.equal(toPositions(view, [{ operator: 'lt', value: 2.5 }]), [0, view.starts[3]]);
  assert.equal(toPositions(view, [{ operator: 'gt', value: 2.5 }]), [view.starts[3], view.size]);
  assert.equal(toPositions(view, [{ operator: 'range', value: [4, 4] }]), [view.starts[4], view.starts[4] + per(4)]);
  assert.equal(
    toPositions(view, [
      { operator: 'gte', value: 7 },
      { operator: 'lt', value: 7 },
    ]),
    [view.starts[7], view.starts[7]],
  );
  assert.equal(
    toPositions(view, [
      { operator: 'gte', value: 9 },
      { operator: 'lte', value: 3 },
    ]),
    [view.starts[9], view.starts[9]],
  );
  assert.equal(toPositions(view, [{ operator: 'range', value: [-1e9, 1e9] }]), [0, N]);
});

test('not indexed: a 64-bit-free chart past 65,536 groups, a brushed column of strings', () => {
  assert.is(brushView(table, null, 's'), null);
  const wide = makeTableRef({ u: f64(Array.from({ length: 70_000 }, (_, i) => i / 7)) });
  const t2 = openTable(wide);
  const view = brushView(t2, null, 'u')!;
  assert.is(brushChart(t2, view, ['u'], [exact]), null);
});

test.run();
