// Radix ranking and grouping: each kept row's rank among a float column's distinct values, and groups of rank tuples, without searches.

/** LSD passes over the (low, high) words of a 64-bit key: [word, shift, bits], as workers/sort.ts. */
const PASSES: [word: number, shift: number, bits: number][] = [
  [0, 0, 11],
  [0, 11, 11],
  [0, 22, 10],
  [1, 0, 11],
  [1, 11, 11],
  [1, 22, 10],
];

/** Per kept row (position in `sel`), its rank; `uniq` the distinct values ascending. Nulls rank `uniq.length`. */
export type FloatRanks = { ranks: Int32Array; uniq: Float64Array };

/**
 * The rank of each row sel[p] of a Float64 column among its distinct non-null values there, with
 * nulls ranked last (`uniq.length`). Null (nothing computed) when a kept value is NaN: the search
 * path of workers/rank.ts has its own answer for NaN, which this one leaves to it.
 *
 * Why: ranking 10M rows by searching 10M sorted doubles costs a cache miss or two per row even
 * through a bucket index. Here the kept values' bits become unsigned keys that order like the
 * numbers (-0 as +0: one value, as `!==` sees it), an LSD radix argsort (six stable 11-bit passes,
 * a constant digit skipped, as workers/sort.ts) carries each key's position along, and one walk
 * over the sorted keys hands out the ranks. Memory: 24 bytes per kept row while sorting (two
 * copies of the keys and of the positions), then 4 per row for the ranks.
 */
export function rankFloats(
  values: Float64Array,
  validity: Uint8Array | null,
  offset: number,
  sel: Int32Array,
): FloatRanks | null {
  const m = sel.length;
  let n = 0,
    negativeZero = false;
  const keys = new Float64Array(m);
  let pos = new Uint32Array(m);
  for (let p = 0; p < m; p++) {
    const i = sel[p];
    if (validity !== null && ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 0) continue;
    const v = values[i];
    if (v !== v) return null;
    if (v === 0) negativeZero ||= 1 / v < 0;
    keys[n] = v === 0 ? 0 : v;
    pos[n++] = p;
  }
  const words = new Uint32Array(keys.buffer, 0, 2 * n); // little-endian: [lo, hi]
  toOrdered(words, n);
  let src = words,
    dst = new Uint32Array(2 * n),
    pdst = new Uint32Array(n);
  const count = new Uint32Array(2048);
  for (const [word, shift, bits] of PASSES) {
    const mask = (1 << bits) - 1;
    count.fill(0);
    for (let j = 0; j < n; j++) count[(src[2 * j + word] >>> shift) & mask]++;
    if (n === 0 || count[(src[word] >>> shift) & mask] === n) continue;
    for (let b = 0, sum = 0; b < 2048; b++) {
      const c = count[b];
      count[b] = sum;
      sum += c;
    }
    for (let j = 0; j < n; j++) {
      const k = count[(src[2 * j + word] >>> shift) & mask]++;
      dst[2 * k] = src[2 * j];
      dst[2 * k + 1] = src[2 * j + 1];
      pdst[k] = pos[j];
    }
    [src, dst] = [dst, src];
    [pos, pdst] = [pdst, pos];
  }
  fromOrdered(src, n);
  const sorted = new Float64Array(src.buffer, 0, n);
  const ranks = new Int32Array(m);
  let u = 0;
  for (let j = 0, last = Number.NaN; j < n; j++) {
    const v = sorted[j];
    if (v !== last) sorted[u++] = last = v;
    ranks[pos[j]] = u - 1;
  }
  const uniq = sorted.slice(0, u);
  if (negativeZero) uniq[uniq.indexOf(0)] = -0; // the built-in sort puts -0 first, and a run keeps its first value
  if (validity !== null) {
    for (let p = 0; p < m; p++) {
      const b = offset + sel[p];
      if (((validity[b >> 3] >> (b & 7)) & 1) === 0) ranks[p] = u;
    }
  }
  return { ranks, uniq };
}

