// A column's context-naive profile at load: distinct values, stats and labels from a single sort.
import { toLabel } from '../src/common/values.ts';
import type { InternalType } from '../src/contract/model.ts';
import type { DistinctResult, ProfileResult } from '../src/contract/tasks.ts';
import type { ColumnView } from './columns.ts';
import { distinctOfSorted, distinctValues } from './distinct.ts';
import { selectValues } from './select.ts';
import { sortValues } from './sort.ts';
import { statsOfSorted } from './stats.ts';

/**
 * distinctValues and columnStats over all records, sharing one selection and one sort for numeric
 * columns (the costliest step at load); the answers are the same as the two separate calls. The
 * default labels are made here too, on the pool's threads, not on the main thread, which would
 * otherwise spend about a second per million distinct numbers formatting them.
 */
export function profileColumn(col: ColumnView, withStats: boolean, type: InternalType): ProfileResult {
  const labelsOf = (distinct: DistinctResult) =>
    col.kind === 'dict' ? null : distinct.values.map((v) => toLabel(v, type)).join('\n');
  if (!withStats || col.kind === 'dict' || col.kind === 'bool') {
    const distinct = distinctValues(col, null);
    return { distinct, stats: null, labels: labelsOf(distinct) };
  }
  const { values, nullCount } = selectValues(col, null);
  sortValues(values);
  const distinct = distinctOfSorted(col, values, nullCount);
  return { distinct, stats: statsOfSorted(col, values, nullCount), labels: labelsOf(distinct) };
}
