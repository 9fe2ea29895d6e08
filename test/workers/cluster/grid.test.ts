// Tests: the grid of workers/cluster/grid.ts, and clustered distributions of more groups than M against a plain oracle (API.md §13).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DistParams } from '../../../src/contract/tasks.ts';
import { distribution } from '../../../workers/dist/dist.ts';
import { gatherCells, toGridSide } from '../../../workers/cluster/grid.ts';
import { oracleDistribution } from './grid-oracle.ts';
import { f64, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

const params = (p: Partial<DistParams> = {}): DistParams => ({
  nulls: false,
  sort: 'fields',
  cluster: true,
  n: null,
  numeric: true,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  axes: [],
  ...p,
});

/** Seeded rows: a Gaussian, a uniform, then more Gaussians, rounded to `places`; a share of nulls in the second. */
function rows(n: number, dims: number, seed: number, places: number, nullShare = 0): (number | null)[][] {
  const rnd = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const round = (v: number) => Math.round(v * 10 ** places) / 10 ** places;
  return Array.from({ length: n }, () =>
    Array.from({ length: dims }, (_, d) => {
      if (d === 1 && rnd() < nullShare) return null;
      return round(d === 1 ? rnd() * 100 : 50 + 10 * gauss());
    }),
  );
}

function run(data: (number | null)[][], p: Partial<DistParams>, mask: Uint8Array | null = null) {
  const dims = data[0].length;
  const names = Array.from({ length: dims }, (_, d) => `c${d}`);
  const { col } = makeColumns(Object.fromEntries(names.map((c, d) => [c, f64(data.map((r) => r[d]))])));
  return distribution(
    names.map((c) => col(c)),
    mask,
    params(p),
  );
}

function expectOracle(data: (number | null)[][], p: Partial<DistParams>, nulls = false) {
  const got = run(data, { ...p, nulls });
  const want = oracleDistribution(data, p.maxClusterPoints ?? 50_000, nulls);
  assert.is(got.clustered, true);
  assert.is(got.size, want.size);
  assert.is(got.cells, want.cells ?? undefined);
  assert.equal(got.outliers, want.outliers);
  assert.equal(got.data, want.data);
  return got;
}

test('G is the largest side with G^d ≤ M', () => {
  assert.equal(
    [1, 2, 3, 4].map((d) => toGridSide(50_000, d)),
    [50_000, 223, 36, 14],
  );
  assert.is(toGridSide(1, 3), 1);
});

test('cells hold the count-weighted mean of their points and the total count, in cell order', () => {
  // Side 2 over [0, 4] × [0, 1]: cells split at 2 and 0.5; (4, 1) lands in the last cell, not past it.
  const values = Float64Array.of(0, 0, 1, 0.25, 4, 1, 3, 0.75, 0, 1);
  const cells = gatherCells(values, Float64Array.of(1, 3, 2, 2, 5), 2, 4);
  assert.is(cells.cells, 3);
  assert.equal(Array.from(cells.counts), [4, 5, 4]);
  assert.equal(Array.from(cells.values), [0.75, 0.1875, 0, 1, 3.5, 0.875]);
  // One point, or all alike: one cell.
  assert.equal(Array.from(gatherCells(Float64Array.of(2, 2, 2), Float64Array.of(1, 1, 1), 1, 10).values), [2]);
});

test('1-D: more than 50 000 groups are gathered on the grid and clustered as the oracle does', () => {
  const data = rows(75_000, 1, 7, 4);
  const got = expectOracle(data, {});
  assert.ok(got.size > 60_000 && (got.cells ?? 0) < 50_000);
});

test('2-D with null groups kept: grid, outliers and centroids as the oracle computes them', () => {
  const data = rows(66_000, 2, 11, 2, 0.01);
  const got = expectOracle(data, {}, true);
  assert.ok(got.size > 50_000);
  assert.ok(got.data.some((p) => p.values[1] === null));
});

test('3-D and 4-D over a small M', () => {
  expectOracle(rows(4_000, 3, 3, 1), { maxClusterPoints: 1_000 });
  expectOracle(rows(4_000, 4, 5, 1), { maxClusterPoints: 1_000 });
});

test('aware: only the masked rows are grouped', () => {
  const data = rows(8_000, 2, 13, 2);
  const rnd = mulberry32(99);
  const mask = Uint8Array.from(data, () => (rnd() < 0.5 ? 1 : 0));
  const got = run(data, { maxClusterPoints: 2_000 }, mask);
  const want = oracleDistribution(
    data.filter((_, i) => mask[i]),
    2_000,
  );
  assert.equal([got.size, got.cells, got.data, got.outliers], [want.size, want.cells, want.data, want.outliers]);
});

test('the group limit holds without clustering, and never with it', () => {
  const data = rows(3_000, 1, 17, 3);
  assert.is(run(data, { maxGroups: 1_000, cluster: false }).tooMany, true);
  const clustered = run(data, { maxGroups: 1_000, maxClusterPoints: 500 });
  assert.equal([clustered.tooMany, clustered.clustered], [false, true]);
  assert.equal(clustered, run(data, { maxGroups: 1_000, maxClusterPoints: 500 }));
});

test('n is checked against the cells', () => {
  const data = rows(3_000, 1, 19, 3);
  const r = run(data, { maxClusterPoints: 100, n: 5_000 });
  assert.equal(r.badN, { n: 5_000, points: r.badN?.points ?? -1 });
  assert.ok((r.badN?.points ?? 0) <= 100);
});

test.run();
