// Tests: the pure compute module workers/cluster/cluster.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analysePoints } from '../../../workers/cluster/cluster.ts';
import { intPoints, OUTLIER_POSITIONS, toRows } from '../vectors.ts';

const ones = (n: number) => new Float64Array(n).fill(1);
const rounded = (v: Float64Array) => Array.from(v, (x) => Math.round(x * 1e9) / 1e9);

test('605 points, k = 3: the 100s are outliers, then centroids 1, 2, 3 weighing 299, 199, 98 (reference vector)', () => {
  const a = analysePoints(toRows(intPoints().map((v) => [v])), ones(605), 1, {
    cluster: true,
    n: 3,
    maxPoints: 50_000,
  });
  assert.equal(a.outliers, OUTLIER_POSITIONS);
  assert.equal(rounded(a.clusters!.values), [1, 2, 3]);
  assert.equal(a.clusters!.counts, [299, 199, 98]);
});

test('the same in three dimensions', () => {
  const a = analysePoints(toRows(intPoints().map((v) => [v, v, v])), ones(605), 3, {
    cluster: true,
    n: 3,
    maxPoints: 50_000,
  });
  assert.equal(a.outliers, OUTLIER_POSITIONS);
  assert.equal(rounded(a.clusters!.values), [1, 1, 1, 2, 2, 2, 3, 3, 3]);
  assert.equal(a.clusters!.counts, [299, 199, 98]);
});

test('the 2-D grid with n = 4: four centroids of weight 149 (reference vector)', () => {
  const grid = Array.from({ length: 600 }, (_, v) => [v % 30, Math.floor(v / 30)]);
  const a = analysePoints(toRows(grid), ones(600), 2, { cluster: true, n: 4, maxPoints: 50_000 });
  assert.equal(a.outliers, []);
  assert.equal(rounded(a.clusters!.values), [7, 4.5, 22, 4.5, 7, 14.5, 22, 14.5]);
  assert.equal(a.clusters!.counts, [149, 149, 149, 149]);
});

test('499 points are not clustered, 500 are, with k = ⌊√250⌋', () => {
  const line = (n: number) => toRows(Array.from({ length: n }, (_, i) => [i]));
  const few = analysePoints(line(499), ones(499), 1, { cluster: true, n: null, maxPoints: 50_000 });
  assert.equal([few.outliers, few.clusters], [[], null]);
  const enough = analysePoints(line(500), ones(500), 1, { cluster: true, n: null, maxPoints: 50_000 });
  assert.is(enough.clusters!.k, 15);
});

test('the 500 are counted after outliers leave', () => {
  const pts = [...Array.from({ length: 499 }, (_, i) => [i]), [1e6]];
  const a = analysePoints(toRows(pts), ones(500), 1, { cluster: true, n: null, maxPoints: 50_000 });
  assert.equal([a.outliers, a.clusters], [[499], null]);
});

test('cluster = false still finds outliers', () => {
  const a = analysePoints(toRows(intPoints().map((v) => [v])), ones(605), 1, {
    cluster: false,
    n: null,
    maxPoints: 50_000,
  });
  assert.equal([a.outliers, a.clusters], [OUTLIER_POSITIONS, null]);
});

test('n beyond the remaining points is reported, not clustered', () => {
  const line = toRows(Array.from({ length: 600 }, (_, i) => [i]));
  assert.equal(analysePoints(line, ones(600), 1, { cluster: true, n: 601, maxPoints: 50_000 }).badN, {
    n: 601,
    points: 600,
  });
  assert.equal(analysePoints(line, ones(600), 1, { cluster: true, n: 0, maxPoints: 50_000 }).badN, {
    n: 0,
    points: 600,
  });
  const all = analysePoints(line, ones(600), 1, { cluster: true, n: 600, maxPoints: 50_000 });
  assert.equal([all.badN, all.clusters!.k], [null, 600]);
});

test('n is not checked when there is nothing to cluster', () => {
  const a = analysePoints(toRows([[1], [2]]), ones(2), 1, { cluster: true, n: 99, maxPoints: 50_000 });
  assert.equal([a.badN, a.clusters], [null, null]);
});

test.run();
