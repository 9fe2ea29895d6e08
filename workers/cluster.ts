// API.md §7 steps 1–4 over plain points: normalise, set outliers aside, cluster what remains.
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
};

export type AnalysisOptions = { cluster: boolean; n: number | null };

/**
 * Outliers and clusters of `points` (row-major, `dims` numbers each, duplicates allowed, taken as
 * given) with their `counts`. The points are normalised once, over all of them, as §7 step 1
 * says; outlier detection and k-means both work in that space, and the centroids come back in
 * original units. (The 2013 original normalised again after removing outliers; the reference
 * vectors give the same answers either way.) k = n when given, else ⌊√⌊points/2⌋⌋, with n
 * checked against the points that remain: outside 1..points it is reported in `badN`.
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
  const result: Analysis = { outliers, clusters: null, badN: null };
  if (!opts.cluster || remaining < MIN_CLUSTER_POINTS) return result;
  if (opts.n !== null && !(Number.isInteger(opts.n) && opts.n >= 1 && opts.n <= remaining)) {
    result.badN = { n: opts.n, points: remaining };
    return result;
  }
  const k = opts.n ?? defaultK(remaining);

  const values = new Float64Array(remaining * dims),
    kept = new Float64Array(remaining);
  const isOutlier = new Uint8Array(n);
  for (const i of outliers) isOutlier[i] = 1;
  for (let i = 0, r = 0; i < n; i++) {
    if (isOutlier[i]) continue;
    for (let d = 0; d < dims; d++) values[r * dims + d] = norm.values[i * dims + d];
    kept[r++] = counts[i];
  }
  result.clusters = clusterPoints({ ...norm, values }, kept, k);
  return result;
}
