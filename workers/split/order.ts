// The order of values in answers, as comparisons: what merging the sorted parts of a split task needs.
import { compareCodePoints, compareDecimal } from '../../src/common/order.ts';
import type { AxisSpec } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';

export type Compare = (a: number | string, b: number | string) => number;

/**
 * How a column's answer values compare (the order distinctValues and groupCounts give them):
 * dictionary strings by code point, 64-bit integers (decimal text) by value, numbers numerically
 * (the rules of src/common/order.ts). A binned or truncated axis holds bin indexes or period
 * ordinals, numbers whatever the column.
 */
export function toCompare(col: ColumnView, axis: AxisSpec = { kind: 'exact' }): Compare {
  if (axis.kind !== 'exact') return byNumber;
  if (col.kind === 'dict') return compareCodePoints as Compare;
  if (col.kind === 'i64') return compareDecimal as Compare;
  return byNumber;
}

const byNumber = (a: number | string, b: number | string) => (a as number) - (b as number);
