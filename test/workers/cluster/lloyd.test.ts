// Tests: the pure compute module workers/cluster/lloyd.ts.
import { kmeans as mlKmeans } from 'ml-kmeans';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultK, seedCentroids } from '../../../workers/cluster/kmeans.ts';
import { lloyd } from '../../../workers/cluster/lloyd.ts';
import { normalise } from '../../../workers/cluster/outliers.ts';
import { mulberry32 } from '../vectors.ts';

const rows = (flat: Float64Array, dims: number) =>
  Array.from({ length: flat.length / dims }, (_, i) => Array.from(flat.subarray(i * dims, (i + 1) * dims)));

/** Plain Lloyd, written the obvious way: the independent oracle for the bound-skipping version. */
function plainLloyd(points: number[][], seeds: number[][], maxIterations = 100) {
  const dims = points[0].length;
  const nearest = (p: number[], cs: number[][]) => {
    let best = -1,
      bd = Infinity;
    cs.forEach((c, j) => {
      let ss = 0;
      for (let d = 0; d < dims; d++) {
        const t = p[d] - c[d];
        ss += t * t;
      }
      if (ss < bd) {
        bd = ss;
        best = j;
      }
    });
    return best;
  };
  let centroids = seeds.map((s) => [...s]);
  let assignment = points.map((p) => nearest(p, centroids));
  let iterations = 1;
  for (;;) {
    const sums = centroids.map(() => new Array<number>(dims).fill(0)),
      sizes = centroids.map(() => 0);
    points.forEach((p, i) => {
      sizes[assignment[i]]++;
      p.forEach((v, d) => {
        sums[assignment[i]][d] += v;
      });
    });
    const remap: number[] = [];
    let kept = 0;
    sizes.forEach((s, j) => {
      remap[j] = s > 0 ? kept++ : -1;
    });
    centroids = sums.filter((_, j) => sizes[j] > 0).map((s, j) => s.map((v) => v / sizes.filter((z) => z > 0)[j]));
    assignment = assignment.map((a) => remap[a]);
    if (iterations >= maxIterations) break;
    const next = points.map((p) => nearest(p, centroids));
    iterations++;
    const changed = next.some((c, i) => c !== assignment[i]);
    assignment = next;
    if (!changed) break;
  }
  return { centroids, assignment, iterations };
}

function blobs(n: number, dims: number, seed: number): Float64Array {
  const r = mulberry32(seed);
  const out = new Float64Array(n * dims);
  for (let i = 0; i < n; i++) {
    const blob = Math.floor(r() * 5);
    for (let d = 0; d < dims; d++) out[i * dims + d] = blob * (d + 2) + (r() + r() + r()) * 2;
  }
  return out;
}

for (const dims of [1, 2, 3]) {
  test(`agrees with ml-kmeans started from the same centroids (${dims}-D)`, () => {
    const values = normalise(blobs(2000, dims, 40 + dims), dims).values;
    const k = defaultK(2000);
    const seeds = seedCentroids(values, dims, k);
    const ours = lloyd(values, dims, seeds);
    const theirs = mlKmeans(rows(values, dims), k, {
      initialization: rows(seeds, dims),
      maxIterations: 100,
      tolerance: 0,
    });
    assert.is(ours.k, k, 'no cluster emptied, so both keep k');
    assert.equal(Array.from(ours.assignment), theirs.clusters);
    const diff = Math.max(
      ...theirs.centroids.flatMap((c, j) => c.map((v, d) => Math.abs(v - ours.centroids[j * dims + d]))),
    );
    assert.ok(diff < 1e-12, `centroids differ by ${diff}`);
  });
}

test('matches plain Lloyd exactly on integer grids full of ties, duplicates and emptied clusters', () => {
  const r = mulberry32(5);
  for (let trial = 0; trial < 300; trial++) {
    const dims = 1 + (trial % 3),
      n = 20 + Math.floor(r() * 150),
      k = 2 + Math.floor(r() * 10);
    const values = Float64Array.from({ length: n * dims }, () => Math.floor(r() * 6));
    const seeds =
      trial % 2
        ? seedCentroids(values, dims, Math.min(k, n)) // pseudo-points
        : Float64Array.from({ length: k * dims }, () => Math.floor(r() * 6)); // arbitrary, often equal
    const cap = trial % 5 === 0 ? 1 + Math.floor(r() * 3) : 100;
    const ours = lloyd(values, dims, seeds, cap);
    const plain = plainLloyd(rows(values, dims), rows(seeds, dims), cap);
    assert.equal(Array.from(ours.assignment), plain.assignment, `trial ${trial}`);
    assert.equal(rows(ours.centroids, dims), plain.centroids, `trial ${trial}`);
    assert.equal([ours.k, ours.iterations], [plain.centroids.length, plain.iterations], `trial ${trial}`);
  }
});

test('a point equidistant from two centroids joins the lower index', () => {
  const fit = lloyd(Float64Array.of(1, 0, 2), 1, Float64Array.of(0, 2));
  assert.equal(Array.from(fit.assignment), [0, 0, 1]);
  assert.equal(Array.from(fit.centroids), [0.5, 2]);
});

test('a cluster left empty is dropped and the later ones keep their order', () => {
  const fit = lloyd(Float64Array.of(0, 1, 10, 11), 1, Float64Array.of(0, 5, 10)); // 5 gets nobody
  assert.equal([fit.k, Array.from(fit.centroids), Array.from(fit.assignment)], [2, [0.5, 10.5], [0, 0, 1, 1]]);
});

test('stops after maxIterations passes with the centroids of the last one', () => {
  const fit = lloyd(Float64Array.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 1, Float64Array.of(0, 1), 1);
  assert.equal([fit.iterations, Array.from(fit.centroids)], [1, [0, 5]]); // {0} and {1…9}
});

test.run();
