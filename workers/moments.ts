// Sum, mean and sample standard deviation of a numeric column's values, correctly rounded (API.md §8).
import { type Moments, toMoments } from '../src/common/exact-round.ts';
import { createExactSum, type ExactTotals } from '../src/common/exact-sum.ts';
import { int32Totals, int64Totals, isWhole } from './exact.ts';

export type { Moments };

const TWO_53 = 2n ** 53n;

/**
 * The exact Σx and Σx² of the values, in any order: integer columns by integer arithmetic,
 * doubles by the superaccumulator (src/common/exact-sum.ts). The same totals whatever the order
 * of the rows or how they were split.
 */
export function totalsOf(values: Float64Array | Int32Array | BigInt64Array): ExactTotals {
  if (values instanceof BigInt64Array) return int64Totals(values);
  if (values instanceof Int32Array) return int32Totals(values);
  const acc = createExactSum();
  acc.addRange(values);
  return acc.toTotals();
}

/**
 * sum, mean and sample (n − 1) standard deviation of n ≥ 1 values, each rounded once from the
 * exact sums: no dependence on the order of the values (API.md §8).
 */
export function momentsOf(values: Float64Array | Int32Array | BigInt64Array): Moments {
  const integer = !(values instanceof Float64Array);
  return momentsOfTotals(totalsOf(values), values.length, integer, () => isWhole(values as Float64Array));
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
function isLargeInteger(t: ExactTotals): boolean {
  if (t.nan + t.posInf + t.negInf > 0) return false;
  const unit = t.exp >= 0 ? 1n : 1n << BigInt(-t.exp);
  const bound = TWO_53 * unit;
  return t.sum % unit === 0n && (t.sum > bound || t.sum < -bound);
}
