// Radix ranking and grouping: each kept row's rank among a float column's distinct values, and groups of rank tuples, without searches.
import { decimalRanks } from './decimal.ts';
import { PASSES } from './sort.ts';

/** Per kept row (position in `sel`), its rank; `uniq` the distinct values ascending. Nulls rank `uniq.length`. */
export type FloatRanks = { ranks: Int32Array; uniq: Float64Array };

const NOTHING = () => {};

/**
 * The rank of each row sel[p] of a Float64 (or Int32 integer) column among its distinct non-null values there, with
 * nulls ranked last (`uniq.length`). Null (nothing computed) when a kept value is NaN: the search
 * path of workers/group/rank.ts has its own answer for NaN, which this one leaves to it. `step` is
 * called between passes over the rows (a background build gives way to requests there: workers/yield.ts).
 *
 * Why: ranking 10M rows by searching 10M sorted doubles costs a cache miss or two per row even
 * through a bucket index. Here the kept values' bits become unsigned keys that order like the
 * numbers (-0 as +0: one value, as `!==` sees it), an LSD radix argsort (six stable 11-bit passes,
 * a constant digit skipped, as workers/group/sort.ts) carries each value's position along, and one walk
 * over the sorted values hands out the ranks. Memory: 24 bytes per kept row while sorting (two
 * copies of the values and of the positions), then 4 per row for the ranks. Decimals of a few
 * places skip the sort (workers/group/decimal.ts).
 */
export function rankFloats(
  values: Float64Array | Int32Array,
  validity: Uint8Array | null,
  offset: number,
  sel: Int32Array,
  step: () => void = NOTHING,
): FloatRanks | null {
  const decimal = decimalRanks(values, validity, offset, sel, step);
  if (decimal !== null) return decimal;
  step();
  const m = sel.length;
  let n = 0,
    negativeZero = false;
  const keys = new Float64Array(m);
  let pos: Uint32Array = new Uint32Array(m);
  for (let p = 0; p < m; p++) {
    const i = sel[p];
    if (validity !== null && ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 0) continue;
    const v = values[i];
    if (v !== v) return null;
    if (v === 0) negativeZero ||= 1 / v < 0;
    keys[n] = v === 0 ? 0 : v;
    pos[n++] = p;
  }
  step();
  const sorted = argsort(keys.subarray(0, n), pos.subarray(0, n), step);
  pos = sorted.pos;
  const ranks = new Int32Array(m);
  let u = 0;
  const inOrder = sorted.keys;
  for (let j = 0, last = Number.NaN; j < n; j++) {
    const v = inOrder[j];
    if (v !== last) inOrder[u++] = last = v;
    ranks[pos[j]] = u - 1;
  }
  step();
  const uniq = inOrder.slice(0, u);
  if (negativeZero) uniq[uniq.indexOf(0)] = -0; // the built-in sort puts -0 first, and a run keeps its first value
  if (validity !== null) {
    for (let p = 0; p < m; p++) {
      const b = offset + sel[p];
      if (((validity[b >> 3] >> (b & 7)) & 1) === 0) ranks[p] = u;
    }
  }
  return { ranks, uniq };
}

/**
 * Sorts doubles (no NaN) ascending with their positions alongside, by six stable 11-bit LSD passes
 * over the bits of an unsigned key that orders like the number (a negative's bits flipped, a
 * positive's sign bit set), computed from the words as each pass reads them: the doubles move as
 * doubles (8 bytes at once; never a NaN pattern, which a copy might canonicalise). All six
 * histograms come from one read; a pass whose digit is the same for every value is skipped.
 */
function argsort(keys: Float64Array, pos: Uint32Array, step: () => void): { keys: Float64Array; pos: Uint32Array } {
  const n = keys.length;
  const count = histograms(new Uint32Array(keys.buffer, keys.byteOffset, 2 * n), n);
  step();
  let src: Float64Array = keys,
    dst: Float64Array = new Float64Array(n),
    pdst: Uint32Array = new Uint32Array(n);
  PASSES.forEach(([word, shift, bits], k) => {
    const mask = (1 << bits) - 1,
      hist = count.subarray(k << 11, (k + 1) << 11);
    if (n === 0 || hist.includes(n)) return;
    for (let b = 0, sum = 0; b < 2048; b++) {
      const c = hist[b];
      hist[b] = sum;
      sum += c;
    }
    movePass(new Uint32Array(src.buffer, src.byteOffset, 2 * n), src, dst, pos, pdst, hist, word, shift, mask);
    step();
    [src, dst] = [dst, src];
    [pos, pdst] = [pdst, pos];
  });
  return { keys: src, pos };
}

/** The six 2048-bucket histograms of the keys' digits, in one read. */
function histograms(words: Uint32Array, n: number): Uint32Array {
  const count = new Uint32Array(6 << 11);
  for (let j = 0; j < n; j++) {
    const hi = words[2 * j + 1],
      flip = hi >> 31; // -1 for a negative: flip every bit; else set the sign bit
    const lo = (words[2 * j] ^ flip) >>> 0,
      h = (hi ^ (flip | 0x80000000)) >>> 0;
    count[lo & 2047]++;
    count[2048 + ((lo >>> 11) & 2047)]++;
    count[4096 + (lo >>> 22)]++;
    count[6144 + (h & 2047)]++;
    count[8192 + ((h >>> 11) & 2047)]++;
    count[10240 + (h >>> 22)]++;
  }
  return count;
}

function movePass(
  words: Uint32Array,
  src: Float64Array,
  dst: Float64Array,
  pos: Uint32Array,
  pdst: Uint32Array,
  start: Uint32Array,
  word: number,
  shift: number,
  mask: number,
): void {
  for (let j = 0; j < src.length; j++) {
    const hi = words[2 * j + 1],
      flip = hi >> 31;
    const key = word === 0 ? words[2 * j] ^ flip : hi ^ (flip | 0x80000000);
    const k = start[(key >>> shift) & mask]++;
    dst[k] = src[j];
    pdst[k] = pos[j];
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
