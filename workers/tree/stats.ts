// Summary statistics over the rows of J(T) whose entity is selected (API.md §8, §12).
import type { StatsResult } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';
import { sortValues } from '../group/sort.ts';
import { columnStats, statsOfSorted } from '../stats/stats.ts';
import { joinRows } from './join.ts';
import type { TreeView } from './open.ts';
import { keptRows } from './rows.ts';

/**
 * columnStats over J(T): a row of T counts once per join row that reaches it (a lookup row once
 * per referencing row), so `count` is the number of non-null values among J(T)'s kept rows.
 */
export function treeStats(tree: TreeView, dataset: string, column: string, selected: Uint8Array | null): StatsResult {
  const join = joinRows(tree, dataset);
  const col = tree.table(dataset).column(column);
  const rows = keptRows(join, selected);
  if (join.row === null) {
    // One join row per row of T: a row mask, and the table's own scan.
    const mask = new Uint8Array(col.length);
    for (let j = 0; j < rows.length; j++) mask[j] = +(rows[j] >= 0);
    return columnStats(col, mask);
  }
  const { values, nullCount } = gatherValues(col, rows);
  sortValues(values);
  return statsOfSorted(col, values, nullCount);
}

/** The non-null values at `rows` (negative entries skipped), with repeats, and the number of nulls. */
function gatherValues(
  col: ColumnView,
  rows: Int32Array,
): { values: Float64Array | Int32Array | BigInt64Array; nullCount: number } {
  if (col.kind === 'dict' || col.kind === 'bool') throw new Error(`Stats do not apply to a ${col.kind} column.`);
  const src = col.values as Float64Array | Int32Array | BigInt64Array;
  const { validity, offset } = col;
  const valid = (r: number) => validity === null || ((validity[(offset + r) >> 3] >> ((offset + r) & 7)) & 1) === 1;
  let kept = 0,
    nullCount = 0;
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j];
    if (r < 0) continue;
    if (valid(r)) kept++;
    else nullCount++;
  }
  const values =
    src instanceof BigInt64Array
      ? new BigInt64Array(kept)
      : src instanceof Int32Array
        ? new Int32Array(kept)
        : new Float64Array(kept);
  for (let j = 0, k = 0; j < rows.length; j++) {
    const r = rows[j];
    if (r >= 0 && valid(r)) values[k++] = src[r] as never;
  }
  return { values, nullCount };
}
