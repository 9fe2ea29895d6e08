// Lloyd's k-means iterations over normalised points: exact, with distance bounds to skip work.

/** The outcome of Lloyd iterations: `k` centroids (row-major) and each point's cluster. */
export type KMeansFit = { centroids: Float64Array; k: number; assignment: Int32Array; iterations: number };

/** How many runner-up centroids each point tracks with their own lower bounds. */
const RUNNERS = 4;

/**
 * Lloyd's algorithm from the given seeds: assign every point to its nearest centroid (euclidean,
 * ties to the lower index), move each centroid to the mean of its members, until an assignment
 * pass changes nothing or `maxIterations` passes have run. A cluster left empty is dropped at
 * once (the later clusters keep their order). Means are summed in point order, as the original
 * and ml-kmeans do, so results agree to the bit.
 *
 * Why it is fast and still exact: plain Lloyd measures every point against every centroid on
 * every pass; most of those measurements cannot change anything. Following Drake & Hamerly
 * (2012), each point keeps an upper bound on the distance to its centroid, lower bounds on the
 * distances to its few nearest other centroids (its runners-up), and one lower bound on the
 * distance to all the rest. When centroids move, each bound moves by exactly what its centroid
 * did (the bound on the rest by the largest move), so the bounds stay true without measuring.
 * A point whose upper bound is below all its lower bounds, or below half the gap from its
 * centroid to the nearest other one, cannot change cluster and is skipped; one that may is
 * measured against its centroid and the runners-up whose bound is in doubt, and only when the
 * bound on the rest fails does it pay for a full scan. Skipping never changes an answer, so
 * the result is plain Lloyd's; a small slack keeps near ties out of the skips, so rounding in
 * the bounds cannot hide a tie that plain Lloyd resolves to the lower index.
 */
export function lloyd(values: Float64Array, dims: number, seeds: Float64Array, maxIterations = 100): KMeansFit {
  const s = createState(values, dims, seeds);
  const index = indexCentroids(s.centroids, dims);
  for (let i = 0; i < s.n; i++) join(s, i, scan(s, index, i));
  let iterations = 1;
  for (;;) {
    updateCentroids(s);
    if (iterations >= maxIterations) break;
    const changed = assignPass(s);
    iterations++;
    if (!changed) break;
  }
  return { centroids: s.centroids, k: s.k, assignment: s.assignment, iterations };
}

type State = {
  values: Float64Array; dims: number; n: number; k: number; centroids: Float64Array;
  assignment: Int32Array; upper: Float64Array;
  /** Per point, `runners` slots: runner-up centroid (-1 = none) and a lower bound on its distance. */
  runners: number; runnerIds: Int32Array; runnerLower: Float64Array;
  restLower: Float64Array;
  sums: Float64Array; sizes: Float64Array; moved: Float64Array; half: Float64Array;
  slack: number; topD: Float64Array; topJ: Int32Array;
};

function createState(values: Float64Array, dims: number, seeds: Float64Array): State {
  const n = values.length / dims, k = seeds.length / dims;
  const runners = Math.min(RUNNERS, k - 1);
  let scale = 0;
  for (let i = 0; i < values.length; i++) scale = Math.max(scale, Math.abs(values[i]));
  for (let i = 0; i < seeds.length; i++) scale = Math.max(scale, Math.abs(seeds[i]));
  return {
    values, dims, n, k, centroids: seeds.slice(),
    assignment: new Int32Array(n), upper: new Float64Array(n),
    runners, runnerIds: new Int32Array(n * runners), runnerLower: new Float64Array(n * runners),
    restLower: new Float64Array(n),
    sums: new Float64Array(k * dims), sizes: new Float64Array(k), moved: new Float64Array(k), half: new Float64Array(k),
    slack: 1e-9 * scale, topD: new Float64Array(runners + 2), topJ: new Int32Array(runners + 2),
  };
}

