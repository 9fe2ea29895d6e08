// Sorting the values a scan selected: counting or radix sort for Float64Array, TypedArray#sort otherwise.

const SMALL = 4096;
const PASSES: [word: number, shift: number, bits: number][] = [
  [0, 0, 11],
  [0, 11, 11],
  [0, 22, 10],
  [1, 0, 11],
  [1, 11, 11],
  [1, 22, 10],
];

/**
 * Sorts in place exactly as TypedArray#sort does (numeric ascending, -0 before +0, NaN last).
 *
 * Why: at load every numeric column of every table is sorted once (distinct values and
 * quantiles), and V8's comparison sort takes ~1.4 s for 10M doubles. Whole numbers in a narrow
 * range (years, codes, counts) are counted and written back in order. Other doubles get an LSD
 * radix sort: each value's bits map to an unsigned key that orders like the number (flip every
 * bit of a negative, set the sign bit of a positive), six stable 11-bit counting passes over the
 * (low, high) words sort the keys (a pass whose digit is the same for every value is skipped; a
 * 2048-bucket histogram stays in cache), and the mapping is undone.
 */
export function sortValues(values: Float64Array | Int32Array | BigInt64Array): void {
  if (!(values instanceof Float64Array) || values.length < SMALL) values.sort();
  else if (!countingSort(values)) radixSort(values);
}

/** Whole numbers (no -0) spanning at most 4× as many slots as values: a counting sort. False if not. */
function countingSort(values: Float64Array): boolean {
  const n = values.length;
  let min = Infinity,
    max = -Infinity,
    fraction = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    min = v < min ? v : min;
    max = v > max ? v : max;
    fraction += v - Math.floor(v); // NaN for NaN and ±∞
    if (v === 0 && 1 / v < 0) return false; // -0 must stay -0
  }
  const range = max - min + 1;
  if (fraction !== 0 || !(range <= Math.max(1 << 16, 4 * n))) return false;
  const slots = new Uint32Array(range);
  for (let i = 0; i < n; i++) slots[values[i] - min]++;
  for (let r = 0, k = 0; r < range; r++) {
    const c = slots[r];
    if (c) values.fill(r + min, k, k + c);
    k += c;
  }
  return true;
}

function radixSort(values: Float64Array): void {
  const n = values.length;
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2); // little-endian: [lo, hi]
  for (let i = 0; i < n; i++) {
    const hi = words[2 * i + 1];
    if (hi >>> 31) {
      words[2 * i + 1] = ~hi >>> 0;
      words[2 * i] = ~words[2 * i] >>> 0;
    } else {
      words[2 * i + 1] = (hi | 0x80000000) >>> 0;
    }
  }
  let src: Uint32Array = words,
    dst: Uint32Array = new Uint32Array(n * 2);
  const count = new Uint32Array(2048);
  for (const [word, shift, bits] of PASSES) {
    const mask = (1 << bits) - 1;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(src[2 * i + word] >>> shift) & mask]++;
    if (count[(src[word] >>> shift) & mask] === n) continue;
    for (let b = 0, sum = 0; b < 2048; b++) {
      const c = count[b];
      count[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const j = count[(src[2 * i + word] >>> shift) & mask]++;
      dst[2 * j] = src[2 * i];
      dst[2 * j + 1] = src[2 * i + 1];
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== words) words.set(src);
  for (let i = 0; i < n; i++) {
    const hi = words[2 * i + 1];
    if (hi >>> 31) {
      words[2 * i + 1] = hi & 0x7fffffff;
    } else {
      words[2 * i + 1] = ~hi >>> 0;
      words[2 * i] = ~words[2 * i] >>> 0;
    }
  }
}
