// A k-d tree over distribution points for k-means: tight node boxes, point ranges, tree-ordered coordinates.

const LEAF = 16;

/** A k-d tree over points: node boxes, point ranges in `perm`, children (-1 at leaves). */
export type Tree = {
  dims: number;
  /** Point indexes in tree order: node i holds perm[start[i]…end[i]). */
  perm: Int32Array;
  /** The coordinates in tree order (point perm[p] at p·dims), so leaves read memory in sequence. */
  ordered: Float64Array;
  start: Int32Array;
  end: Int32Array;
  left: Int32Array;
  right: Int32Array;
  lo: Float64Array;
  hi: Float64Array;
  mid: Float64Array;
  /** The centroid that took the whole node on the last pass, or -1. */
  owner: Int32Array;
  nodes: number;
  depth: number;
  /** The largest absolute coordinate, for the rounding margin. */
  scale: number;
};

/**
 * Builds the tree over row-major points. Each node's box is the tight bounding box of its
 * points; a node splits at the median of its widest dimension, so the depth stays about
 * log₂(n/LEAF) whatever the distribution; a node whose points all coincide stays a leaf.
 */
export function buildTree(values: Float64Array, dims: number): Tree {
  const n = values.length / dims;
  const cap = n + 1; // a split leaves ≥ ⌊(LEAF + 1)/2⌋ points per leaf, so nodes < n/4 + 1
  const t: Tree = {
    dims,
    perm: Int32Array.from({ length: n }, (_, i) => i),
    ordered: new Float64Array(n * dims),
    start: new Int32Array(cap),
    end: new Int32Array(cap),
    left: new Int32Array(cap),
    right: new Int32Array(cap),
    lo: new Float64Array(cap * dims),
    hi: new Float64Array(cap * dims),
    mid: new Float64Array(cap * dims),
    owner: new Int32Array(cap).fill(-1),
    nodes: 0,
    depth: 0,
    scale: 0,
  };
  for (let i = 0; i < values.length; i++) t.scale = Math.max(t.scale, Math.abs(values[i]));
  if (n > 0) makeNode(t, values, 0, n, 0);
  for (let p = 0; p < n; p++) for (let d = 0; d < dims; d++) t.ordered[p * dims + d] = values[t.perm[p] * dims + d];
  return t;
}

function makeNode(t: Tree, values: Float64Array, start: number, end: number, depth: number): number {
  const { dims, perm } = t;
  const node = t.nodes++;
  t.depth = Math.max(t.depth, depth);
  t.start[node] = start;
  t.end[node] = end;
  const box = node * dims;
  let widest = 0,
    axis = 0;
  for (let d = 0; d < dims; d++) {
    let lo = Infinity,
      hi = -Infinity;
    for (let p = start; p < end; p++) {
      const v = values[perm[p] * dims + d];
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
    t.lo[box + d] = lo;
    t.hi[box + d] = hi;
    t.mid[box + d] = (lo + hi) / 2;
    if (hi - lo > widest) {
      widest = hi - lo;
      axis = d;
    }
  }
  if (end - start <= LEAF || widest === 0) {
    t.left[node] = t.right[node] = -1;
    return node;
  }
  const half = (start + end) >> 1;
  select(perm, start, end - 1, half, values, dims, axis);
  t.left[node] = makeNode(t, values, start, half, depth + 1);
  t.right[node] = makeNode(t, values, half, end, depth + 1);
  return node;
}

/** Reorders perm[lo..hi] so perm[nth] holds the nth smallest coordinate on `axis` (Hoare quickselect). */
function select(
  perm: Int32Array,
  lo: number,
  hi: number,
  nth: number,
  values: Float64Array,
  dims: number,
  axis: number,
): void {
  while (lo < hi) {
    const pivot = values[perm[(lo + hi) >> 1] * dims + axis];
    let i = lo,
      j = hi;
    while (i <= j) {
      while (values[perm[i] * dims + axis] < pivot) i++;
      while (values[perm[j] * dims + axis] > pivot) j--;
      if (i <= j) {
        const s = perm[i];
        perm[i] = perm[j];
        perm[j] = s;
        i++;
        j--;
      }
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}
