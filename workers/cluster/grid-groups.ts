// API.md §7 steps 1–4 with §13's grid, straight over counted groups: no point array for millions of groups.
import { meanOf, populationVarianceOf } from '../../src/common/exact-round.ts';
import type { Analysis, AnalysisOptions } from './cluster.ts';
import type { GroupDim } from '../group/group.ts';
import { type CellSums, createCellSums } from './exact-points.ts';
import { toGridSide } from './grid.ts';
import { clusterPoints, defaultK } from './kmeans.ts';

/**
 * What workers/cluster/cluster.ts's analysePoints gives for the points of `dims` (group g's value in dimension
 * d is numbers[ranks[g]]; no group has a null), when more than `maxPoints` of them remain after the
 * outliers; null when fewer remain (the caller then takes the point array path).
 *
 * Why: a clustered distribution of two continuous columns has about as many groups as rows; the point
 * path copies them four times (the points, normalised, the kept ones, their counts: ~60 bytes a group,
 * gigabytes at 100M rows) and each copy is a pass. Here each dimension's values are read once (a
 * group's rank into its distinct values: a cache miss for an unsorted dimension) into one array per
 * dimension, normalised in place, and each step is a sequential pass over them: 8 bytes a group and
 * dimension, plus 9 of scratch (a distance and an outlier flag; the cell index reuses the distance's
 * buffer). Every sum is exact and rounded once (API.md §8) and every other operation is the point
 * path's (normalise, findOutliers, gatherCells), so the answer is the same to the bit; the tests compare
 * the two.
 */
export function analyseGroups(
  dims: GroupDim[],
  counts: Float64Array,
  size: number,
  opts: AnalysisOptions,
): Analysis | null {
  const nd = dims.length;
  // Step 1 (normalise, workers/cluster/outliers.ts): each dimension's values per group, its population
  // deviation over the groups, then the values divided by it in place; the centre of step 2 on the way.
  const cols: Float64Array[] = [];
  const std = new Float64Array(nd),
    constant = new Float64Array(nd),
    centre = new Float64Array(nd);
  for (let d = 0; d < nd; d++) {
    const num = dims[d].numbers as Float64Array,
      rank = dims[d].ranks,
      col = new Float64Array(size);
    for (let g = 0; g < size; g++) col[g] = num[rank[g]];
    const s = (std[d] = Math.sqrt(populationVarianceOf(size, (g) => col[g])));
    constant[d] = col[0];
    // A deviation that is not finite (an infinite value, an overflow) leaves it to the point path as it is.
    if (!Number.isFinite(s)) return null;
    for (let g = 0; g < size; g++) col[g] = s === 0 ? 0 : col[g] / s;
    centre[d] = meanOf(size, (g) => col[g]);
    cols.push(col);
  }

  // Step 2 (findOutliers): distances to the mean point, their squares summed dimension by dimension.
  const dist = new Float64Array(size);
  for (let d = 0; d < nd; d++) {
    const col = cols[d],
      c = centre[d];
    for (let g = 0; g < size; g++) {
      const x = col[g] - c;
      dist[g] += x * x;
    }
  }
  for (let g = 0; g < size; g++) dist[g] = Math.sqrt(dist[g]);
  const meanDist = meanOf(size, (g) => dist[g]);
  const isOutlier = new Uint8Array(size);
  const outliers: number[] = [];
  if (meanDist !== 0)
    for (let g = 0; g < size; g++)
      if (dist[g] >= 3 * meanDist) {
        isOutlier[g] = 1;
        outliers.push(g);
      }
  const remaining = size - outliers.length;
  if (remaining <= opts.maxPoints) return null;

  // §13's grid over the remaining groups (gatherCells, workers/cluster/grid.ts): their range, then each one's cell.
  const side = toGridSide(opts.maxPoints, nd),
    last = side - 1;
  const cell = new Int32Array(dist.buffer, 0, size);
  for (let d = 0; d < nd; d++) {
    const col = cols[d];
    let lo = Infinity,
      hi = -Infinity;
    for (let g = 0; g < size; g++) {
      if (isOutlier[g]) continue;
      const v = col[g];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const span = hi - lo;
    for (let g = 0; g < size; g++) {
      const c = span === 0 ? 0 : Math.floor(((col[g] - lo) / span) * side);
      cell[g] = (d === 0 ? 0 : cell[g] * side) + (c > last ? last : c);
    }
  }
  const cellCount = side ** nd;
  const weight = new Float64Array(cellCount),
    sums = createCellSums(cellCount, nd);
  for (let g = 0; g < size; g++) if (!isOutlier[g]) weight[cell[g]] += counts[g];
  for (let d = 0; d < nd; d++) {
    const col = cols[d];
    for (let g = 0; g < size; g++) if (!isOutlier[g]) sums.add(cell[g], d, counts[g], col[g]);
  }
  return clusterCells(weight, sums, nd, outliers, { std, constant }, opts);
}

/**
 * Steps 3–4 of §7 over the grid's non-empty cells (analysePoints' gridded branch): each cell a point
 * at its count-weighted mean (its exact Σ count·z over `weight`, rounded once) weighing its total count.
 */
export function clusterCells(
  weight: Float64Array,
  sums: CellSums,
  nd: number,
  outliers: number[],
  scale: { std: Float64Array; constant: Float64Array },
  opts: AnalysisOptions,
): Analysis {
  let cells = 0;
  for (let c = 0; c < weight.length; c++) if (weight[c] > 0) cells++;
  const values = new Float64Array(cells * nd),
    kept = new Float64Array(cells);
  for (let c = 0, k = 0; c < weight.length; c++) {
    if (weight[c] === 0) continue;
    for (let d = 0; d < nd; d++) values[k * nd + d] = sums.mean(c, d, weight[c]);
    kept[k++] = weight[c];
  }
  const result: Analysis = { outliers, clusters: null, badN: null, cells };
  if (opts.n !== null && !(Number.isInteger(opts.n) && opts.n >= 1 && opts.n <= cells)) {
    result.badN = { n: opts.n, points: cells };
    return result;
  }
  const k = opts.n ?? Math.max(1, defaultK(cells));
  result.clusters = clusterPoints({ values, dims: nd, ...scale }, kept, k);
  return result;
}
