// Tests: a clustered 1-D distribution straight from a profile's values and counts (workers/dist/runs-grid.ts) against the groups path it replaces and the oracle.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DistParams, DistResult, NumberRuns } from '../../../src/contract/tasks.ts';
import { toProfileGroups } from '../../../src/snapshot/profile-groups.ts';
import { shapeDistribution } from '../../../workers/dist/dist.ts';
import { analyseRuns, shapeRuns } from '../../../workers/dist/runs-grid.ts';
import { oracleDistribution } from '../cluster/grid-oracle.ts';
import { mulberry32 } from '../vectors.ts';

type Shape = { spread?: number; far?: number; maxCount?: number; nullCount?: number; negZero?: boolean };

/**
 * `n` distinct values ascending, as a profile holds them: floats of three decimals centred on 0 over
 * `spread` (a key's integers when spread is 0: 0…n−1), every `far`-th one 50 times farther (outliers),
 * the value 0 as -0 when `negZero`; counts 1…maxCount (ties of rows) in the narrowest array.
 */
function seededRuns(n: number, seed: number, shape: Shape = {}): NumberRuns {
  const { spread = 1000, far = 0, maxCount = 1, nullCount = 0, negZero = false } = shape;
  const rnd = mulberry32(seed);
  const drawn = new Set<number>(spread === 0 ? Array.from({ length: n }, (_, i) => i) : []);
  while (drawn.size < n) {
    const v = Math.round((rnd() - 0.5) * spread * 1000) / 1000;
    drawn.add(far > 0 && drawn.size % far === 0 ? v * 50 : v);
  }
  if (negZero) drawn.add(0);
  const values = Float64Array.from(drawn).sort();
  if (negZero) values[values.indexOf(0)] = -0;
  const counts = maxCount <= 255 ? new Uint8Array(values.length) : new Uint16Array(values.length);
  for (let i = 0; i < counts.length; i++) counts[i] = 1 + Math.floor(rnd() * maxCount);
  return { values, counts, nullCount };
}

function params(p: Partial<DistParams>): DistParams {
  return {
    nulls: true,
    sort: 'fields',
    cluster: true,
    n: null,
    numeric: true,
    maxGroups: 50_000,
    maxClusterPoints: 25,
    axes: [{ kind: 'exact' }],
    ...p,
  };
}

/** What the route sent before: the profile's groups (src/snapshot/profile-groups.ts) shaped by shapeDistribution. */
function byGroups(runs: NumberRuns, p: DistParams): DistResult {
  const values = { ...runs, label: String, labels: () => Array.from(runs.values, String) };
  return shapeDistribution(toProfileGroups(values, p), p);
}

/** The same result to the bit (-0 and 0 apart); a refused one (badN) without its data, which no answer shows. */
function expectSame(runs: NumberRuns, p: DistParams): DistResult {
  const got = shapeRuns(runs, p);
  const want = byGroups(runs, p);
  if (want.badN !== null) want.data = [];
  const exact = (r: DistResult) => JSON.stringify(r, (_, v) => (Object.is(v, -0) ? '-0' : v));
  assert.is(exact(got), exact(want), JSON.stringify(p));
  return got;
}

/** Every parameter a naive 1-D request may send, with two grids. */
function* variants(): Generator<DistParams> {
  for (const maxClusterPoints of [25, 300])
    for (const nulls of [false, true])
      for (const sort of ['fields', 'count'] as const)
        for (const n of [null, 3, 1_000_000]) yield params({ nulls, sort, n, maxClusterPoints });
}

test('a key (0…n−1, every count 1): each value in its cell, clustered as before', () => {
  const runs = seededRuns(2_000, 1, { spread: 0 });
  for (const p of variants()) {
    assert.ok(analyseRuns(runs.values, runs.counts, { cluster: true, n: p.n, maxPoints: p.maxClusterPoints }));
    const got = expectSame(runs, p);
    if (p.n === null) assert.ok(got.clustered && got.cells === p.maxClusterPoints, 'every cell holds values');
  }
});

