// Normalisation and outlier detection over distribution points (API.md §7 steps 1–2).
import { meanOf, populationVarianceOf } from '../../src/common/exact-round.ts';

/** Points normalised per dimension; `std` and `constant` let centroids go back to original units. */
export type Normalised = {
  /** Row-major, `dims` values per point: each value divided by its dimension's deviation (0 when that is 0). */
  values: Float64Array;
  dims: number;
  /** Population standard deviation per dimension. */
  std: Float64Array;
  /** Per dimension, the value of the first point: the value of every point where std is 0. */
  constant: Float64Array;
};

/**
 * Divides each dimension by its population standard deviation (n, not n − 1). Like the 2013
 * original, the mean and deviation are over the points as given, unweighted by their counts:
 * a distribution point stands for a group, and it is the spread of groups that is measured.
 * The deviation is √round(M₂ / n) from the exact Σx and Σx² (API.md §8 "correctly rounded",
 * which §7 follows), so it does not depend on the order of the points.
 */
export function normalise(points: Float64Array, dims: number): Normalised {
  const n = points.length / dims;
  const std = new Float64Array(dims),
    constant = new Float64Array(dims);
  const values = new Float64Array(points.length);
  for (let d = 0; d < dims; d++) {
    const s = n > 0 ? Math.sqrt(populationVarianceOf(n, (i) => points[i * dims + d])) : 0;
    std[d] = s;
    constant[d] = n > 0 ? points[d] : 0;
    for (let i = 0; i < n; i++) values[i * dims + d] = s === 0 ? 0 : points[i * dims + d] / s;
  }
  return { values, dims, std, constant };
}

/**
 * Indexes of the outliers among normalised points: those whose euclidean distance to the mean
 * point is at least 3× the mean of those distances; none when the mean distance is 0. The mean
 * point and the mean distance are exact sums divided by n, rounded once.
 */
export function findOutliers(values: Float64Array, dims: number): number[] {
  const n = values.length / dims;
  if (n === 0) return [];
  const centre = new Float64Array(dims);
  for (let d = 0; d < dims; d++) centre[d] = meanOf(n, (i) => values[i * dims + d]);
  const dist = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let ss = 0;
    for (let d = 0; d < dims; d++) {
      const x = values[i * dims + d] - centre[d];
      ss += x * x;
    }
    dist[i] = Math.sqrt(ss);
  }
  const mean = meanOf(n, (i) => dist[i]);
  const out: number[] = [];
  if (mean === 0) return out;
  for (let i = 0; i < n; i++) if (dist[i] >= 3 * mean) out.push(i);
  return out;
}
