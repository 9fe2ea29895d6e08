// Exact sums of doubles on the engine (API.md §8 "correctly rounded"): each double split into integers the engine sums without loss, finished here with BigInt.
import { type ExponentGroup, roundRatio, toTotalsOfGroups } from '../../common/exact-round.ts';
import type { ExactTotals } from '../../common/exact-sum.ts';

//
// A finite double is (−1)^sign · m · 2^(e − 1075) with m < 2^53 (e the biased exponent field; for
// e = 0 the scale is 2^−1074 and m the fraction). The engine reads the bits
// (`reinterpretAsUInt64(reinterpretAsString(x))`: 18.16 refuses to reinterpret a Float64 directly),
// groups by sign and exponent with `sumMap` (one row whatever the number of exponents) and sums the
// mantissa in parts small enough never to overflow a UInt64:
// - a sum Σ wᵢ·xᵢ (w a count ≥ 1, 1 for a plain sum): m in two parts of 27 and 26 bits, so each
//   part's sum is below Σw · 2^27, exact up to 2^37 rows;
// - with Σ xᵢ² beside it: m in four parts of 14 bits, m² as seven partial products of at most
//   four 28-bit terms each (< 2^30), exact up to 2^34 groups.
// Sorrel then adds the parts exactly (src/common/exact-round.ts) and rounds once.

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

/**
 * The aggregate whose value is the exact Σx and Σx² over the rows: by sign and exponent,
 * Σ (m >> 26), Σ (m mod 2^26) and the seven partial products of m² (14-bit parts).
 */
export function exactMomentsSql(x: string): string {
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
  return `sumMap([toUInt16(bitShiftRight(${b}, 52))], [bitShiftRight(${m}, 26)], [bitAnd(${m}, 67108863)], ${products.join(', ')})`;
}

/** The engine's JSON of a sumMap: a tuple of arrays (numbers or UInt64 text). */
function toColumns(value: unknown, parts: number): bigint[][] {
  const arrays = value as (string | number)[][];
  if (!Array.isArray(arrays) || arrays.length !== parts + 1) throw new Error('An exact sum came back malformed.');
  return arrays.map((a) => a.map((v) => BigInt(v)));
}

/** The exponent groups of a sumMap row (values finite: the caller checks). */
function toGroups(value: unknown, parts: number): ExponentGroup[] {
  const [keys, high, low, ...products] = toColumns(value, parts);
  return keys.map((key, i) => {
    let squares = 0n;
    for (let k = 0; k < products.length; k++) squares += products[k][i] << BigInt(14 * k);
    return {
      negative: key >> 11n === 1n,
      exponent: Number(key & 2047n),
      count: 0,
      mantissas: (high[i] << 26n) + low[i],
      squares,
    };
  });
}

/** The exact Σ weight·x of an exactSumSql value (its `squares` 0). */
export function fromExactSum(value: unknown): ExactTotals {
  return toTotalsOfGroups(toGroups(value, 2));
}

/** The exact Σx and Σx² of an exactMomentsSql value. */
export function fromExactMoments(value: unknown): ExactTotals {
  return toTotalsOfGroups(toGroups(value, 9));
}

/** The population variance M₂/n = (n·Σx² − (Σx)²) / n² of n values, rounded once (API.md §7 step 1, §8). */
export function toPopulationVariance(n: bigint, t: ExactTotals): number {
  return roundRatio(n * t.squares - t.sum * t.sum, n * n, 2 * t.exp);
}

/** Σ / den rounded once (a mean: den the count or the total weight). */
export function toMean(t: ExactTotals, den: bigint): number {
  return roundRatio(t.sum, den, t.exp);
}