test('floats with negatives, ties, nulls, -0 and outliers: the same as the groups path, to the bit', () => {
  for (const seed of [2, 3, 4, 5]) {
    const runs = seededRuns(1_500 + seed * 311, seed, { far: 97, maxCount: 4, nullCount: seed * 7, negZero: true });
    let outliers = 0;
    for (const p of variants()) outliers += expectSame(runs, p).outliers.length;
    assert.ok(outliers > 0, 'outliers met');
  }
  // Counts past a byte (Uint16Array), a spread of 1 (values 0.001 apart: cells of one value or none).
  expectSame(seededRuns(800, 6, { maxCount: 3000, spread: 1 }), params({}));
});

test('the cases it leaves to the groups path give the groups path', () => {
  // No more values than cells; a deviation that is not finite; clustering off; not numeric.
  const few = seededRuns(25, 7, { nullCount: 2 });
  assert.is(analyseRuns(few.values, few.counts, { cluster: true, n: null, maxPoints: 25 }), null);
  expectSame(few, params({}));
  const huge = seededRuns(100, 8);
  huge.values[99] = Number.POSITIVE_INFINITY;
  assert.is(analyseRuns(huge.values, huge.counts, { cluster: true, n: null, maxPoints: 25 }), null);
  expectSame(huge, params({}));
  const many = seededRuns(100, 9, { nullCount: 3 });
  expectSame(many, params({ cluster: false }));
  expectSame(many, params({ numeric: false }));
  // Outliers leave no more values than cells: 30 values, 4 of them far out, a grid of 27.
  const values = Float64Array.from({ length: 30 }, (_, i) => (i < 26 ? i : 1e6 * i));
  const spread = { values, counts: new Uint8Array(30).fill(1), nullCount: 0 };
  assert.is(analyseRuns(values, spread.counts, { cluster: true, n: null, maxPoints: 27 }), null);
  expectSame(spread, params({ maxClusterPoints: 27 }));
});

test('values too small to spread (a deviation of 0): one cell, one cluster', () => {
  const values = Float64Array.from({ length: 40 }, (_, i) => i * Number.MIN_VALUE);
  const runs = { values, counts: new Uint8Array(40).fill(2), nullCount: 5 };
  const got = expectSame(runs, params({ maxClusterPoints: 10 }));
  assert.equal([got.cells, got.data.length, got.data[0].count], [1, 2, 80]);
});

test('by hand: 0…9 on a grid of 5, n = 5', () => {
  const runs = {
    values: Float64Array.from({ length: 10 }, (_, i) => i),
    counts: new Uint8Array(10).fill(1),
    nullCount: 0,
  };
  const got = shapeRuns(runs, params({ maxClusterPoints: 5, n: 5, nulls: false }));
  // Cells of width 9/5: {0,1} {2,3} {4,5} {6,7} {8,9}, two rows each; each cell its own cluster.
  assert.is(got.cells, 5);
  assert.equal(
    got.data.map((d) => [d.count, Number((d.values[0] as number).toFixed(9))]),
    [
      [2, 0.5],
      [2, 2.5],
      [2, 4.5],
      [2, 6.5],
      [2, 8.5],
    ],
  );
  assert.equal(got.outliers, []);
});

test('the oracle (grid-oracle.ts) over the rows the runs stand for', () => {
  for (const [seed, nullCount] of [
    [10, 0],
    [11, 9],
  ]) {
    const runs = seededRuns(1_200, seed, { far: 61, maxCount: 3, nullCount });
    const rows: (number | null)[][] = [];
    runs.values.forEach((v, i) => {
      for (let c = 0; c < runs.counts[i]; c++) rows.push([v]);
    });
    for (let i = 0; i < nullCount; i++) rows.push([null]);
    const got = shapeRuns(runs, params({ maxClusterPoints: 200 }));
    const want = oracleDistribution(rows, 200, true);
    assert.equal([got.size, got.cells, got.outliers, got.data], [want.size, want.cells, want.outliers, want.data]);
  }
});

test.run();
