// Tests: the clustered analysis straight over groups (workers/cluster/grid-groups.ts) against the point path it replaces (workers/cluster/cluster.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DistParams } from '../../../src/contract/tasks.ts';
import { type AnalysisOptions, analysePoints } from '../../../workers/cluster/cluster.ts';
import { distribution } from '../../../workers/dist/dist.ts';
import { analyseGroups } from '../../../workers/cluster/grid-groups.ts';
import type { GroupDim } from '../../../workers/group/group.ts';
import { oracleDistribution } from './grid-oracle.ts';
import { f64, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

/**
 * Seeded groups of `dims` number dimensions in value order, as workers/group/group.ts hands them over: per
 * dimension its distinct values and each group's rank into them. `spread` per dimension: 0 makes every
 * value the same (a zero deviation), a negative one centres the values below 0. A few far points (every
 * `far`-th group) make outliers.
 */
function seededGroups(size: number, spread: number[], seed: number, far = 0) {
  const rnd = mulberry32(seed);
  const tuples = Array.from({ length: size }, (_, g) =>
    spread.map((s) => {
      const v = Math.round((rnd() - (s < 0 ? 0.5 : 0)) * Math.abs(s) * 1000) / 1000;
      return far > 0 && g % far === 0 ? v * 40 : v;
    }),
  );
  tuples.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] ?? 0) - (b[2] ?? 0));
  const dims: GroupDim[] = spread.map((_, d) => {
    const values = Float64Array.from(new Set(tuples.map((t) => t[d]))).sort();
    const index = new Map(Array.from(values, (v, i) => [v, i]));
    return { values, numbers: values, ranks: Int32Array.from(tuples, (t) => index.get(t[d]) as number) };
  });
  const counts = Float64Array.from(tuples, () => 1 + Math.floor(rnd() * 9));
  const points = Float64Array.from(tuples.flat());
  return { dims, counts, points };
}

/** analyseGroups is analysePoints over the same groups, to the bit (clusters, counts, outliers, cells, badN). */
function expectSame(size: number, spread: number[], seed: number, opts: Partial<AnalysisOptions>, far = 0) {
  const { dims, counts, points } = seededGroups(size, spread, seed, far);
  const o: AnalysisOptions = { cluster: true, n: null, maxPoints: 500, ...opts };
  const got = analyseGroups(dims, counts, size, o);
  const want = analysePoints(points, counts, spread.length, o);
  assert.ok(got !== null, 'more groups than maxPoints remain: the streamed path answers');
  assert.equal(got, want);
  return got;
}

test('2-D groups: the same grid, outliers and centroids as the point path, to the bit', () => {
  const got = expectSame(6_000, [1000, 100], 1, {});
  assert.ok(got.cells !== null && got.cells <= 484 && got.clusters !== null);
});

test('negative values, outliers, 1-D, 3-D and 4-D', () => {
  const got = expectSame(5_000, [-50, 8], 2, {}, 97);
  assert.ok(got.outliers.length > 0);
  expectSame(3_000, [-7], 3, { maxPoints: 100 }, 53);
  expectSame(4_000, [10, -10, 3], 4, { maxPoints: 300 });
  expectSame(4_000, [10, 5, -2, 1], 5, { maxPoints: 200 }, 41);
});

test('a dimension of a single value (zero deviation) keeps its constant', () => {
  const got = expectSame(2_000, [100, 0], 6, { maxPoints: 300 });
  assert.ok(got.clusters?.values.every((v, i) => i % 2 === 0 || v === 0));
});

test('n: a good one is used, a bad one is reported against the cells', () => {
  const good = expectSame(3_000, [100, 100], 7, { maxPoints: 400, n: 3 });
  assert.is(good.clusters?.k, 3);
  const bad = expectSame(3_000, [100, 100], 7, { maxPoints: 400, n: 100_000 });
  assert.equal([bad.clusters, bad.badN?.n], [null, 100_000]);
});

test('too few groups left after the outliers: null, so the point path answers', () => {
  const { dims, counts, points } = seededGroups(600, [100, 100], 8, 97);
  const outliers = analysePoints(points, counts, 2, { cluster: false, n: null, maxPoints: 599 }).outliers.length;
  assert.ok(outliers > 1);
  assert.is(analyseGroups(dims, counts, 600, { cluster: true, n: null, maxPoints: 600 - outliers }), null);
  assert.ok(analyseGroups(dims, counts, 600, { cluster: true, n: null, maxPoints: 599 - outliers }) !== null);
});

test('an infinite value: null, left to the point path', () => {
  const values = Float64Array.of(1, 2, Number.POSITIVE_INFINITY);
  const dims: GroupDim[] = [{ values, numbers: values, ranks: Int32Array.of(0, 1, 2) }];
  assert.is(analyseGroups(dims, Float64Array.of(1, 1, 1), 3, { cluster: true, n: null, maxPoints: 1 }), null);
});

const params = (p: Partial<DistParams>): DistParams => ({
  nulls: false,
  sort: 'fields',
  cluster: true,
  n: null,
  numeric: true,
  maxGroups: 50_000,
  maxClusterPoints: 300,
  axes: [],
  ...p,
});

test('distributions with nulls, a mask and an empty context match the plain oracle', () => {
  const rnd = mulberry32(9);
  const rows = Array.from({ length: 3_000 }, () => [
    Math.round((rnd() - 0.5) * 2e4) / 100,
    rnd() < 0.05 ? null : Math.floor(rnd() * 500) - 250,
  ]);
  const { col } = makeColumns({ a: f64(rows.map((r) => r[0])), b: f64(rows.map((r) => r[1])) });
  const cols = [col('a'), col('b')];
  for (const nulls of [false, true]) {
    const got = distribution(cols, null, params({ nulls }));
    const want = oracleDistribution(rows, 300, nulls);
    assert.equal(
      [got.size, got.cells, got.outliers, got.data],
      [want.size, want.cells ?? undefined, want.outliers, want.data],
    );
  }
  const mask = Uint8Array.from(rows, () => (rnd() < 0.3 ? 1 : 0));
  const masked = distribution(cols, mask, params({}));
  const want = oracleDistribution(
    rows.filter((_, i) => mask[i]),
    300,
  );
  assert.equal([masked.size, masked.cells, masked.data], [want.size, want.cells ?? undefined, want.data]);
  const empty = distribution(cols, new Uint8Array(rows.length), params({}));
  assert.equal([empty.size, empty.clustered, empty.data, empty.outliers], [0, false, [], []]);
});

test.run();
