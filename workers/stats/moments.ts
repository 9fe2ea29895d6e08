// Sum, mean and sample standard deviation of a numeric column's values, correctly rounded (API.md §8).
import { type Moments, momentsOfTotals } from '../../src/common/exact-round.ts';
import { createExactSum, type ExactTotals } from '../../src/common/exact-sum.ts';
import { int32Totals, int64Totals, isWhole } from './exact.ts';

export type { Moments };
export { momentsOfTotals };

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
