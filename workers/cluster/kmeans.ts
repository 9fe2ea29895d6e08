// Deterministic k-means over normalised points: k, seeding, clusters with weighted counts (API.md §7 3–4).
import { lloyd, type KMeansFit } from './lloyd.ts';
import type { Normalised } from './outliers.ts';

/** Clusters as distribution points: centroids in original units and their weighted counts. */
export type Clusters = { values: Float64Array; counts: number[]; k: number; iterations: number };

/** The default number of clusters for `points` points: ⌊√⌊points/2⌋⌋. */
export function defaultK(points: number): number {
  return Math.floor(Math.sqrt(Math.floor(points / 2)));
}

/**
 * Initial centroids. Each normalised dimension is sorted on its own, and the pseudo-points
 * formed by the i-th value of every sorted dimension are taken every step = ⌊n/k⌋ positions
 * from ⌊step/2⌋: the mid-points of k equal slices of the sorted data, the seeding of the 2013
 * original (after "Improved k-means initial centroids", IJCSIT 2010). It needs no randomness,
 * so every replica and every run starts, and therefore ends, in the same place. As
 * (k − 1)·step + ⌊step/2⌋ < k·step ≤ n, exactly k pseudo-points exist. Requires 1 ≤ k ≤ n.
 */
export function seedCentroids(values: Float64Array, dims: number, k: number): Float64Array {
  const n = values.length / dims;
  const step = Math.floor(n / k),
    start = Math.floor(step / 2);
  const seeds = new Float64Array(k * dims);
  const column = new Float64Array(n);
  for (let d = 0; d < dims; d++) {
    for (let i = 0; i < n; i++) column[i] = values[i * dims + d];
    column.sort();
    for (let j = 0; j < k; j++) seeds[j * dims + d] = column[start + j * step];
  }
  return seeds;
}

/**
 * Each cluster's weighted count: ⌊Σⱼ (1 − dⱼ/S)·cⱼ⌋ over its members j, with dⱼ the member's
 * distance to the centroid, S = Σ dⱼ and cⱼ the member's own count; Σ cⱼ when S = 0. Sums run
 * in point order, like the original, whose reference results keep its rounding (299 not 300).
 */
export function weightedCounts(
  values: Float64Array,
  dims: number,
  counts: ArrayLike<number>,
  fit: KMeansFit,
): number[] {
  const n = values.length / dims;
  const dist = new Float64Array(n),
    total = new Float64Array(fit.k),
    sum = new Float64Array(fit.k);
  for (let i = 0; i < n; i++) {
    const c = fit.assignment[i];
    let ss = 0;
    for (let d = 0; d < dims; d++) {
      const x = values[i * dims + d] - fit.centroids[c * dims + d];
      ss += x * x;
    }
    dist[i] = Math.sqrt(ss);
    total[c] += dist[i];
  }
  for (let i = 0; i < n; i++) {
    const c = fit.assignment[i];
    sum[c] += total[c] === 0 ? counts[i] : (1 - dist[i] / total[c]) * counts[i];
  }
  return Array.from(sum, Math.floor);
}

/**
 * Clusters normalised points into at most k groups and returns each as a distribution point:
 * the centroid in original units (times the deviation; a zero-deviation dimension is constant,
 * so its centroid value is that constant) and its weighted count.
 */
export function clusterPoints(norm: Normalised, counts: ArrayLike<number>, k: number, maxIterations = 100): Clusters {
  const { values, dims, std, constant } = norm;
  const fit = lloyd(values, dims, seedCentroids(values, dims, k), maxIterations);
  const out = new Float64Array(fit.k * dims);
  for (let j = 0; j < fit.k; j++) {
    for (let d = 0; d < dims; d++)
      out[j * dims + d] = std[d] === 0 ? constant[d] : fit.centroids[j * dims + d] * std[d];
  }
  return { values: out, counts: weightedCounts(values, dims, counts, fit), k: fit.k, iterations: fit.iterations };
}