/** Maps each double's words to an unsigned key that orders like the number (flip a negative, set a positive's sign). */
function toOrdered(words: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) {
    const hi = words[2 * j + 1];
    if (hi >>> 31) {
      words[2 * j + 1] = ~hi >>> 0;
      words[2 * j] = ~words[2 * j] >>> 0;
    } else words[2 * j + 1] = (hi | 0x80000000) >>> 0;
  }
}

function fromOrdered(words: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) {
    const hi = words[2 * j + 1];
    if (hi >>> 31) words[2 * j + 1] = hi & 0x7fffffff;
    else {
      words[2 * j + 1] = ~hi >>> 0;
      words[2 * j] = ~words[2 * j] >>> 0;
    }
  }
}

/** Distinct rank tuples in lexicographic order, with how many rows hold each. */
export type RankGroups = { counts: Float64Array; ranks: Int32Array[] };

/**
 * The groups of the rows' rank tuples: `ranks[d][p]` < `cards[d]` is row p's rank in dimension d.
 * The rows are ordered by a stable LSD radix sort, the last dimension's digits first and the first
 * dimension's last, every dimension's ranks moving together (no packed key, no search); then each
 * run of equal tuples is a group. Digits of at most 12 bits (a 16 KiB histogram), as few passes as
 * a dimension's card needs (two for 10M values). Consumes `ranks` (they are sorted in place or
 * dropped). Memory: 8 bytes per row and dimension while sorting, plus 4 per row.
 */
export function groupRanks(ranks: Int32Array[], cards: number[]): RankGroups {
  const n = ranks.length > 0 ? ranks[0].length : 0;
  let src: Int32Array[] = ranks,
    dst: Int32Array[] = ranks.map(() => new Int32Array(n));
  const count = new Uint32Array(1 << 12),
    order = new Uint32Array(n); // each row's destination in a pass, applied to every dimension
  for (let d = ranks.length - 1; d >= 0; d--) {
    const bits = Math.ceil(Math.log2(Math.max(cards[d], 2)));
    const passes = Math.ceil(bits / 12),
      width = Math.ceil(bits / passes);
    for (let shift = 0; shift < bits; shift += width) {
      if (!countingPass(src, dst, d, shift, (1 << width) - 1, count, order)) continue;
      [src, dst] = [dst, src];
    }
  }
  return countTuples(src, n);
}

/** One stable counting pass on the digit (ranks[d] >> shift) & mask, moving every dimension; false when the digit is constant. */
function countingPass(
  src: Int32Array[],
  dst: Int32Array[],
  d: number,
  shift: number,
  mask: number,
  count: Uint32Array,
  order: Uint32Array,
): boolean {
  const key = src[d],
    n = key.length;
  count.fill(0);
  for (let j = 0; j < n; j++) count[(key[j] >>> shift) & mask]++;
  if (n === 0 || count[(key[0] >>> shift) & mask] === n) return false;
  for (let b = 0, sum = 0; b <= mask; b++) {
    const c = count[b];
    count[b] = sum;
    sum += c;
  }
  for (let j = 0; j < n; j++) order[j] = count[(key[j] >>> shift) & mask]++;
  for (let e = 0; e < src.length; e++) scatter(src[e], dst[e], order);
  return true;
}

function scatter(from: Int32Array, to: Int32Array, order: Uint32Array): void {
  for (let j = 0; j < from.length; j++) to[order[j]] = from[j];
}

/** Runs of equal tuples in sorted rank arrays: each run's tuple and length. */
function countTuples(sorted: Int32Array[], n: number): RankGroups {
  let size = 0;
  for (let j = 0; j < n; j++) if (j === 0 || differs(sorted, j)) size++;
  const counts = new Float64Array(size);
  const out = sorted.map(() => new Int32Array(size));
  for (let j = 0, g = -1; j < n; j++) {
    if (j === 0 || differs(sorted, j)) {
      g++;
      for (let d = 0; d < sorted.length; d++) out[d][g] = sorted[d][j];
    }
    counts[g]++;
  }
  return { counts, ranks: out };
}

function differs(sorted: Int32Array[], j: number): boolean {
  for (let d = 0; d < sorted.length; d++) if (sorted[d][j] !== sorted[d][j - 1]) return true;
  return false;
}
