// API.md §7 steps 1–4 over plain points: normalise, set outliers aside, cluster what remains.
import { gatherCells } from './grid.ts';
import { clusterPoints, defaultK, type Clusters } from './kmeans.ts';
import { findOutliers, normalise } from './outliers.ts';

/** Clustering needs at least this many points (after outliers), as in the original. */
const MIN_CLUSTER_POINTS = 500;

export type Analysis = {
  /** Indexes of the outliers among the given points, ascending. */
  outliers: number[];
  /** The clusters, or null when clustering is off, too few points remain, or n is bad. */
  clusters: Clusters | null;
  badN: { n: number; points: number } | null;
  /** The non-empty grid cells when more than `maxPoints` points remained (API.md §13), else null. */
  cells: number | null;
};

export type AnalysisOptions = { cluster: boolean; n: number | null; maxPoints: number };

/**
 * Outliers and clusters of `points` (row-major, `dims` numbers each, duplicates allowed, taken as
 * given) with their `counts`. The points are normalised once, over all of them, as §7 step 1
 * says; outlier detection and k-means both work in that space, and the centroids come back in
 * original units. (The 2013 original normalised again after removing outliers; the reference
 * vectors give the same answers either way.) k = n when given, else ⌊√⌊points/2⌋⌋, with n
 * checked against the points that remain: outside 1..points it is reported in `badN`.
 *
 * More than `maxPoints` remaining points are first gathered on a grid (workers/cluster/grid.ts) and the
 * cells are clustered in their place (API.md §13). A grid stands for a large distribution, so its
 * cells are clustered even when fewer than 500 of them are non-empty (k at least 1).
 */
export function analysePoints(
  points: Float64Array,
  counts: ArrayLike<number>,
  dims: number,
  opts: AnalysisOptions,
): Analysis {
  const norm = normalise(points, dims);
  const outliers = findOutliers(norm.values, dims);
  const n = points.length / dims;
  const remaining = n - outliers.length;
  const result: Analysis = { outliers, clusters: null, badN: null, cells: null };
  const gridded = remaining > opts.maxPoints;
  if (!opts.cluster || (!gridded && remaining < MIN_CLUSTER_POINTS)) return result;

  let values: Float64Array = new Float64Array(remaining * dims),
    kept: Float64Array = new Float64Array(remaining);
  const isOutlier = new Uint8Array(n);
  for (const i of outliers) isOutlier[i] = 1;
  for (let i = 0, r = 0; i < n; i++) {
    if (isOutlier[i]) continue;
    for (let d = 0; d < dims; d++) values[r * dims + d] = norm.values[i * dims + d];
    kept[r++] = counts[i];
  }
  let pointCount = remaining;
  if (gridded) {
    const grid = gatherCells(values, kept, dims, opts.maxPoints);
    ({ values, counts: kept } = grid);
    result.cells = pointCount = grid.cells;
  }
  if (opts.n !== null && !(Number.isInteger(opts.n) && opts.n >= 1 && opts.n <= pointCount)) {
    result.badN = { n: opts.n, points: pointCount };
    return result;
  }
  const k = opts.n ?? Math.max(1, defaultK(pointCount));
  result.clusters = clusterPoints({ ...norm, values }, kept, k);
  return result;
}
