// Exact sums of doubles on the engine (API.md §8 "correctly rounded"): each double split into integers the engine sums without loss, finished here with BigInt.
//
// A finite double is (−1)^sign · m · 2^(e − 1075) with m < 2^53 (e the biased exponent field; for
// e = 0 the scale is 2^−1074 and m the fraction). The engine reads the bits
// (`reinterpretAsUInt64(reinterpretAsString(x))`: 18.16 refuses to reinterpret a Float64 directly),
// groups by sign and exponent with `sumMap` (one row whatever the number of exponents) and sums the
// mantissa in parts small enough never to overflow a UInt64:
// - a sum Σ wᵢ·xᵢ (w a count ≥ 1, 1 for a plain sum): m in two parts of 27 and 26 bits, so each
//   part's sum is below Σw · 2^27, exact up to 2^37 rows;
// - a sum of squares Σ xᵢ²: m in four parts of 14 bits, m² as seven partial products of at most
//   four 28-bit terms each (< 2^30), exact up to 2^34 groups.
// Sorrel then adds the parts as one BigInt times a power of two: the exact sum.

const FRACTION = '4503599627370495'; // 2^52 − 1
const HIDDEN = '4503599627370496'; // 2^52

/** The engine's UInt64 bits of a Float64 expression. */
function bits(x: string): string {
  return `reinterpretAsUInt64(reinterpretAsString(toFloat64(${x})))`;
}

/** The 53-bit integer mantissa of a double's bits `b` (the hidden bit added unless subnormal). */
function mantissa(b: string): string {
  return `if(bitAnd(bitShiftRight(${b}, 52), 2047) = 0, bitAnd(${b}, ${FRACTION}), bitAnd(${b}, ${FRACTION}) + ${HIDDEN})`;
}

/**
 * The aggregate whose value is the exact Σ weight·x over the rows: `sumMap([sign and exponent],
 * [Σ weight·(m >> 26)], [Σ weight·(m mod 2^26)])`. `weight` is a UInt64 expression (a count), or
 * null for a plain sum. `x` must be finite (check with isFinite first).
 */
export function exactSumSql(x: string, weight: string | null = null): string {
  const b = bits(x);
  const m = mantissa(b);
  const w = weight === null ? '' : `toUInt64(${weight}) * `;
  return `sumMap([toUInt16(bitShiftRight(${b}, 52))], [${w}bitShiftRight(${m}, 26)], [${w}bitAnd(${m}, 67108863)])`;
}

/** The aggregate whose value is the exact Σ x² over the rows: by exponent, the seven partial products of m². */
export function exactSquaresSql(x: string): string {
  const b = bits(x);
  const m = mantissa(b);
  const part = (i: number) => `bitAnd(bitShiftRight(${m}, ${14 * i}), 16383)`;
  const products: string[] = [];
  for (let k = 0; k <= 6; k++) {
    const terms: string[] = [];
    for (let i = 0; i <= 3; i++) {
      const j = k - i;
      if (j >= 0 && j <= 3) terms.push(`${part(i)} * ${part(j)}`);
    }
    products.push(`[${terms.join(' + ')}]`);
  }
  return `sumMap([toUInt16(bitAnd(bitShiftRight(${b}, 52), 2047))], ${products.join(', ')})`;
}

/** The engine's JSON of a sumMap: arrays of numbers or of UInt64 text. */
type SumMap = unknown;

function toColumns(value: SumMap, parts: number): bigint[][] {
  // JSONEachRow writes a tuple of arrays as an array of arrays; 64-bit integers as strings.
  const arrays = value as (string | number)[][];
  if (!Array.isArray(arrays) || arrays.length !== parts + 1) throw new Error('An exact sum came back malformed.');
  return arrays.map((a) => a.map((v) => BigInt(v)));
}

/** An exact value: `int` · 2^`exp`. */
export type Exact = { int: bigint; exp: number };

