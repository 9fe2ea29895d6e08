// Tests: the one-pass histogram (workers/dist/binned.ts) against grouping a derived column (workers/dist/axes.ts + group.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toBins } from '../../../src/common/bins.ts';
import type { AxisSpec } from '../../../src/contract/tasks.ts';
import { toAxisColumn } from '../../../workers/dist/axes.ts';
import { binnedGroups } from '../../../workers/dist/binned.ts';
import { groupCounts } from '../../../workers/group/group.ts';
import { date, datetime, f64, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

const rnd = mulberry32(21);
const n = 5_000;
const maybe = (v: number) => (rnd() < 0.05 ? null : v);
const { col } = makeColumns({
  x: f64(Array.from({ length: n }, () => maybe(Math.round(rnd() * 1e5) / 1e3 - 20))),
  t: datetime(Array.from({ length: n }, () => maybe(Date.UTC(2023, 0, 1) + Math.floor(rnd() * 3e11)))),
  d: date(Array.from({ length: n }, () => maybe(19_000 + Math.floor(rnd() * 1500)))),
});
const mask = Uint8Array.from({ length: n }, () => (rnd() < 0.6 ? 1 : 0));

/** [ordinal or null, count] per group. */
const rowsOf = (g: {
  size: number;
  counts: Float64Array;
  dims: { values: ArrayLike<number | string>; ranks: Int32Array }[];
}) =>
  Array.from({ length: g.size }, (_, i) => {
    const d = g.dims[0];
    return [d.ranks[i] === d.values.length ? null : d.values[d.ranks[i]], g.counts[i]];
  });

const cases: [string, AxisSpec][] = [
  ['x', { kind: 'bins', bins: toBins(-20, 80, 30, false) }],
  ['x', { kind: 'bins', bins: toBins(-20, 80, 7, false) }],
  ['t', { kind: 'interval', unit: 'week', type: 'datetime' }],
  ['t', { kind: 'interval', unit: 'hour', type: 'datetime' }],
  ['d', { kind: 'interval', unit: 'month', type: 'date' }],
];

test('counts as grouping the derived column does, masked or not, nulls kept or not', () => {
  for (const [name, axis] of cases) {
    for (const m of [null, mask]) {
      for (const nulls of [false, true]) {
        const fast = binnedGroups(col(name), axis, m, nulls);
        const slow = groupCounts([toAxisColumn(col(name), axis)], m, { nulls, maxGroups: 1e9 });
        assert.ok(fast !== null);
        assert.equal(rowsOf(fast!), rowsOf(slow), `${name} ${JSON.stringify(axis)} ${m !== null} ${nulls}`);
      }
    }
  }
});

test('a value buffer longer than the column (spare builder capacity) is read only up to the column length', () => {
  const d = col('d');
  const padded = new Int32Array(d.length + 3);
  padded.set(d.values as Int32Array);
  const view = { ...d, values: padded };
  const axis: AxisSpec = { kind: 'interval', unit: 'day', type: 'date' };
  const want = rowsOf(binnedGroups(d, axis, null, true)!);
  assert.equal(rowsOf(binnedGroups(view, axis, null, true)!), want);
  assert.equal(rowsOf(groupCounts([toAxisColumn(view, axis)], null, { nulls: true, maxGroups: 1e9 })), want);
});

test('a span of periods too wide for one array is left to ordinary grouping', () => {
  assert.is(binnedGroups(col('t'), { kind: 'interval', unit: 'minute', type: 'datetime' }, null, false), null);
});

test.run();
