// Exact integer sums for stats (whole doubles, 64-bit integers) and correctly rounded division.

const TWO_53 = 2 ** 53;
const TWO_32 = 2 ** 32;
const CHUNK = 1 << 20;

/**
 * The exact sum of whole numbers (what integer and key columns hold); null as soon as a value is
 * not whole, or is beyond ±2^53 where the loop below would need it not to be.
 *
 * Why no BigInt per value: a double holds every integer below 2^53 exactly, so the running sum
 * `s` stays a double in (−2^53, 2^53) and every addition is exact. When `s + v` reaches ±2^53
 * (the rounded sum does exactly when the true one does), 2^53 is moved into the counter
 * `carry`: with |v| ≤ 2^53, `s ≥ 0` there, so `(s − 2^53) + v` is exact at both steps and lands
 * in [0, 2^53). The total is carry·2^53 + s, with a single BigInt step at the end.
 */
export function wholeSum(values: Float64Array): bigint | null {
  const parts = new Float64Array(2);
  return sumWhole(values, parts) ? BigInt(parts[0]) * BigInt(TWO_53) + BigInt(parts[1]) : null;
}

// The loop returns a boolean and leaves [carry, s] in `parts`: V8 runs it twice as slow when the
// same function also builds the BigInt (measured on 10M values, Node 20).
function sumWhole(values: Float64Array, parts: Float64Array): boolean {
  let s = 0,
    carry = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i],
      t = s + v;
    if (v !== Math.floor(v)) return false; // fractions and NaN
    if (t >= TWO_53) {
      if (v > TWO_53) return false;
      s = s - TWO_53 + v;
      carry++;
    } else if (t <= -TWO_53) {
      if (v < -TWO_53) return false;
      s = s + TWO_53 + v;
      carry--;
    } else {
      s = t;
    }
  }
  parts[0] = carry;
  parts[1] = s;
  return true;
}

/** The exact sum of 32-bit integers: 2^21 of them sum exactly in a double (below 2^52), a BigInt step per chunk. */
export function int32Sum(values: Int32Array): bigint {
  let total = 0n;
  for (let start = 0; start < values.length; start += 2 * CHUNK) {
    const end = Math.min(values.length, start + 2 * CHUNK);
    let sum = 0;
    for (let i = start; i < end; i++) sum += values[i];
    total += BigInt(sum);
  }
  return total;
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

/**
 * `num / den` rounded once to the nearest double (ties to even), den > 0. Dividing `Number(num)`
 * would round twice when |num| > 2^53: 9 × (2^53 + 1) gives 2^53 + 2 that way, not 2^53.
 */
export function toNearest(num: bigint, den: number): number {
  if (num >= -BigInt(TWO_53) && num <= BigInt(TWO_53)) return Number(num) / den; // exact operands: one IEEE rounding
  const a = num < 0n ? -num : num,
    b = BigInt(den);
  // Scale so the quotient has 55 or 56 bits and fold a non-zero remainder into its lowest bit
  // (a "sticky" bit below the rounding position): Number() then rounds it exactly as the true
  // quotient, and the power-of-two rescale is exact.
  const shift = 55 - (a.toString(2).length - b.toString(2).length);
  const [p, q] = shift >= 0 ? [a << BigInt(shift), b] : [a, b << BigInt(-shift)];
  let quotient = p / q;
  if (quotient * q !== p) quotient |= 1n;
  const x = Number(quotient) * 2 ** -shift;
  return num < 0n ? -x : x;
}

/** An exact integer as JSON: a number up to 2^53 in magnitude, decimal text beyond (API.md §1). */
export function toIntegerJson(v: bigint): number | string {
  return v >= -BigInt(TWO_53) && v <= BigInt(TWO_53) ? Number(v) : String(v);
}
