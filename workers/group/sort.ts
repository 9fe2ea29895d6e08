// Sorting the values a scan selected: counting or radix sort for Float64Array (whole or decimal), TypedArray#sort otherwise.

const SMALL = 4096;
/** LSD passes over the (low, high) 32-bit words of a 64-bit key: [word, shift, bits]. */
export const PASSES: [word: number, shift: number, bits: number][] = [
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
 * range (years, codes, counts; dates, times as Int32Array) are counted and written back in order. Other doubles get an LSD
 * radix sort: each value's bits map to an unsigned key that orders like the number (flip every
 * bit of a negative, set the sign bit of a positive), six stable 11-bit counting passes over the
 * (low, high) words sort the keys (a pass whose digit is the same for every value is skipped; a
 * 2048-bucket histogram stays in cache), and the mapping is undone.
 */
export function sortValues(values: Float64Array | Int32Array | BigInt64Array): void {
  if (values instanceof BigInt64Array || values.length < SMALL) values.sort();
  else if (values instanceof Int32Array) {
    if (!countingSort(values)) values.sort();
  } else if (!countingSort(values) && !decimalSort(values)) radixSort(values);
}

/** The most decimal places a decimal sort takes: 10^6. */
export const MAX_SCALE = 1e6;

/**
 * Decimals with at most six places (prices, measurements: most of what a CSV holds): each value v
 * is k/s for the whole number k = round(v·s), with s the smallest power of ten for which
 * `round(v·s) / s === v` holds for every value. Since division by s rounds monotonically and k ↦ k/s
 * gives back v exactly, ordering the k orders the values, and the k span far fewer slots than the
 * doubles' bits: counted when they fit a counting sort, else three 11-bit radix passes over
 * 32-bit keys instead of six over 64-bit ones (k − min divided by the k's greatest common divisor,
 * so timestamps on whole minutes are counted too); -0 shares k = 0 with +0 and is written back first,
 * as the built-in sort orders it. False (values untouched) for anything else: NaN, ±∞, more
 * places, or a span beyond 2^32.
 */
function decimalSort(values: Float64Array): boolean {
  const n = values.length;
  let s = 10;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    while (Math.round(v * s) / s !== v) {
      if (s >= MAX_SCALE) return false;
      s *= 10;
    }
  }
  let min = Infinity,
    max = -Infinity,
    negativeZeros = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const k = Math.round(v * s);
    if (k / s !== v) return false;
    if (v === 0 && 1 / v < 0) negativeZeros++;
    min = k < min ? k : min;
    max = k > max ? k : max;
  }
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) return false;
  // The k's common step g (timestamps on whole minutes or days, prices in steps of 5): slot (k − min)/g.
  let g = 0;
  for (let i = 0; i < n && g !== 1; i++) g = gcd(Math.round(values[i] * s) - min, g);
  g = g || 1;
  const range = (max - min) / g + 1;
  if (!(range <= 2 ** 32)) return false;
  if (range <= Math.max(1 << 16, 4 * n)) {
    const slots = new Uint32Array(range);
    for (let i = 0; i < n; i++) slots[(Math.round(values[i] * s) - min) / g]++;
    for (let r = 0, k = 0; r < range; r++) {
      const c = slots[r];
      if (c) values.fill((r * g + min) / s, k, k + c);
      if (r * g + min === 0) values.fill(-0, k, k + negativeZeros);
      k += c;
    }
    return true;
  }
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) keys[i] = (Math.round(values[i] * s) - min) / g;
  const sorted = radixSort32(keys);
  for (let i = 0; i < n; i++) values[i] = (sorted[i] * g + min) / s;
  if (negativeZeros > 0) values.fill(-0, values.indexOf(0), values.indexOf(0) + negativeZeros);
  return true;
}

/** Greatest common divisor of two whole numbers below 2^53 (gcd(a, 0) = a). */
export function gcd(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** LSD radix sort of 32-bit keys in three 11-bit passes (constant digits skipped); returns the sorted array. */
function radixSort32(keys: Uint32Array): Uint32Array {
  const n = keys.length;
  let src: Uint32Array = keys,
    dst: Uint32Array = new Uint32Array(n);
  const count = new Uint32Array(2048);
  for (const shift of [0, 11, 22]) {
    count.fill(0);
    for (let i = 0; i < n; i++) count[(src[i] >>> shift) & 2047]++;
    if (count[(src[0] >>> shift) & 2047] === n) continue;
    for (let b = 0, sum = 0; b < 2048; b++) {
      const c = count[b];
      count[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = src[i];
      dst[count[(k >>> shift) & 2047]++] = k;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/** Whole numbers (no -0) spanning at most 4× as many slots as values: a counting sort. False if not. */
function countingSort(values: Float64Array | Int32Array): boolean {
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
  // One call of fill per value cost ~0.6 s on a 10M-row key column (10M values of one each).
  for (let r = 0, k = 0; r < range; r++) {
    const c = slots[r];
    if (c > 16) values.fill(r + min, k, k + c);
    else for (let j = 0; j < c; j++) values[k + j] = r + min;
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
