// A context that is one comparison on an Int32 column, as bounds on that column: what a count needs instead of a mask.
import type { ContextNode } from '../../src/contract/context.ts';
import type { TableView } from '../table/columns.ts';
import { toInt32Bounds } from './numbers.ts';

/** The rows whose value in `values` lies in [lo, hi] (lo > hi: none), counted by workers/group/ranged.ts. */
export type RangeFilter = { values: Int32Array; lo: number; hi: number };

const COMPARISONS = new Set(['lt', 'lte', 'gt', 'gte', 'exact', 'range']);

/**
 * The filter of a context that is one positive comparison (lt, lte, gt, gte, exact, range; alone or
 * the one child of an `and`) on an Int32 column without nulls (integers that fit, dates, times), or
 * null for any other context. The bounds are the mask's (workers/mask/numbers.ts), so the rows kept
 * are the same.
 */
export function toRangeFilter(table: TableView, context: ContextNode | null): RangeFilter | null {
  let node = context;
  if (node !== null && 'children' in node && node.type === 'and' && node.children.length === 1) node = node.children[0];
  if (node === null || 'children' in node || !COMPARISONS.has(node.operator) || node.value === null) return null;
  const col = table.column(node.column);
  if (col.kind !== 'i32' || col.validity !== null || !(col.values instanceof Int32Array)) return null;
  const [lo, hi] = toInt32Bounds(node.operator, node.value);
  return { values: col.values, lo, hi };
}