/** Full scan of point i: its centroid, runners-up and fresh bounds. Returns the centroid. */
function scan(s: State, index: CentroidIndex, i: number): number {
  const { topD, topJ, runners } = s;
  nearest(index, s.values, i * s.dims, topD, topJ);
  s.assignment[i] = topJ[0];
  s.upper[i] = Math.sqrt(topD[0]);
  for (let m = 0; m < runners; m++) {
    s.runnerIds[i * runners + m] = topJ[m + 1];
    s.runnerLower[i * runners + m] = Math.sqrt(topD[m + 1]);
  }
  s.restLower[i] = Math.sqrt(topD[runners + 1]);
  return topJ[0];
}

/** Adds point i to cluster c's sums for the next update. */
function join(s: State, i: number, c: number): void {
  const { dims, values, sums } = s;
  s.sizes[c]++;
  for (let d = 0; d < dims; d++) sums[c * dims + d] += values[i * dims + d];
}

/** Centroids to the means of their members (sums gathered in point order); empty clusters go. */
function updateCentroids(s: State): void {
  const { dims, k, centroids, sums, sizes, moved } = s;
  const remap = new Int32Array(k);
  let kept = 0;
  for (let j = 0; j < k; j++) remap[j] = sizes[j] > 0 ? kept++ : -1;
  const next = new Float64Array(kept * dims);
  for (let j = 0; j < k; j++) {
    if (remap[j] < 0) continue;
    let ss = 0;
    for (let d = 0; d < dims; d++) {
      const v = sums[j * dims + d] / sizes[j];
      const x = v - centroids[j * dims + d];
      ss += x * x;
      next[remap[j] * dims + d] = v;
    }
    moved[remap[j]] = Math.sqrt(ss);
  }
  if (kept < k) {
    for (let i = 0; i < s.n; i++) s.assignment[i] = remap[s.assignment[i]];
    for (let r = 0; r < s.runnerIds.length; r++) s.runnerIds[r] = s.runnerIds[r] < 0 ? -1 : remap[s.runnerIds[r]];
    s.sums = new Float64Array(kept * dims);
    s.sizes = new Float64Array(kept);
  }
  s.centroids = next;
  s.k = kept;
  s.sums.fill(0);
  s.sizes.fill(0);
}

/** One assignment pass over all points, gathering the next sums; true when a point changed cluster. */
function assignPass(s: State): boolean {
  const { values, dims, n, k, centroids, assignment, upper, runners, runnerIds, runnerLower, restLower, moved, half, slack } = s;
  let max1 = 0, max2 = 0, arg = -1;
  for (let j = 0; j < k; j++) {
    if (moved[j] > max1) { max2 = max1; max1 = moved[j]; arg = j; } else if (moved[j] > max2) max2 = moved[j];
  }
  halfGaps(centroids, dims, k, half);
  const index = indexCentroids(centroids, dims);
  let changed = false;
  for (let i = 0; i < n; i++) {
    const a = assignment[i], o = i * dims, base = i * runners;
    // The bounds follow the moves.
    let u = upper[i] + moved[a];
    const rest = restLower[i] - (a === arg ? max2 : max1);
    restLower[i] = rest;
    let lower = rest;
    for (let m = 0; m < runners; m++) {
      const j = runnerIds[base + m];
      if (j < 0) continue;
      const l = runnerLower[base + m] - moved[j];
      runnerLower[base + m] = l;
      if (l < lower) lower = l;
    }
    let c = a;
    if (!(u + slack < (half[a] > lower ? half[a] : lower))) {
      const ssA = squaredDistance(values, o, centroids, a * dims, dims);
      u = Math.sqrt(ssA);
      if (!(u + slack < (half[a] > lower ? half[a] : lower))) {
        if (!(u + slack < rest)) {
          c = scan(s, index, i); // some centroid beyond the runners-up may be nearer
          if (c !== a) changed = true;
          join(s, i, c);
          continue;
        }
        // Only a runner-up whose bound is in doubt can be nearer: measure those.
        let bestSS = ssA, bestM = -1;
        for (let m = 0; m < runners; m++) {
          const j = runnerIds[base + m];
          if (j < 0 || runnerLower[base + m] > u + slack) continue;
          const ss = squaredDistance(values, o, centroids, j * dims, dims);
          runnerLower[base + m] = Math.sqrt(ss);
          if (ss < bestSS || (ss === bestSS && j < c)) { bestSS = ss; c = j; bestM = m; }
        }
        if (bestM >= 0) { // swap: the old centroid becomes a runner-up at its exact distance
          runnerIds[base + bestM] = a;
          runnerLower[base + bestM] = u;
          assignment[i] = c;
          u = Math.sqrt(bestSS);
          changed = true;
        }
      }
    }
    upper[i] = u;
    join(s, i, c);
  }
  return changed;
}

