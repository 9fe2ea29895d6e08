// A column's context-naive profile at load: distinct values and stats from a single sort.
import type { ProfileResult } from '../src/contract/tasks.ts';
import type { ColumnView } from './columns.ts';
import { distinctOfSorted, distinctValues } from './distinct.ts';
import { selectValues } from './select.ts';
import { sortValues } from './sort.ts';
import { statsOfSorted } from './stats.ts';

/**
 * distinctValues and columnStats over all records, sharing one selection and one sort for numeric
 * columns (the costliest step at load); the answers are the same as the two separate calls.
 */
export function profileColumn(col: ColumnView, withStats: boolean): ProfileResult {
  if (!withStats || col.kind === 'dict' || col.kind === 'bool')
    return { distinct: distinctValues(col, null), stats: null };
  const { values, nullCount } = selectValues(col, null);
  sortValues(values);
  return { distinct: distinctOfSorted(col, values, nullCount), stats: statsOfSorted(col, values, nullCount) };
}
