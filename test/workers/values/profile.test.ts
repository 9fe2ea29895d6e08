// Tests: the pure compute module workers/values/profile.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../../src/common/random.ts';
import type { InternalType } from '../../../src/contract/model.ts';
import { distinctValues } from '../../../workers/values/distinct.ts';
import { isSorted, profileColumn } from '../../../workers/values/profile.ts';
import { columnStats } from '../../../workers/stats/stats.ts';
import { date, dict, f64, i64, makeColumns } from '../table.ts';

const t = makeColumns({
  x: f64([3.5, null, 1, 3.5, -2, 1e300, 0.1, null, 1]),
  n: f64([4, 4, 2, null, 9, 4, 2, 1, 0]),
  d: date([19000, null, 18000, 19000, 17000, 19000, 0, -1, 5]),
  b: i64([9007199254740993n, 1n, null, 1n, -5n, 2n, 3n, 3n, 3n]),
  w: f64([2 ** 53 - 1, 2 ** 53 - 1, null, 2, 2 ** 53 - 1, -1, 2 ** 53 - 1, 0, 2 ** 53 - 1]),
  s: dict(['b', 'a', null, 'b', 'c', 'a', 'a', 'b', 'b']),
});

const TYPES: Record<string, InternalType> = { x: 'float', n: 'integer', d: 'date', b: 'biginteger', w: 'float' };

// The profile's distinct values as plain lists (a number column's come as typed arrays).
const toLists = (p: ReturnType<typeof profileColumn>) => ({
  distinct: {
    values: Array.from(p.distinct.values),
    counts: Array.from(p.distinct.counts),
    nullCount: p.distinct.nullCount,
  },
  stats: p.stats,
});

test('a profile is exactly distinctValues and columnStats, from one sort', () => {
  for (const name of Object.keys(TYPES)) {
    const col = t.col(name);
    assert.equal(
      toLists(profileColumn(col, true)),
      { distinct: distinctValues(col, null), stats: columnStats(col, null) },
      name,
    );
  }
});

test('number and date columns give typed arrays (values as doubles, counts as narrow as they fit); 64-bit integers decimal text', () => {
  const d = profileColumn(t.col('d'), true).distinct;
  assert.ok(d.values instanceof Float64Array && d.counts instanceof Uint8Array, 'counts of at most 255: bytes');
  assert.equal(Array.from(d.values), [-1, 0, 5, 17000, 18000, 19000]);
  assert.equal(Array.from(d.counts), [1, 1, 1, 1, 1, 3]);
  assert.equal(profileColumn(t.col('b'), true).distinct.values, ['-5', '1', '2', '3', '9007199254740993']);
  assert.equal(profileColumn(t.col('s'), true).distinct.values, ['a', 'b', 'c']);
});

test('counts take the narrowest unsigned type that holds the longest run', () => {
  const runs = (lengths: number[]) =>
    profileColumn(makeColumns({ v: f64(lengths.flatMap((n, v) => Array<number>(n).fill(v))) }).col('v'), true).distinct;
  for (const [lengths, type] of [
    [[1, 255, 3], Uint8Array],
    [[256, 1], Uint16Array],
    [[2, 65_536], Uint32Array],
  ] as const) {
    const d = runs([...lengths]);
    assert.ok(d.counts instanceof type, `${lengths}: ${d.counts.constructor.name}`);
    assert.equal([Array.from(d.values), Array.from(d.counts)], [lengths.map((_, v) => v), [...lengths]]);
  }
});

test('a column already in order (a key column) profiles as a sorted copy would, and is left as it is', () => {
  const next = mulberry32(3);
  const sorted = [-1e300, -2.5, -0, 0, 0, 1, 1, 7.25, 1e9, ...Array.from({ length: 5000 }, (_, i) => 1e9 + i)];
  const cases: [string, number[], 'sorted' | 'copied'][] = [
    ['ascending, -0 before +0', sorted, 'sorted'],
    ['+0 before -0', [-1, 0, -0, 2], 'copied'],
    ['a NaN at the end', [1, 2, Number.NaN], 'copied'],
    [
      'shuffled',
      sorted
        .map((v) => [next(), v])
        .sort((p, q) => p[0] - q[0])
        .map((p) => p[1]),
      'copied',
    ],
  ];
  for (const [name, values, path] of cases) {
    assert.is(isSorted(Float64Array.from(values)), path === 'sorted', `${name}: ${path}`);
    const col = makeColumns({ v: f64(values) }).col('v');
    const before = Float64Array.from(col.values as Float64Array);
    assert.equal(
      toLists(profileColumn(col, true)),
      { distinct: distinctValues(col, null), stats: columnStats(col, null) },
      name,
    );
    assert.ok(
      (col.values as Float64Array).every((v, i) => Object.is(v, before[i])),
      `${name}: the column is unchanged`,
    );
  }
  const days = makeColumns({ d: date([-3, 0, 0, 18000, 19000]) }).col('d');
  assert.equal(toLists(profileColumn(days, true)), {
    distinct: { values: [-3, 0, 18000, 19000], counts: [1, 2, 1, 1], nullCount: 0 },
    stats: columnStats(days, null),
  });
});

test('the profile sums whole numbers exactly', () => {
  // 9007199254740993 + 1 + 1 − 5 + 2 + 3·3 = 9007199254741001
  assert.is(profileColumn(t.col('b'), true).stats!.sum, '9007199254741001');
  // 5 × (2^53 − 1) + 2 − 1 + 0 = 45035996273704956; mean over 8 = 5629499534213119.5 → …120 (even)
  const w = profileColumn(t.col('w'), true).stats!;
  assert.equal([w.sum, w.mean], ['45035996273704956', 5629499534213120]);
});

test('without stats, or for a string column, the profile has distinct values only', () => {
  const x = distinctValues(t.col('x'), null);
  assert.equal(profileColumn(t.col('x'), false), { distinct: x, stats: null });
  assert.equal(profileColumn(t.col('s'), true), { distinct: distinctValues(t.col('s'), null), stats: null });
});

test('a large decimal column with nulls and -0 profiles like a plain sort of its values', () => {
  const next = mulberry32(21);
  const rows = Array.from({ length: 12_000 }, () => {
    const r = next();
    return r < 0.05 ? null : r < 0.06 ? -0 : Math.round((next() - 0.3) * 5000) / 100;
  });
  const sorted = Float64Array.from(rows.filter((v) => v !== null)).sort();
  const values: number[] = [],
    counts: number[] = [];
  for (const v of sorted) {
    if (values.length && values[values.length - 1] === v) counts[counts.length - 1]++;
    else {
      values.push(v);
      counts.push(1);
    }
  }
  const { distinct, stats } = profileColumn(makeColumns({ v: f64(rows) }).col('v'), true);
  assert.equal(Array.from(distinct.values), values);
  assert.ok(Object.is(distinct.values[values.indexOf(0)], -0), '-0 sorts first and names its run');
  assert.equal([Array.from(distinct.counts), distinct.nullCount], [counts, rows.length - sorted.length]);
  const at = (q: number) => sorted[Math.floor((sorted.length - 1) * q)];
  assert.equal(
    [stats!.min, stats!.max, stats!.count, stats!.distinct],
    [sorted[0], at(1), sorted.length, values.length],
  );
});

test.run();
