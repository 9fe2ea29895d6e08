// Tests: the pure compute module workers/group/group.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { groupCounts, type Groups } from '../../../workers/group/group.ts';
import { bool, date, dict, f64, i64, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

// Row:            0     1      2     3     4     5      6
const { col } = makeColumns({
  s: dict(['a', 'b', 'a', null, 'b', 'a', 'c']),
  b: bool([true, false, true, true, null, false, true]),
  n: f64([1, 2, 1, 3, 2, null, 1]),
  d: date([5, 5, 5, 5, 5, 5, 6]),
  big: i64([7n, 7n, 7n, 9007199254740993n, 7n, 7n, 7n]),
});

/** Groups as [values…, count] rows, nulls as null. */
function toRows(g: Groups): (number | string | null)[][] {
  return Array.from({ length: g.size }, (_, i) => [
    ...g.dims.map((d) => (d.ranks[i] === d.values.length ? null : d.values[d.ranks[i]])),
    g.counts[i],
  ]);
}
const group = (names: string[], nulls: boolean, mask: Uint8Array | null = null, maxGroups = 1000) =>
  groupCounts(names.map(col), mask, { nulls, maxGroups });

test('one dimension: counts per value ascending, nulls dropped', () => {
  assert.equal(toRows(group(['s'], false)), [
    ['a', 3],
    ['b', 2],
    ['c', 1],
  ]);
});

test('one dimension with nulls kept: the null group comes last', () => {
  assert.equal(toRows(group(['s'], true)), [
    ['a', 3],
    ['b', 2],
    ['c', 1],
    [null, 1],
  ]);
  assert.equal(toRows(group(['n'], true)), [
    [1, 3],
    [2, 2],
    [3, 1],
    [null, 1],
  ]);
});

test('two dimensions: ordered by the first, then the second; a null in either drops the record', () => {
  assert.equal(toRows(group(['s', 'b'], false)), [
    ['a', 0, 1],
    ['a', 1, 2],
    ['b', 0, 1],
    ['c', 1, 1],
  ]);
});

test('two dimensions with nulls kept: nulls last within each dimension', () => {
  assert.equal(toRows(group(['s', 'b'], true)), [
    ['a', 0, 1],
    ['a', 1, 2],
    ['b', 0, 1],
    ['b', null, 1],
    ['c', 1, 1],
    [null, 1, 1],
  ]);
});

test('three and four dimensions', () => {
  assert.equal(toRows(group(['s', 'b', 'n'], true)), [
    ['a', 0, null, 1],
    ['a', 1, 1, 2],
    ['b', 0, 2, 1],
    ['b', null, 2, 1],
    ['c', 1, 1, 1],
    [null, 1, 3, 1],
  ]);
  assert.equal(toRows(group(['d', 's', 'b', 'n'], false)), [
    [5, 'a', 1, 1, 2],
    [5, 'b', 0, 2, 1],
    [6, 'c', 1, 1, 1],
  ]);
});

test('64-bit values are exact text; numbers for clustering sit beside them', () => {
  const g = group(['big'], false);
  assert.equal(toRows(g), [
    ['7', 6],
    ['9007199254740993', 1],
  ]);
  assert.equal(Array.from(g.dims[0].numbers!), [7, 9007199254740992]);
  assert.is(group(['s'], false).dims[0].numbers, null);
});

test('counts only masked records', () => {
  assert.equal(toRows(group(['s', 'b'], true, Uint8Array.from([0, 1, 1, 1, 0, 0, 0]))), [
    ['a', 1, 1],
    ['b', 0, 1],
    [null, 1, 1],
  ]);
});

test('stops with tooMany when the groups exceed the maximum', () => {
  assert.ok(group(['s'], false, null, 2).tooMany);
  assert.not.ok(group(['s'], false, null, 3).tooMany);
  assert.ok(group(['s', 'b'], true, null, 5).tooMany);
});

test('no records, no groups', () => {
  const g = group(['s', 'n'], true, new Uint8Array(7));
  assert.equal([g.size, g.tooMany], [0, false]);
});

/** Independent oracle: JSON keys in a Map, sorted by values with nulls last. */
function naive(columns: (number | null)[][], nulls: boolean): (number | null)[][] {
  const counts = new Map<string, number>();
  for (let i = 0; i < columns[0].length; i++) {
    const key = columns.map((c) => c[i]);
    if (!nulls && key.includes(null)) continue;
    const k = JSON.stringify(key);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const cmp = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b);
  return [...counts]
    .map(([k, c]) => [...JSON.parse(k), c])
    .sort((x, y) => {
      for (let d = 0; d < x.length; d++) {
        const r = cmp(x[d], y[d]);
        if (r) return r;
      }
      return 0;
    });
}

function randomColumns(rows: number, dims: number, distinct: number, seed: number): (number | null)[][] {
  const r = mulberry32(seed);
  return Array.from({ length: dims }, () =>
    Array.from({ length: rows }, () => (r() < 0.05 ? null : Math.floor(r() * distinct) / 4)),
  );
}

test('wide key ranges (counted in a Map) agree with an independent oracle', () => {
  const data = randomColumns(300, 2, 200, 7);
  const { col: c } = makeColumns({ x: f64(data[0]), y: f64(data[1]) });
  for (const nulls of [false, true]) {
    assert.equal(toRows(groupCounts([c('x'), c('y')], null, { nulls, maxGroups: 1e6 })), naive(data, nulls));
  }
});

test('integer columns, in short and long ranges, with nulls, agree with the oracle', () => {
  const r = mulberry32(13);
  const short = Array.from({ length: 2000 }, () => (r() < 0.1 ? null : Math.floor(r() * 40) - 20)); // offsets
  const long = Array.from({ length: 20_000 }, () => (r() < 0.1 ? null : 5 + Math.floor(r() * 70_000))); // a table
  const { col: c } = makeColumns({ s: f64(short), d: date(short) });
  const { col: l } = makeColumns({ x: f64(long) });
  for (const nulls of [false, true]) {
    assert.equal(toRows(groupCounts([c('s'), c('d')], null, { nulls, maxGroups: 1e6 })), naive([short, short], nulls));
    assert.equal(toRows(groupCounts([l('x')], null, { nulls, maxGroups: 1e6 })), naive([long], nulls));
  }
});

test('keys too wide for one number (re-ranked between dimensions) agree with the oracle', () => {
  const data = randomColumns(12_000, 4, 1e9, 11); // ~12k distinct values per dimension: 12k^4 > 2^53
  const { col: c } = makeColumns({ a: f64(data[0]), b: f64(data[1]), c: f64(data[2]), d: f64(data[3]) });
  const got = toRows(groupCounts(['a', 'b', 'c', 'd'].map(c), null, { nulls: true, maxGroups: 1e6 }));
  assert.equal(got, naive(data, true));
});

test('without a limit, wide keys are sorted and unpacked, one number column is sorted: as the oracle counts', () => {
  const data = randomColumns(80_000, 2, 1e9, 17); // 2 × ~80k distinct values: keys past the direct array
  const { col: c } = makeColumns({ x: f64(data[0]), y: f64(data[1]) });
  const unbounded = { maxGroups: Number.POSITIVE_INFINITY };
  for (const nulls of [false, true]) {
    assert.equal(toRows(groupCounts([c('x'), c('y')], null, { nulls, ...unbounded })), naive(data, nulls));
    assert.equal(toRows(groupCounts([c('x')], null, { nulls, ...unbounded })), naive([data[0]], nulls));
  }
});

test.run();
