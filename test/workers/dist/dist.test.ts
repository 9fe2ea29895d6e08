// Tests: the pure compute module workers/dist/dist.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DistParams } from '../../../src/contract/tasks.ts';
import { distribution } from '../../../workers/dist/dist.ts';
import { bool, dict, f64, i64, makeColumns } from '../table.ts';

const params = (p: Partial<DistParams> = {}): DistParams => ({
  nulls: false,
  sort: 'fields',
  cluster: true,
  n: null,
  numeric: false,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  axes: [],
  ...p,
});
const points = (ps: { count: number; values: unknown[] }[]) => ps.map((p) => [...p.values, p.count]);

const labels = makeColumns({
  s: dict(['b', 'a', 'c', 'a', 'b', 'd', 'd', 'd', null]),
  b: bool([true, false, true, true, null, false, true, true, true]),
});

test('groups sorted by value, without outliers or clusters for non-numbers', () => {
  const r = distribution([labels.col('s')], null, params());
  assert.equal(points(r.data), [
    ['a', 2],
    ['b', 2],
    ['c', 1],
    ['d', 3],
  ]);
  assert.equal([r.size, r.clustered, r.outliers, r.tooMany, r.badN], [4, false, [], false, null]);
});

test('sort = count: descending count, ties by value', () => {
  assert.equal(points(distribution([labels.col('s')], null, params({ sort: 'count' })).data), [
    ['d', 3],
    ['a', 2],
    ['b', 2],
    ['c', 1],
  ]);
});

test('nulls = true keeps null groups, last in value order', () => {
  const r = distribution([labels.col('b'), labels.col('s')], null, params({ nulls: true }));
  assert.equal(points(r.data), [
    [0, 'a', 1],
    [0, 'd', 1],
    [1, 'a', 1],
    [1, 'b', 1],
    [1, 'c', 1],
    [1, 'd', 2],
    [1, null, 1],
    [null, 'b', 1],
  ]);
  assert.is(r.size, 8);
});

test('no matching record: the empty distribution', () => {
  assert.equal(distribution([labels.col('s')], new Uint8Array(9), params()), {
    size: 0,
    clustered: false,
    data: [],
    outliers: [],
    tooMany: false,
    badN: null,
  });
});

test('too many groups is reported, not computed further', () => {
  const r = distribution([labels.col('s')], null, params({ maxGroups: 3 }));
  assert.equal([r.tooMany, r.data], [true, []]);
});

const line = makeColumns({
  x: f64([...Array.from({ length: 20 }, (_, i) => i + 1), 1000, null, null]),
  big: i64([...Array.from({ length: 20 }, (_, i) => BigInt(i + 1)), 1000n, null, null]),
});

test('numbers: the outlier moves out of data with its count; size counts it', () => {
  const r = distribution([line.col('x')], null, params({ numeric: true }));
  assert.equal(points(r.outliers), [[1000, 1]]);
  assert.equal(r.data.length, 20);
  assert.equal([r.size, r.clustered], [21, false]);
});

test('points with a null value take no part and stay in data', () => {
  const r = distribution([line.col('x')], null, params({ numeric: true, nulls: true }));
  assert.equal(points(r.outliers), [[1000, 1]]);
  assert.equal(points(r.data).at(-1), [null, 2]);
  assert.is(r.size, 22);
});

test('64-bit groups keep exact text values while outliers use their numbers', () => {
  const r = distribution([line.col('big')], null, params({ numeric: true }));
  assert.equal(points(r.outliers), [['1000', 1]]);
  assert.equal(r.data[0].values, ['1']);
});

const grid = makeColumns({
  x: f64([...Array.from({ length: 600 }, (_, v) => v % 30), 3, null]),
  y: f64([...Array.from({ length: 600 }, (_, v) => Math.floor(v / 30)), null, 5]),
});
const round = (ps: { count: number; values: unknown[] }[]) =>
  points(ps).map((p) => p.map((v) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v)));

