// The §8 finishing of exact sums: one rounding to the nearest double of sum, mean and variance (API.md §8).
import { createExactSum, EXP, type ExactTotals } from './exact-sum.ts';

/** `sum` is decimal text only for an integer column's (or whole doubles') exact sum beyond 2^53. */
export type Moments = { sum: number | string; mean: number; stddev: number | null };

const TWO_53 = 2n ** 53n;

/** The number of binary digits of a > 0. */
export function bitLength(a: bigint): number {
  return a.toString(2).length;
}

/**
 * num / den · 2^exp2 rounded once to the nearest double, ties to even (den > 0): the binary
 * exponent e of the exact value fixes the unit of its last place, 2^(max(e, −1022) − 52), so
 * subnormal results round at 2^−1074 and not twice; beyond the largest double it is ±Infinity.
 */
export function roundRatio(num: bigint, den: bigint, exp2 = 0): number {
  if (num === 0n) return 0;
  const a = num < 0n ? -num : num;
  let f = bitLength(a) - bitLength(den); // floor(log2(a / den)) is f or f − 1
  if (f >= 0 ? a < den << BigInt(f) : a << BigInt(-f) < den) f--;
  const e = f + exp2;
  if (e > 1023) return num < 0n ? -Infinity : Infinity;
  const unit = Math.max(e, -1022) - 52;
  const t = exp2 - unit; // the value in units of 2^unit is a · 2^t / den
  const p = t >= 0 ? a << BigInt(t) : a,
    q = t >= 0 ? den : den << BigInt(-t);
  let r = p / q;
  const twice = 2n * (p - r * q);
  if (twice > q || (twice === q && (r & 1n) === 1n)) r++;
  const x = Number(r) * 2 ** unit; // r ≤ 2^53: exact, or Infinity when it rounded up to 2^1024
  return num < 0n ? -x : x;
}

/**
 * sum, mean and sample (n − 1) standard deviation of n ≥ 1 values from their exact sums:
 * sum = round(Σx), mean = round(Σx / n), stddev = √round(M₂ / (n − 1)) with
 * M₂ = Σx² − (Σx)²/n exact, so (n·Σx² − (Σx)²) / (n(n − 1)) is one rational rounded once.
 * `integer`: the values are whole numbers within ±2^53 (an integer column), whose exact sum
 * beyond 2^53 is decimal text. An infinity or NaN among the values gives what IEEE sums give.
 */
export function toMoments(t: ExactTotals, n: number, integer = false): Moments {
  if (t.nan > 0 || t.posInf + t.negInf > 0) {
    const v = t.nan > 0 || (t.posInf > 0 && t.negInf > 0) ? NaN : t.posInf > 0 ? Infinity : -Infinity;
    return { sum: v, mean: v, stddev: n < 2 ? null : NaN };
  }
  const bn = BigInt(n);
  const sum = roundRatio(t.sum, 1n, t.exp);
  const mean = roundRatio(t.sum, bn, t.exp);
  const stddev = n < 2 ? null : Math.sqrt(roundRatio(bn * t.squares - t.sum * t.sum, bn * (bn - 1n), 2 * t.exp));
  return { sum: integer ? toSumJson(t) : sum, mean, stddev };
}

/** An integer sum as JSON: a number up to 2^53 in magnitude, decimal text beyond (API.md §1). */
function toSumJson(t: ExactTotals): number | string {
  const v = t.exp >= 0 ? t.sum << BigInt(t.exp) : t.sum >> BigInt(-t.exp); // whole: nothing shifted out
  return v >= -TWO_53 && v <= TWO_53 ? Number(v) : String(v);
}

/**
 * toMoments with the rule for `sum` as decimal text: an integer column's exact sum beyond 2^53,
 * or a float column's when every value is whole within ±2^53 (`whole`, asked only then: the
 * float column's integers print as an integer column's would).
 */
export function momentsOfTotals(t: ExactTotals, n: number, integer: boolean, whole: () => boolean): Moments {
  return toMoments(t, n, integer || (isLargeInteger(t) && whole()));
}

/** Whether Σx is an integer beyond ±2^53 (else its text and its double are the same number). */
export function isLargeInteger(t: ExactTotals): boolean {
  if (t.nan + t.posInf + t.negInf > 0) return false;
  const unit = t.exp >= 0 ? 1n : 1n << BigInt(-t.exp);
  const bound = TWO_53 * unit;
  return t.sum % unit === 0n && (t.sum > bound || t.sum < -bound);
}

/** One group of an engine's decomposition of doubles: the values with this sign and exponent field. */
export type ExponentGroup = { negative: boolean; exponent: number; count: number; mantissas: bigint; squares: bigint };

/**
 * The exact totals from groups of doubles by sign and exponent field E (0..2047): `mantissas`
 * is Σ M and `squares` Σ M² over the group, M the 53-bit integer significand (the hidden bit
 * included for E ≥ 1), so a value is ±M · 2^(max(E, 1) − 1075). E = 2047 holds infinities
 * (M = 2^52 each) and NaNs (any other M).
 */
export function toTotalsOfGroups(groups: readonly ExponentGroup[]): ExactTotals {
  const totals: ExactTotals = { sum: 0n, squares: 0n, exp: EXP, nan: 0, posInf: 0, negInf: 0 };
  for (const g of groups) {
    if (g.exponent === 2047) {
      if (g.mantissas !== BigInt(g.count) << 52n) totals.nan += g.count;
      else if (g.negative) totals.negInf += g.count;
      else totals.posInf += g.count;
      continue;
    }
    const shift = BigInt(Math.max(g.exponent, 1) - 1);
    totals.sum += (g.negative ? -g.mantissas : g.mantissas) << shift;
    totals.squares += g.squares << (2n * shift);
  }
  return totals;
}

/** The double whose IEEE 754 bits are b (an engine sends doubles as their bits: src/engine/compute/stats.ts). */
export function bitsToDouble(b: bigint): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, b);
  return view.getFloat64(0);
}

/** The exact Σ and Σ² of at(0) … at(n − 1) (any numbers), through a small buffer. */
export function totalsOf(n: number, at: (i: number) => number): ExactTotals {
  const acc = createExactSum();
  const chunk = new Float64Array(Math.min(n, 4096));
  for (let start = 0; start < n; start += chunk.length) {
    const len = Math.min(chunk.length, n - start);
    for (let i = 0; i < len; i++) chunk[i] = at(start + i);
    acc.addRange(chunk, 0, len);
  }
  return acc.toTotals();
}

/** The mean of at(0) … at(n − 1), n ≥ 1: the exact sum over n, rounded once (NaN and infinities as IEEE sums give them). */
export function meanOf(n: number, at: (i: number) => number): number {
  return toMoments(totalsOf(n, at), n).mean;
}

/** The population variance of at(0) … at(n − 1), n ≥ 1: (nΣx² − (Σx)²) / n² from exact sums, rounded once; NaN when a value is not finite. */
export function populationVarianceOf(n: number, at: (i: number) => number): number {
  const t = totalsOf(n, at);
  if (t.nan + t.posInf + t.negInf > 0) return NaN;
  const bn = BigInt(n);
  return roundRatio(bn * t.squares - t.sum * t.sum, bn * bn, 2 * t.exp);
}