/** The power of two of a part whose biased exponent field is `field`: 2^(e − 1075), subnormals 2^−1074. */
function toPower(field: bigint): number {
  return Number(field === 0n ? 1n : field) - 1075;
}

/** The exact Σ weight·x of an exactSumSql value (scaled to its smallest exponent, so the integer stays short). */
export function fromExactSum(value: SumMap): Exact {
  const [keys, high, low] = toColumns(value, 2);
  if (keys.length === 0) return { int: 0n, exp: 0 };
  const powers = keys.map((k) => toPower(k & 2047n));
  const exp = Math.min(...powers);
  let int = 0n;
  for (let i = 0; i < keys.length; i++) {
    const v = ((high[i] << 26n) + low[i]) << BigInt(powers[i] - exp);
    int += keys[i] >> 11n ? -v : v;
  }
  return { int, exp };
}

/** The exact Σ x² of an exactSquaresSql value. */
export function fromExactSquares(value: SumMap): Exact {
  const [keys, ...products] = toColumns(value, 7);
  if (keys.length === 0) return { int: 0n, exp: 0 };
  const powers = keys.map((k) => 2 * toPower(k));
  const exp = Math.min(...powers);
  let int = 0n;
  for (let i = 0; i < keys.length; i++) {
    let m2 = 0n;
    for (let k = 0; k < 7; k++) m2 += products[k][i] << BigInt(14 * k);
    int += m2 << BigInt(powers[i] - exp);
  }
  return { int, exp };
}

/** The exact population variance's numerator and denominator over n values: (n·Σx² − (Σx)²) / n², as num/den · 2^exp. */
export function toVarianceRatio(n: bigint, sum: Exact, squares: Exact): { num: bigint; den: bigint; exp: number } {
  const exp = Math.min(squares.exp, 2 * sum.exp);
  const num = ((n * squares.int) << BigInt(squares.exp - exp)) - ((sum.int * sum.int) << BigInt(2 * sum.exp - exp));
  return { num, den: n * n, exp };
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** x · 2^e for an integer x below 2^54 whose product is a double (or overflows): no intermediate rounding. */
function scaleByPowerOfTwo(x: number, e: number): number {
  let v = x;
  let k = e;
  while (k > 1000) {
    v *= 2 ** 1000;
    k -= 1000;
  }
  while (k < -1000) {
    v *= 2 ** -1000;
    k += 1000;
  }
  return v * 2 ** k;
}

/** num / den · 2^exp (den > 0) rounded once to the nearest double, ties to even; ±Infinity past the range. */
export function toNearestDouble(num: bigint, den: bigint, exp = 0): number {
  if (den <= 0n) throw new Error('A ratio needs a positive denominator.');
  if (num === 0n) return 0;
  const negative = num < 0n;
  const a = negative ? -num : num;
  // q = a / den = (quotient + rest/divisor) · 2^shift with 54 or 55 bits of quotient.
  const shift = bitLength(a) - bitLength(den) - 54;
  const at = shift + exp; // the worth of the quotient's last bit: 2^at
  const top = shift >= 0 ? a : a << BigInt(-shift);
  const divisor = shift >= 0 ? den << BigInt(shift) : den;
  const quotient = top / divisor;
  const sticky = top % divisor !== 0n;
  // Drop to 53 bits, or fewer so that the last kept bit is worth at least 2^−1074 (subnormals).
  const drop = Math.max(bitLength(quotient) - 53, -1074 - at);
  // The quotient has at least 54 bits, so at least one bit is dropped: round half to even, the
  // remainder below the quotient (sticky) breaking a tie upward.
  const d = BigInt(drop);
  let m = quotient >> d;
  const rest = quotient & ((1n << d) - 1n);
  const half = 1n << (d - 1n);
  if (rest > half || (rest === half && (sticky || (m & 1n) === 1n))) m += 1n;
  const x = scaleByPowerOfTwo(Number(m), at + drop);
  return negative ? -x : x;
}