test('600 numeric points cluster: data holds the centroids, sorted by values', () => {
  const r = distribution([grid.col('x'), grid.col('y')], null, params({ numeric: true, n: 4 }));
  assert.equal([r.size, r.clustered, r.outliers], [600, true, []]);
  assert.equal(
    round(r.data).map((p) => p.slice(0, 2)),
    [
      [7, 4.5],
      [7, 14.5],
      [22, 4.5],
      [22, 14.5],
    ],
  );
  // 150 members of count 1: Σ (1 − d/S) is exactly 149 in real arithmetic, and the floor of the
  // floating-point sum may land one lower, as in the original's own reference (98 for 100 points).
  // Here the groups arrive sorted by (x, y), not in the reference order, and land on 148.
  for (const p of r.data) assert.ok(p.count === 148 || p.count === 149, String(p.count));
});

test('clustered with nulls kept: the points with a null sort among the centroids, nulls last', () => {
  const r = distribution([grid.col('x'), grid.col('y')], null, params({ numeric: true, n: 4, nulls: true }));
  assert.equal(r.size, 602);
  const rows = round(r.data);
  assert.equal(
    [rows[0], rows[5]],
    [
      [3, null, 1],
      [null, 5, 1],
    ],
  );
  assert.equal(
    rows.slice(1, 5).map((p) => p.slice(0, 2)),
    [
      [7, 4.5],
      [7, 14.5],
      [22, 4.5],
      [22, 14.5],
    ],
  );
});

test('sort changes the order of the clusters, never the clusters', () => {
  const byFields = distribution([grid.col('x'), grid.col('y')], null, params({ numeric: true, n: 4 }));
  const byCount = distribution([grid.col('x'), grid.col('y')], null, params({ numeric: true, n: 4, sort: 'count' }));
  const key = (p: { count: number; values: unknown[] }) => JSON.stringify([p.values, p.count]);
  assert.equal(byCount.data.map(key).sort(), byFields.data.map(key).sort());
  assert.ok(byCount.data.every((p, i) => i === 0 || byCount.data[i - 1].count >= p.count));
});

test('cluster = false leaves the raw groups', () => {
  const r = distribution([grid.col('x'), grid.col('y')], null, params({ numeric: true, cluster: false }));
  assert.equal([r.clustered, r.data.length, r.data[0].values, r.data[1].values], [false, 600, [0, 0], [0, 1]]);
});

test('n beyond the points is reported', () => {
  assert.equal(distribution([grid.col('x'), grid.col('y')], null, params({ numeric: true, n: 601 })).badN, {
    n: 601,
    points: 600,
  });
});

test.run();

test('clustered with nulls: centroids and null points form one list in the requested order', () => {
  const xs: (number | null)[] = [],
    ys: (number | null)[] = [];
  for (let i = 0; i < 600; i++) {
    xs.push(i);
    ys.push(i % 7);
  }
  for (let i = 0; i < 200; i++) {
    xs.push(null);
    ys.push(3);
  }
  const t = makeColumns({ x: f64(xs), y: f64(ys) });
  const cols = [t.col('x'), t.col('y')];
  const byCount = distribution(cols, null, params({ numeric: true, nulls: true, sort: 'count' }));
  assert.ok(byCount.clustered);
  assert.equal(byCount.data[0], { count: 200, values: [null, 3] });
  const counts = byCount.data.map((p) => p.count);
  assert.equal(
    counts,
    [...counts].sort((a, b) => b - a),
  );
  const byFields = distribution(cols, null, params({ numeric: true, nulls: true }));
  assert.equal(byFields.data.at(-1), { count: 200, values: [null, 3] });
  const firsts = byFields.data.slice(0, -1).map((p) => p.values[0] as number);
  assert.equal(
    firsts,
    [...firsts].sort((a, b) => a - b),
  );
  assert.is(byFields.data.length, byCount.data.length);
});
