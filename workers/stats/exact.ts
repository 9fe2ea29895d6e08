// Exact sums Σx and Σx² of integer columns (32- and 64-bit) for stats, and the test that doubles are whole.
import type { ExactTotals } from '../../src/common/exact-sum.ts';

const TWO_53 = 2 ** 53;
const TWO_32 = 2 ** 32;
const CHUNK = 1 << 20;

/**
 * Whether every value is a whole number within ±2^53 (what an integer column holds), so that
 * their exact sum prints as an integer (decimal text beyond 2^53, API.md §8).
 */
export function isWhole(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== Math.floor(v) || v > TWO_53 || v < -TWO_53) return false; // fractions, NaN, infinities
  }
  return true;
}

/**
 * The exact sum of 64-bit integers, read as little-endian (low: unsigned, high: signed) 32-bit
 * words: 2^20 of either kind sum exactly in a double (below 2^52), so a chunk costs two double
 * additions per value and one BigInt step per chunk instead of a BigInt per value.
 */
export function int64Sum(values: BigInt64Array): bigint {
  const lo = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  const hi = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
  let total = 0n;
  for (let start = 0; start < values.length; start += CHUNK) {
    const end = Math.min(values.length, start + CHUNK);
    let sumLo = 0,
      sumHi = 0;
    for (let i = start; i < end; i++) {
      sumLo += lo[2 * i];
      sumHi += hi[2 * i + 1];
    }
    total += BigInt(sumHi) * BigInt(TWO_32) + BigInt(sumLo);
  }
  return total;
}

/** An exact integer as JSON: a number up to 2^53 in magnitude, decimal text beyond (API.md §1). */
export function toIntegerJson(v: bigint): number | string {
  return v >= -BigInt(TWO_53) && v <= BigInt(TWO_53) ? Number(v) : String(v);
}

/** Σx and Σx² of 32-bit integers, exactly (ExactTotals with exp 0). */
export function int32Totals(values: Int32Array): ExactTotals {
  const [sum, squares] = int32Sums(values);
  return { sum, squares, exp: 0, nan: 0, posInf: 0, negInf: 0 };
}

/** Σx and Σx² of 64-bit integers, exactly (ExactTotals with exp 0). */
export function int64Totals(values: BigInt64Array): ExactTotals {
  return { sum: int64Sum(values), squares: int64Squares(values), exp: 0, nan: 0, posInf: 0, negInf: 0 };
}

/**
 * Σx and Σx² of 32-bit integers in one pass: Σx in a double (2^20 values stay below 2^52), and
 * |x| = h·2^16 + l, x² = h²·2^32 + 2hl·2^16 + l², each product below 2^32, so a chunk of 2^20
 * values sums exactly in doubles and costs one BigInt step.
 */
function int32Sums(values: Int32Array): [bigint, bigint] {
  let total = 0n,
    squares = 0n;
  for (let start = 0; start < values.length; start += CHUNK) {
    const end = Math.min(values.length, start + CHUNK);
    let s = 0,
      hh = 0,
      hl = 0,
      ll = 0;
    for (let i = start; i < end; i++) {
      const v = values[i];
      const u = v < 0 ? -v : v;
      const h = u >>> 16,
        l = u & 0xffff;
      s += v;
      hh += h * h;
      hl += 2 * h * l;
      ll += l * l;
    }
    total += BigInt(s);
    squares += (BigInt(hh) << 32n) + (BigInt(hl) << 16n) + BigInt(ll);
  }
  return [total, squares];
}

/**
 * Σx² of 64-bit integers from four 16-bit digits d0..d3 of each (d3 signed, from the high word):
 * x² = Σₖ 2^16k · Σ_{i+j=k} dᵢdⱼ, each coefficient below 2^34 in magnitude, so 2^18 values sum
 * exactly in doubles before a BigInt step.
 */
function int64Squares(values: BigInt64Array): bigint {
  const lo = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  const hi = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
  const k = new Float64Array(7);
  let total = 0n;
  for (let start = 0; start < values.length; start += CHUNK >> 2) {
    const end = Math.min(values.length, start + (CHUNK >> 2));
    let k0 = 0,
      k1 = 0,
      k2 = 0,
      k3 = 0,
      k4 = 0,
      k5 = 0,
      k6 = 0;
    for (let i = start; i < end; i++) {
      const w = lo[2 * i],
        h = hi[2 * i + 1];
      const d0 = w & 0xffff,
        d1 = w >>> 16,
        d2 = h & 0xffff,
        d3 = h >> 16;
      k0 += d0 * d0;
      k1 += 2 * d0 * d1;
      k2 += 2 * d0 * d2 + d1 * d1;
      k3 += 2 * (d0 * d3 + d1 * d2);
      k4 += 2 * d1 * d3 + d2 * d2;
      k5 += 2 * d2 * d3;
      k6 += d3 * d3;
    }
    k.set([k0, k1, k2, k3, k4, k5, k6]);
    for (let j = 0; j < 7; j++) total += BigInt(k[j]) << BigInt(16 * j);
  }
  return total;
}
