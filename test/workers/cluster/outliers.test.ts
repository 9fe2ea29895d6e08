// Tests: the pure compute module workers/cluster/outliers.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findOutliers, normalise } from '../../../workers/cluster/outliers.ts';
import { intPoints, OUTLIER_POSITIONS, toRows } from '../vectors.ts';

const outliersOf = (points: number[][]) =>
  findOutliers(normalise(toRows(points), points[0].length).values, points[0].length);

test('normalises each dimension by its population standard deviation', () => {
  const n = normalise(
    toRows([
      [1, 10],
      [2, 10],
      [3, 10],
    ]),
    2,
  );
  const s = Math.sqrt(2 / 3);
  assert.equal(Array.from(n.std), [s, 0]);
  assert.equal(Array.from(n.values), [1 / s, 0, 2 / s, 0, 3 / s, 0]); // a zero deviation gives 0
  assert.equal(Array.from(n.constant), [1, 10]);
});

test('the five 100s among 1s, 2s and 3s are the outliers (reference vector, 1-D)', () => {
  assert.equal(outliersOf(intPoints().map((v) => [v])), OUTLIER_POSITIONS);
});

test('the same in three dimensions [v, v, v]', () => {
  assert.equal(outliersOf(intPoints().map((v) => [v, v, v])), OUTLIER_POSITIONS);
});

test('points on a line [i, i] have no outliers', () => {
  assert.equal(outliersOf(Array.from({ length: 300 }, (_, i) => [i, i])), []);
});

test('1000 after 1..20 is the only outlier', () => {
  assert.equal(outliersOf([...Array.from({ length: 20 }, (_, i) => [i + 1]), [1000]]), [20]);
});

test('identical points: mean distance 0, no outliers', () => {
  assert.equal(
    outliersOf([
      [4, 2],
      [4, 2],
      [4, 2],
    ]),
    [],
  );
});

test('a distance of exactly three times the mean distance counts as an outlier', () => {
  // Mean point 1; distances 1 (×5) and 5, mean distance 10/6, three times that is 5 (all over σ = √5).
  assert.equal(outliersOf([[0], [0], [0], [0], [0], [6]]), [5]);
});

test.run();
