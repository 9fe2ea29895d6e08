// Lloyd's k-means iterations over normalised points: exact, with a k-d tree to skip distance work.
import { buildTree, type Tree } from './kdtree.ts';

/** The outcome of Lloyd iterations: `k` centroids (row-major) and each point's cluster. */
export type KMeansFit = { centroids: Float64Array; k: number; assignment: Int32Array; iterations: number };

/**
 * Lloyd's algorithm from the given seeds: assign every point to its nearest centroid (euclidean,
 * ties to the lower index), move each centroid to the mean of its members, until an assignment
 * pass changes nothing or `maxIterations` passes have run. A cluster left empty is dropped at
 * once (the later clusters keep their order). Means are summed in point order, as the original
 * and ml-kmeans do, so results agree with them to the bit.
 *
 * Why it is fast and still exact: plain Lloyd measures every point against every centroid on
 * every pass (50 000 points × 158 centroids × 100 passes). Here the points sit in a k-d tree
 * built once, and each pass walks it with the "filtering" algorithm (Kanungo et al., 2002): at
 * each node, a centroid that is farther than another from every point of the node's box is
 * dropped for the whole subtree (one test at the box corner that favours it most, since the
 * difference of two squared distances is linear in the point). A node left with one centroid
 * takes all its points at once, and is not even revisited point by point when it had that same
 * owner on the previous pass; a leaf measures its points against the few centroids left. A
 * centroid is dropped only when it loses by a clear margin, far above floating-point error, so
 * every point ends where plain Lloyd's own arithmetic puts it, near ties included (those reach
 * the leaves and are settled there, lower index first).
 */
export function lloyd(values: Float64Array, dims: number, seeds: Float64Array, maxIterations = 100): KMeansFit {
  const n = values.length / dims;
  const tree = buildTree(values, dims);
  const assignment = new Int32Array(n).fill(-1);
  let centroids: Float64Array = seeds.slice();
  let iterations = 0,
    fresh = true;
  for (;;) {
    const changed = assignAll(tree, centroids, assignment, fresh);
    iterations++;
    if (iterations > 1 && !changed) break;
    const k = centroids.length / dims;
    const sums = new Float64Array(k * dims),
      sizes = new Float64Array(k);
    sumMembers(values, dims, assignment, sums, sizes);
    centroids = toMeans(sums, sizes, dims);
    fresh = centroids.length < k * dims; // indexes moved: cached node owners are void
    if (fresh) renumber(assignment, sizes);
    if (iterations >= maxIterations) break;
  }
  return { centroids, k: centroids.length / dims, assignment, iterations };
}

/** Per-cluster sums and sizes, added in point order. */
function sumMembers(
  values: Float64Array,
  dims: number,
  assignment: Int32Array,
  sums: Float64Array,
  sizes: Float64Array,
): void {
  if (dims === 2) {
    // the common case, unrolled: same additions in the same order
    for (let i = 0; i < assignment.length; i++) {
      const c = assignment[i];
      sizes[c]++;
      sums[2 * c] += values[2 * i];
      sums[2 * c + 1] += values[2 * i + 1];
    }
    return;
  }
  for (let i = 0; i < assignment.length; i++) {
    const c = assignment[i];
    sizes[c]++;
    for (let d = 0; d < dims; d++) sums[c * dims + d] += values[i * dims + d];
  }
}

/** The means of the non-empty clusters, in cluster order. */
function toMeans(sums: Float64Array, sizes: Float64Array, dims: number): Float64Array {
  let kept = 0;
  for (let j = 0; j < sizes.length; j++) if (sizes[j] > 0) kept++;
  const means = new Float64Array(kept * dims);
  for (let j = 0, m = 0; j < sizes.length; j++) {
    if (sizes[j] === 0) continue;
    for (let d = 0; d < dims; d++) means[m * dims + d] = sums[j * dims + d] / sizes[j];
    m++;
  }
  return means;
}

/** Renumbers the assignment after empty clusters are dropped. */
function renumber(assignment: Int32Array, sizes: Float64Array): void {
  const remap = new Int32Array(sizes.length);
  for (let j = 0, m = 0; j < sizes.length; j++) remap[j] = sizes[j] > 0 ? m++ : -1;
  for (let i = 0; i < assignment.length; i++) assignment[i] = remap[assignment[i]];
}

type Pass = {
  t: Tree;
  centroids: Float64Array;
  k: number;
  assignment: Int32Array;
  changed: boolean;
  /** Candidate lists, k slots per tree depth, each list in ascending centroid order. */
  candidates: Int32Array;
  /** Absolute part of the domination margin, scaled to the data. */
  floor: number;
};

