// Labels from a label column (API.md §3 `label_column`): for each value, the label most of its records carry, in memory or on the engine.
import { compareCodePoints } from '../../common/order.ts';
import { pointAt, pointCount } from '../../common/flat-points.ts';
import { toLabel } from '../../common/values.ts';
import type { InternalType } from '../../contract/model.ts';
import type { Pool } from '../../contract/pool.ts';
import type { TableRef } from '../../contract/storage.ts';
import type { DistAnswer } from '../../contract/tasks.ts';
import type { ValueLabels } from '../../contract/values-page.ts';

/**
 * The label of each of `values` (storage units) from `labelColumn`: of the labels its records carry
 * in `table` (nulls apart), the one most of them carry, ties broken by the smallest label in
 * code-point order, so the choice is deterministic whatever the row order; a value none of whose
 * records carries a label has its default label. In memory from the (value, label) pairs a dist
 * counts; on an engine the engine chooses (a value-labels task, src/engine/sql/labels.ts), so one
 * row per value crosses (the start of an engine field with at most SORREL_SEARCH_VALUES_PER_FIELD values).
 */
export async function labelsFrom(
  pool: Pool,
  table: TableRef,
  column: string,
  valueType: InternalType,
  labelColumn: string,
  labelType: InternalType,
  values: ArrayLike<number | string>,
): Promise<string[]> {
  const best = table.engine
    ? toLabelMap(await pool.run<ValueLabels>({ kind: 'value-labels', table, column, labelColumn, values: null }))
    : await countedLabels(pool, table, column, labelColumn, labelType);
  return Array.from(values, (v) => best.get(v) ?? toLabel(v, valueType));
}

/** Value → label of a value-labels answer. */
export function toLabelMap(answer: ValueLabels): Map<number | string, string> {
  return new Map(answer.values.map((v, i) => [v, answer.labels[i]]));
}

/** The chosen label of every value of an in-memory table that has one, from the counts of its (value, label) pairs. */
async function countedLabels(
  pool: Pool,
  table: TableRef,
  column: string,
  labelColumn: string,
  labelType: InternalType,
): Promise<Map<number | string, string>> {
  const pairs = await pool.run<DistAnswer>({
    kind: 'dist',
    table,
    columns: [column, labelColumn],
    context: null,
    params: {
      nulls: true,
      sort: 'fields',
      cluster: false,
      n: null,
      numeric: false,
      maxGroups: Number.MAX_SAFE_INTEGER,
      maxClusterPoints: Number.MAX_SAFE_INTEGER,
      axes: [],
    },
  });
  const best = new Map<number | string, { label: string; count: number }>();
  const points = Array.from({ length: pointCount(pairs.data) }, (_, j) => pointAt(pairs.data, j));
  for (const p of [...points, ...pairs.outliers]) {
    const [v, l] = p.values;
    if (v === null || l === null) continue;
    const label = toLabel(l, labelType);
    const cur = best.get(v);
    if (!cur || p.count > cur.count || (p.count === cur.count && compareCodePoints(label, cur.label) < 0))
      best.set(v, { label, count: p.count });
  }
  return new Map(Array.from(best, ([v, b]) => [v, b.label]));
}
