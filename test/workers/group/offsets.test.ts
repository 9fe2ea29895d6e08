// Tests: one integer column grouped straight from its values (workers/group/offsets.ts), against counts kept in a Map.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { groupCounts, type Groups } from '../../../workers/group/group.ts';
import { integerSpan, offsetGroups } from '../../../workers/group/offsets.ts';
import { date, f64, i32, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

/** Groups as [value, count] rows, the null group's value null. */
const toRows = (g: Groups) =>
  Array.from({ length: g.size }, (_, i) => {
    const d = g.dims[0];
    return [d.ranks[i] === d.values.length ? null : d.values[d.ranks[i]], g.counts[i]];
  });

/** The oracle: counts per value of the masked rows in a Map, ascending, the nulls last when kept. */
function oracle(values: (number | null)[], mask: Uint8Array | null, nulls: boolean): (number | null)[][] {
  const counts = new Map<number | null, number>();
  values.forEach((v, i) => {
    if ((mask && !mask[i]) || (v === null && !nulls)) return;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  });
  const keys = [...counts.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  return keys.map((k) => [k, counts.get(k)!]);
}

test('counts an integer column with nulls under a random mask as a Map does, nulls kept or dropped', () => {
  const random = mulberry32(7);
  const values = Array.from({ length: 5000 }, () => (random() < 0.1 ? null : 100 + Math.floor(random() * 40)));
  const mask = Uint8Array.from(values, () => (random() < 0.5 ? 1 : 0));
  const { col } = makeColumns({ n: f64(values), d: date(values) });
  for (const name of ['n', 'd'])
    for (const nulls of [false, true])
      for (const m of [null, mask]) {
        const g = groupCounts([col(name)], m, { nulls, maxGroups: 1000 });
        assert.equal(toRows(g), oracle(values, m, nulls), `${name} nulls=${nulls} mask=${m !== null}`);
      }
});

test('a sparse mask, one that turns dense part way, and a mask at an unaligned offset count as a Map does', () => {
  const random = mulberry32(11);
  const rows = 40_003; // past the sparse slack (1,024 words), and not a multiple of 4
  const values = Array.from({ length: rows }, () => (random() < 0.05 ? null : Math.floor(random() * 300) - 150));
  const noNulls = values.map((v) => v ?? 7);
  const { col } = makeColumns({ n: i32(values), full: i32(noNulls), f: f64(values) });
  const masks = [
    Uint8Array.from(values, () => (random() < 0.01 ? 1 : 0)), // sparse throughout
    Uint8Array.from(values, (_, i) => (random() < (i < 20_000 ? 0.002 : 0.6) ? 1 : 0)), // dense from the middle
    Uint8Array.from(values, (_, i) => (i >= rows - 3 ? 1 : 0)), // only the rows past the last whole word
    new Uint8Array(rows + 1).subarray(1).map(() => (random() < 0.02 ? 1 : 0)), // byteOffset 1: not word-aligned
  ];
  for (const [name, data] of [
    ['n', values],
    ['full', noNulls],
    ['f', values],
  ] as const)
    for (const mask of masks)
      for (const nulls of [false, true]) {
        const g = offsetGroups(col(name), mask, { nulls, maxGroups: 1000 })!;
        assert.equal(toRows(g as Groups), oracle(data, mask, nulls), `${name} nulls=${nulls}`);
      }
});

test('the span is the whole column once, even where the mask keeps a narrower one; fractions or a wide span are not its job', () => {
  const { col } = makeColumns({
    n: f64([5, null, 9, -2]),
    x: f64([1, 2.5, 3, 4]),
    w: f64([0, 100_000, 1, 2]),
  });
  assert.equal(integerSpan(col('n')), { min: -2, max: 9 });
  assert.is(integerSpan(col('n')), integerSpan(col('n')));
  assert.is(integerSpan(col('x')), null);
  assert.is(integerSpan(makeColumns({ inf: f64([Infinity, Infinity]) }).col('inf')), null); // no span to count in slots
  const opts = { nulls: false, maxGroups: 10 };
  assert.equal(toRows(groupCounts([col('n')], Uint8Array.of(1, 1, 1, 0), opts)), [
    [5, 1],
    [9, 1],
  ]);
  assert.is(offsetGroups(col('x'), null, opts), null);
  assert.is(offsetGroups(col('w'), null, opts), null);
});

test('more present values than maxGroups is tooMany', () => {
  const { col } = makeColumns({ n: f64([1, 2, 3, 3, null]) });
  assert.ok(groupCounts([col('n')], null, { nulls: false, maxGroups: 2 }).tooMany);
  assert.is(groupCounts([col('n')], null, { nulls: false, maxGroups: 3 }).size, 3);
  assert.ok(groupCounts([col('n')], null, { nulls: true, maxGroups: 3 }).tooMany);
});

test.run();