function squaredDistance(x: Float64Array, o: number, c: Float64Array, p: number, dims: number): number {
  let ss = 0;
  for (let d = 0; d < dims; d++) { const t = x[o + d] - c[p + d]; ss += t * t; }
  return ss;
}

/** Centroids sorted along the axis on which they spread widest, for `nearest`. */
type CentroidIndex = { dims: number; k: number; axis: number; ids: Int32Array; keys: Float64Array; sorted: Float64Array };

function indexCentroids(coords: Float64Array, dims: number): CentroidIndex {
  const k = coords.length / dims;
  let axis = 0, widest = -1;
  for (let d = 0; d < dims; d++) {
    let lo = Infinity, hi = -Infinity;
    for (let j = 0; j < k; j++) { const v = coords[j * dims + d]; if (v < lo) lo = v; if (v > hi) hi = v; }
    if (hi - lo > widest) { widest = hi - lo; axis = d; }
  }
  const ids = Int32Array.from({ length: k }, (_, j) => j).sort((p, q) => coords[p * dims + axis] - coords[q * dims + axis]);
  const keys = Float64Array.from(ids, (j) => coords[j * dims + axis]);
  const sorted = new Float64Array(k * dims);
  ids.forEach((j, p) => sorted.set(coords.subarray(j * dims, (j + 1) * dims), p * dims));
  return { dims, k, axis, ids, keys, sorted };
}

/**
 * The nearest centroids to the point at values[o…]: topD/topJ receive the squared distances and
 * indexes of the closest topD.length, ascending (equal distances by index, so topJ[0] is the
 * nearest with ties to the lower index); missing places are ∞ and -1. Centroids are visited
 * outward from the point along the index's axis, upward then downward; once the squared gap on
 * that axis alone exceeds the last kept squared distance, nothing further that way can place.
 * The squared gap is computed exactly as one term of the distance sum, so the cut-off never
 * drops a candidate that a full scan would keep.
 */
function nearest(index: CentroidIndex, values: Float64Array, o: number, topD: Float64Array, topJ: Int32Array): void {
  const { dims, k, ids, keys, sorted } = index;
  const last = topD.length - 1;
  topD.fill(Infinity);
  topJ.fill(-1);
  const x = values[o + index.axis];
  let start = 0, hi = k;
  while (start < hi) { const mid = (start + hi) >>> 1; if (keys[mid] < x) start = mid + 1; else hi = mid; }
  for (let p = start, step = 1; ; p += step) {
    if (p < 0) break;
    if (p >= k || (keys[p] - x) * (keys[p] - x) > topD[last]) {
      if (step < 0) break;
      step = -1;
      p = start;
      continue;
    }
    let ss = 0;
    for (let d = 0, c = p * dims; d < dims; d++) { const t = values[o + d] - sorted[c + d]; ss += t * t; }
    if (ss > topD[last]) continue;
    const j = ids[p];
    if (ss === topD[last] && j > topJ[last] && topJ[last] >= 0) continue;
    let q = last;
    while (q > 0 && (ss < topD[q - 1] || (ss === topD[q - 1] && j < topJ[q - 1]))) {
      topD[q] = topD[q - 1];
      topJ[q] = topJ[q - 1];
      q--;
    }
    topD[q] = ss;
    topJ[q] = j;
  }
}

/** half[j] = half the distance from centroid j to its nearest other centroid (∞ when alone). */
function halfGaps(coords: Float64Array, dims: number, k: number, half: Float64Array): void {
  for (let j = 0; j < k; j++) {
    let min = Infinity;
    for (let q = 0; q < k; q++) {
      if (q === j) continue;
      const ss = squaredDistance(coords, j * dims, coords, q * dims, dims);
      if (ss < min) min = ss;
    }
    half[j] = Math.sqrt(min) / 2;
  }
}
