// Tests: the distinct values of a number column up to a limit (workers/group/few.ts), and the early refusal it gives a distribution.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ColumnView } from '../../../workers/table/columns.ts';
import { distinctUpTo } from '../../../workers/group/few.ts';
import { groupCounts, type Groups } from '../../../workers/group/group.ts';
import { date, f64, i64, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

const all = (n: number) => Int32Array.from({ length: n }, (_, i) => i);
const sortedSet = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

test('stops at the first distinct value over the limit: 1,001 of 200,000 rows read for a limit of 1,000', () => {
  const rows = 200_000;
  const { col } = makeColumns({ x: f64(Array.from({ length: rows }, (_, i) => i / 7)) });
  const few = distinctUpTo(col('x'), all(rows), 1000);
  assert.is(few.sorted, null);
  assert.is(few.visited, 1001);
});

test('within the limit: the sorted distinct values, nulls skipped, 0 and -0 one value', () => {
  const { col } = makeColumns({
    x: f64([2.5, null, -0, 0, 2.5, -1, null, 1e300]),
    d: date([19000, 18000, 19000, null, 18000, 5, 5, 5]),
    b: i64([9007199254740993n, 1n, null, 1n, -3n, 1n, 1n, 1n]),
  });
  const x = distinctUpTo(col('x'), all(8), 4);
  assert.equal(Array.from(x.sorted as Float64Array), [-1, 0, 2.5, 1e300]);
  assert.is(x.visited, 8);
  assert.equal(Array.from(distinctUpTo(col('d'), all(8), 3).sorted as Int32Array), [5, 18000, 19000]);
  assert.is(distinctUpTo(col('d'), all(8), 2).sorted, null);
  assert.equal(Array.from(distinctUpTo(col('b'), all(8), 3).sorted as BigInt64Array), [-3n, 1n, 9007199254740993n]);
  assert.is(distinctUpTo(col('x'), all(8), 3).sorted, null);
  // Only the rows asked for count.
  assert.equal(Array.from(distinctUpTo(col('x'), Int32Array.of(0, 4), 1).sorted as Float64Array), [2.5]);
});

test('agrees with a Set over random values with repeats, at the limit and one below it', () => {
  const random = mulberry32(19);
  for (const k of [1, 7, 300, 5000]) {
    const pool = Array.from({ length: k }, () => Math.round((random() - 0.5) * 1e6) / 100);
    const values = Array.from({ length: 20_000 }, (_, i) => pool[i < k ? i : Math.floor(random() * k)]);
    const { col } = makeColumns({ x: f64(values) });
    const expected = sortedSet(values);
    assert.equal(
      Array.from(distinctUpTo(col('x'), all(values.length), expected.length).sorted as Float64Array),
      expected,
    );
    assert.is(distinctUpTo(col('x'), all(values.length), expected.length - 1).sorted, null);
  }
});

/** Groups as [values…, count] rows. */
const toRows = (g: Groups) =>
  Array.from({ length: g.size }, (_, i) => [...g.dims.map((d) => d.values[d.ranks[i]]), g.counts[i]]);

/** The column with its values behind a proxy that counts the values read. */
function counted(col: ColumnView): { col: ColumnView; reads: () => number } {
  let reads = 0;
  const values = new Proxy(col.values, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { col: { ...col, values }, reads: () => reads };
}

test('a distribution over a float with more distinct values than maxGroups is refused after reading few of them', () => {
  const rows = 200_000;
  const { col } = makeColumns({
    x: f64(Array.from({ length: rows }, (_, i) => i + 0.5)),
    code: f64(Array.from({ length: rows }, (_, i) => i % 10)),
  });
  const x = counted(col('x'));
  assert.ok(groupCounts([x.col, col('code')], null, { nulls: false, maxGroups: 50_000 }).tooMany);
  // The first block of 16,384 values to find a fraction (offsets.ts), then the 50,001 distinct values of few.ts.
  assert.is(x.reads(), 16_384 + 50_001);
  // Without a limit on its distinct values, every value is read (the sort-based ranking), more than once.
  const all = counted(col('x'));
  assert.ok(groupCounts([all.col, col('code')], null, { nulls: false, maxGroups: 2 ** 23 }).tooMany === false);
  assert.ok(all.reads() >= 2 * rows);
});

test('an integer column with more present values than maxGroups is refused once its table is built, before any key', () => {
  const rows = 100_000;
  const { col } = makeColumns({
    code: f64(Array.from({ length: rows }, (_, i) => 2 * i)), // 100,000 values over a range of 199,999
    g: f64(Array.from({ length: rows }, (_, i) => i % 3)),
  });
  const code = counted(col('code'));
  assert.ok(groupCounts([col('g'), code.col], null, { nulls: false, maxGroups: 50_000 }).tooMany);
  assert.is(code.reads(), 3 * rows); // the column's span, the kept rows' range, then the table of present values
});

test('two dimensions with few values each but too many pairs stop at the first block of 65,536 rows over the limit', () => {
  const rows = 300_000;
  const { col } = makeColumns({
    a: f64(Array.from({ length: rows }, (_, i) => i % 1000)),
    // 300 values over a span too wide to count in slots (direct.ts): the pairs are folded and counted.
    b: f64(Array.from({ length: rows }, (_, i) => Math.floor(i / 1000) * 1000)),
  });
  const a = counted(col('a'));
  assert.ok(groupCounts([a.col, col('b')], null, { nulls: false, maxGroups: 1000 }).tooMany);
  // Every value once to find the range of integers, then the first block folded (each row its own pair).
  assert.is(a.reads(), rows + 65_536);
});

test('within the limit, the groups are those of the sort-based ranking', () => {
  const rows = 100_000;
  const { col } = makeColumns({
    x: f64(Array.from({ length: rows }, (_, i) => (i % 30_000) + 0.25)),
    code: f64(Array.from({ length: rows }, (_, i) => i % 10)),
  });
  const few = groupCounts([col('code'), col('x')], null, { nulls: false, maxGroups: 100_000 });
  const sorted = groupCounts([col('code'), col('x')], null, { nulls: false, maxGroups: 2 ** 23 });
  assert.is(few.size, 30_000); // i % 30,000 fixes i % 10
  assert.equal(toRows(few), toRows(sorted));
});

test.run();
