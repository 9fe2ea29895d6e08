// A clustered 1-D distribution straight from a number field's profile (sorted distinct values, counts): passes over them, no per-value array.
import { meanOf, populationVarianceOf } from '../../src/common/exact-round.ts';
import type { DistParams, DistPoint, DistResult, NumberRuns, ShapeGroups } from '../../src/contract/tasks.ts';
import type { Analysis, AnalysisOptions } from '../cluster/cluster.ts';
import { byValues, shapeDistribution } from './dist.ts';
import { clusterCells } from '../cluster/grid-groups.ts';
import { toGridSide } from '../cluster/grid.ts';
import { createCellSums } from '../cluster/exact-points.ts';

/**
 * The naive 1-D distribution of a number field from its profile: the answer shapeDistribution gives
 * for the groups src/snapshot/profile-groups.ts's toProfileGroups makes of it (every distinct value a
 * group, ascending, the nulls' group last), to the bit. When clustering puts more than
 * maxClusterPoints values on §13's grid, it is computed by analyseRuns without those groups; else
 * (few values, `n` past the points, a deviation that is not finite) the groups are made here and
 * shaped as before.
 *
 * Why: a key column (10M distinct values at 10M rows) made 24 bytes a value of groups on the main
 * thread and ~17 more in the worker (1.4–1.6 s and +490 MiB at 10M rows; seconds and gigabytes at
 * 100M), so src/serve/warm.ts left it to its first request. Here the values (8 bytes each) and counts are
 * read where they are, in shared memory, and nothing per value is allocated.
 */
export function shapeRuns(runs: NumberRuns, params: DistParams): DistResult {
  const { values, counts, nullCount } = runs;
  const n = values.length;
  const withNull = params.nulls && nullCount > 0;
  const direct = params.numeric && params.cluster && (!withNull || params.maxGroups >= 1);
  const opts = { cluster: true, n: params.n, maxPoints: params.maxClusterPoints };
  const analysis = direct ? analyseRuns(values, counts, opts) : null;
  if (analysis === null) return shapeDistribution(toGroups(runs, params), params);
  // As shapeDistribution finishes: outliers as groups in the requested order, then the centroids
  // and the nulls' group sorted together.
  const point = (g: number): DistPoint =>
    g === n ? { count: nullCount, values: [null] } : { count: counts[g], values: [values[g]] };
  const size = n + (withNull ? 1 : 0);
  const result: DistResult = { size, clustered: false, data: [], outliers: [], tooMany: false, badN: analysis.badN };
  const outliers = Array.from(analysis.outliers);
  if (params.sort === 'count') outliers.sort((a, b) => counts[b] - counts[a]);
  result.outliers = outliers.map(point);
  // `n` past the points is refused (src/routes/dist-answer.ts's toRefusal reads badN only): its
  // data, every value but the outliers, is not made.
  if (analysis.clusters === null) return result;
  const { values: centres, counts: weighted, k } = analysis.clusters;
  const data: DistPoint[] = [];
  for (let j = 0; j < k; j++) data.push({ count: weighted[j], values: [centres[j]] });
  if (withNull) data.push(point(n));
  result.clustered = true;
  if (analysis.cells !== null) result.cells = analysis.cells;
  result.data = data.sort(params.sort === 'count' ? (a, b) => b.count - a.count || byValues(a, b) : byValues);
  return result;
}

/**
 * What workers/cluster/grid-groups.ts's analyseGroups gives for one dimension whose groups are `values`
 * (ascending, no null) with `counts`, when more than `maxPoints` of them remain after the outliers;
 * null when fewer remain or the deviation is not finite (the caller then makes the groups). The same
 * exact sums rounded once and the same operations (step 1's mean, deviation and centre, step 2's
 * distances, the grid's range and cells), each a pass over the values: a normalised value is divided
 * again where a later pass needs it (the same division, the same double), and outliers are found by
 * their ascending list, not a flag per value. Transient: the grid's cells (16 bytes each, at most
 * maxPoints) and the outliers' indexes.
 */
export function analyseRuns(
  values: Float64Array | Int32Array,
  counts: ArrayLike<number>,
  opts: AnalysisOptions,
): Analysis | null {
  const n = values.length;
  if (n <= opts.maxPoints) return null;
  const s = Math.sqrt(populationVarianceOf(n, (g) => values[g]));
  if (!Number.isFinite(s)) return null;
  const std = Float64Array.of(s),
    constant = Float64Array.of(values[0]);
  const centre = meanOf(n, (g) => (s === 0 ? 0 : values[g] / s));
  const meanDist = meanOf(n, (g) => {
    const x = (s === 0 ? 0 : values[g] / s) - centre;
    return Math.sqrt(x * x);
  });

  // Outliers (at least 3× the mean distance from the centre), and the range of the others.
  const outliers: number[] = [];
  let lo = Infinity,
    hi = -Infinity;
  for (let g = 0; g < n; g++) {
    const z = s === 0 ? 0 : values[g] / s;
    const x = z - centre;
    if (meanDist !== 0 && Math.sqrt(x * x) >= 3 * meanDist) {
      outliers.push(g);
      continue;
    }
    if (z < lo) lo = z;
    if (z > hi) hi = z;
  }
  if (n - outliers.length <= opts.maxPoints) return null;

  // §13's grid: each remaining value's cell, its count and count-weighted value added there.
  const side = toGridSide(opts.maxPoints, 1),
    last = side - 1,
    span = hi - lo;
  const weight = new Float64Array(side),
    sums = createCellSums(side, 1);
  for (let g = 0, next = 0; g < n; g++) {
    if (next < outliers.length && outliers[next] === g) {
      next++;
      continue;
    }
    const z = s === 0 ? 0 : values[g] / s;
    const c = span === 0 ? 0 : Math.floor(((z - lo) / span) * side);
    const cell = c > last ? last : c;
    weight[cell] += counts[g];
    sums.add(cell, 0, counts[g], z);
  }
  // Steps 3–4 over the cells, as analyseGroups ends.
  return clusterCells(weight, sums, 1, outliers, { std, constant }, opts);
}

/** The groups toProfileGroups makes of a number field's profile (its values are their own numbers). */
function toGroups({ values, counts, nullCount }: NumberRuns, params: DistParams): ShapeGroups {
  const n = values.length;
  const size = n + (params.nulls && nullCount > 0 ? 1 : 0);
  const all = new Float64Array(size);
  for (let g = 0; g < n; g++) all[g] = counts[g];
  if (size > n) all[n] = nullCount;
  const ranks = new Int32Array(size);
  for (let g = 0; g < size; g++) ranks[g] = g;
  const numbers = values instanceof Float64Array ? values : Float64Array.from(values);
  return { size, counts: all, tooMany: false, dims: [{ values: numbers, numbers, ranks }] };
}
