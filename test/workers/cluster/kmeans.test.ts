// Tests: the pure compute module workers/cluster/kmeans.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clusterPoints, defaultK, seedCentroids, weightedCounts } from '../../../workers/cluster/kmeans.ts';
import { normalise } from '../../../workers/cluster/outliers.ts';
import { toRows } from '../vectors.ts';

test('k defaults to ⌊√⌊points/2⌋⌋', () => {
  assert.equal([500, 501, 605, 50_000].map(defaultK), [15, 15, 17, 158]);
});

test('seeds are every ⌊n/k⌋-th value of each dimension sorted on its own, from ⌊step/2⌋', () => {
  assert.equal(Array.from(seedCentroids(Float64Array.of(5, 1, 4, 2, 3, 6), 1, 2)), [2, 5]); // step 3, from 1
  // Dimensions sort independently: the seeds are pseudo-points, not input points.
  assert.equal(
    Array.from(
      seedCentroids(
        toRows([
          [1, 60],
          [2, 50],
          [3, 40],
          [4, 30],
        ]),
        2,
        2,
      ),
    ),
    [2, 40, 4, 60],
  );
  // n = 7, k = 3: step 2, from 1 → positions 1, 3, 5; exactly k seeds.
  assert.equal(Array.from(seedCentroids(Float64Array.of(0, 1, 2, 3, 4, 5, 6), 1, 3)), [1, 3, 5]);
});

test('a weighted count is ⌊Σ (1 − d/S)·c⌋ over the members', () => {
  // One cluster at 5/3 over 0, 1, 4: distances 5/3, 2/3, 7/3, S = 14/3.
  const fit = { centroids: Float64Array.of(5 / 3), k: 1, assignment: Int32Array.of(0, 0, 0), iterations: 1 };
  // (9/14)·2 + (12/14)·3 + (7/14)·4 = 82/14 ≈ 5.86
  assert.equal(weightedCounts(Float64Array.of(0, 1, 4), 1, [2, 3, 4], fit), [5]);
  // With counts of 1, Σ (1 − d/S) = n − 1 whatever the distances.
  assert.equal(weightedCounts(Float64Array.of(0, 1, 4), 1, [1, 1, 1], fit), [2]);
});

test('members all on their centroid (S = 0) keep their full counts', () => {
  const fit = { centroids: Float64Array.of(2, 9), k: 2, assignment: Int32Array.of(0, 0, 1), iterations: 1 };
  assert.equal(weightedCounts(Float64Array.of(2, 2, 9), 1, [3, 4, 5], fit), [7, 5]);
});

test('centroids come back in original units; a zero-deviation dimension gives its constant', () => {
  const norm = normalise(
    toRows([
      [1, 7],
      [2, 7],
      [6, 7],
      [20, 7],
      [21, 7],
    ]),
    2,
  );
  const c = clusterPoints(norm, [2, 1, 1, 1, 4], 2);
  assert.is(c.k, 2);
  assert.equal(
    Array.from(c.values).map((x) => Math.round(x * 1e9) / 1e9),
    [3, 7, 20.5, 7],
  );
  // Distances in units of σ: 2, 1, 3 (S = 6) and ½, ½ (S = 1).
  // ⌊(4/6)·2 + (5/6)·1 + (3/6)·1⌋ = ⌊16/6⌋ = 2 and ⌊½·1 + ½·4⌋ = 2.
  assert.equal(c.counts, [2, 2]);
});

test('the 2-D grid [v mod 30, ⌊v/30⌋] in four clusters (reference vector)', () => {
  const grid = Array.from({ length: 600 }, (_, v) => [v % 30, Math.floor(v / 30)]);
  const c = clusterPoints(normalise(toRows(grid), 2), new Float64Array(600).fill(1), 4);
  const v = Array.from(c.values).map((x) => Math.round(x * 1e9) / 1e9);
  assert.equal(v, [7, 4.5, 22, 4.5, 7, 14.5, 22, 14.5]);
  assert.equal(c.counts, [149, 149, 149, 149]);
});

test.run();
