// Ranks by searching sorted distinct values: binary search, and a bucket index over the value range for many doubles.

/** Sorted distinct values with, per bucket of the value range, the first index whose value falls in it or after. */
export type BucketIndex = { sorted: Float64Array; min: number; scale: number; starts: Int32Array; buckets: number };

/**
 * Why: a binary search over 10M sorted doubles (80 MiB) misses the cache at most of its ~23 steps,
 * and ranking every row that way costs seconds. Bucket b of the range [min, max] holds the values
 * with ⌊(v − min)·scale⌋ = b (the map is monotonic, so the buckets are runs of the sorted array);
 * `starts` (one Int32 per bucket, ~one bucket per 4 values) narrows each search to its bucket,
 * usually a few values in one or two cache lines. Skewed data only makes some buckets longer.
 * Requires finite values (NaN or ±∞ fall back to a plain binary search: see `toBucketIndex`).
 */
export function toBucketIndex(sorted: Float64Array): BucketIndex | null {
  const n = sorted.length;
  const min = sorted[0],
    max = sorted[n - 1];
  if (n < 1 << 16 || !Number.isFinite(min) || !Number.isFinite(max) || max === min) return null;
  const buckets = Math.min(1 << 24, n >> 2);
  const scale = buckets / (max - min);
  const starts = new Int32Array(buckets + 2);
  let b = 0;
  for (let i = 0; i < n; i++) {
    const bi = toBucket(sorted[i], min, scale, buckets);
    while (b <= bi) starts[b++] = i;
  }
  while (b < starts.length) starts[b++] = n;
  return { sorted, min, scale, starts, buckets };
}

function toBucket(v: number, min: number, scale: number, buckets: number): number {
  const b = Math.floor((v - min) * scale);
  return b > buckets ? buckets : b > 0 ? b : 0; // a null's slot may hold anything: clamped, its rank is replaced
}

/** The index of v, which the sorted values hold, through its bucket. */
export function searchBucket(ix: BucketIndex, v: number): number {
  const b = toBucket(v, ix.min, ix.scale, ix.buckets);
  let lo = ix.starts[b],
    hi = ix.starts[b + 1] - 1;
  const s = ix.sorted;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** keys[p] = keys[p]·c + the rank of the value at row sel[p] among `sorted` (the bucket index for many doubles). */
export function foldSearch(
  values: ArrayLike<number | bigint>,
  sorted: ArrayLike<number | bigint>,
  sel: Int32Array,
  keys: Int32Array | Float64Array,
  c: number,
): void {
  const ix = sorted instanceof Float64Array ? toBucketIndex(sorted) : null;
  if (ix !== null) {
    const v = values as Float64Array;
    for (let p = 0; p < sel.length; p++) keys[p] = keys[p] * c + searchBucket(ix, v[sel[p]]);
    return;
  }
  for (let p = 0; p < sel.length; p++) keys[p] = keys[p] * c + search(sorted, values[sel[p]]);
}

/** Index of v in an ascending array that holds it. */
export function search(sorted: ArrayLike<number | bigint>, v: number | bigint): number {
  let lo = 0,
    hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