/** One assignment pass over the tree; true when some point changed cluster. */
function assignAll(t: Tree, centroids: Float64Array, assignment: Int32Array, fresh: boolean): boolean {
  if (t.nodes === 0) return false;
  const k = centroids.length / t.dims;
  let scale = t.scale;
  for (let i = 0; i < centroids.length; i++) scale = Math.max(scale, Math.abs(centroids[i]));
  const s: Pass = {
    t,
    centroids,
    k,
    assignment,
    changed: false,
    candidates: new Int32Array((t.depth + 2) * k),
    floor: 1e-12 * scale * scale,
  };
  for (let j = 0; j < k; j++) s.candidates[j] = j;
  filter(s, 0, k, 0, fresh);
  return s.changed;
}

/**
 * Assigns the points under `node` among its `count` candidates (at candidates[depth·k…]).
 * `stale` says the owners cached below this node are out of date (an ancestor took the whole
 * subtree on the last pass, or cluster indexes moved), so a whole-node owner must be written.
 */
function filter(s: Pass, node: number, count: number, depth: number, stale: boolean): void {
  const { t, centroids, candidates, k } = s;
  const dims = t.dims;
  const from = depth * k,
    to = from + k; // this node's list, and its children's

  // The candidate nearest the box's midpoint, then drop those it beats across the whole box.
  let star = -1,
    best = Infinity;
  for (let c = from; c < from + count; c++) {
    const j = candidates[c];
    let ss = 0;
    for (let d = 0; d < dims; d++) {
      const x = t.mid[node * dims + d] - centroids[j * dims + d];
      ss += x * x;
    }
    if (ss < best) {
      best = ss;
      star = j;
    }
  }
  let left = 0;
  for (let c = from; c < from + count; c++) {
    const j = candidates[c];
    if (j === star || !dominated(s, node, j, star)) candidates[to + left++] = j;
  }

  const before = t.owner[node];
  if (left === 1) {
    t.owner[node] = star;
    if (stale || before !== star) takeAll(s, node, star);
  } else if (t.left[node] < 0) {
    t.owner[node] = -1;
    measureLeaf(s, node, to, left);
  } else {
    t.owner[node] = -1;
    const below = stale || before >= 0; // children were skipped last pass if this node was owned
    filter(s, t.left[node], left, depth + 1, below); // children write only to deeper lists
    filter(s, t.right[node], left, depth + 1, below);
  }
}

/** Every point under the node goes to centroid c. */
function takeAll(s: Pass, node: number, c: number): void {
  const { t, assignment } = s;
  for (let p = t.start[node]; p < t.end[node]; p++) {
    const i = t.perm[p];
    if (assignment[i] !== c) {
      assignment[i] = c;
      s.changed = true;
    }
  }
}

/** A leaf's points, each to its nearest of the `count` candidates at candidates[at…] (ties: lower index). */
function measureLeaf(s: Pass, node: number, at: number, count: number): void {
  const { t, centroids, candidates, assignment } = s;
  const dims = t.dims,
    ordered = t.ordered,
    perm = t.perm;
  for (let p = t.start[node]; p < t.end[node]; p++) {
    let bestJ = -1,
      bestSS = Infinity;
    if (dims === 2) {
      const x0 = ordered[2 * p],
        x1 = ordered[2 * p + 1];
      for (let c = at; c < at + count; c++) {
        const j = candidates[c];
        const a = x0 - centroids[2 * j],
          b = x1 - centroids[2 * j + 1];
        const ss = a * a + b * b;
        if (ss < bestSS) {
          bestSS = ss;
          bestJ = j;
        }
      }
    } else {
      for (let c = at; c < at + count; c++) {
        const j = candidates[c];
        let ss = 0;
        for (let d = 0; d < dims; d++) {
          const x = ordered[p * dims + d] - centroids[j * dims + d];
          ss += x * x;
        }
        if (ss < bestSS) {
          bestSS = ss;
          bestJ = j;
        }
      }
    }
    const i = perm[p];
    if (assignment[i] !== bestJ) {
      assignment[i] = bestJ;
      s.changed = true;
    }
  }
}

/**
 * True when centroid z is farther than `star` from every point of the node's box by a clear
 * margin: the squared-distance difference is linear in the point, so its minimum over the box is
 * at the corner lying furthest toward z. The margin (relative, plus a floor scaled to the data)
 * dwarfs the rounding in any squared distance, so a dropped centroid also loses in plain Lloyd's
 * floating-point comparison; anything closer is left for the leaves to measure.
 */
function dominated(s: Pass, node: number, z: number, star: number): boolean {
  const { t, centroids } = s;
  const dims = t.dims;
  let dz = 0,
    ds = 0;
  for (let d = 0; d < dims; d++) {
    const cz = centroids[z * dims + d],
      cs = centroids[star * dims + d];
    const v = cz > cs ? t.hi[node * dims + d] : t.lo[node * dims + d];
    dz += (v - cz) * (v - cz);
    ds += (v - cs) * (v - cs);
  }
  return dz - ds > 1e-9 * (dz + ds) + s.floor;
}
