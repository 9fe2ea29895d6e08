// An engine table's fields at start (API.md §14 "Sorrel holds no rows"): their summaries, a few at a time, and which keep their values.
import { toSimpleType } from '../../catalog/rules.ts';
import type { CatalogSpec } from '../../catalog/spec.ts';
import type { InternalType } from '../../contract/model.ts';
import type { Pool } from '../../contract/pool.ts';
import type { DatasetInfo, TableRef } from '../../contract/storage.ts';
import type { ColumnSummary } from '../../contract/engine.ts';
import type { Progress } from './datasets.ts';

/**
 * At most this many summaries run at once per dataset. Why: each is one scan of the whole table
 * on every shard with an exact distinct count (a hash set as large as the column's distinct values,
 * merged on the server Sorrel asks); eight at once made each slower than the query deadline at
 * 20M rows on a loaded two-core machine, two at a time keep both cores busy.
 */
const SUMMARIES_AT_ONCE = 2;

/**
 * Queues the summary of every field's column of an engine dataset (one aggregate query each,
 * src/engine/compute/summary.ts), SUMMARIES_AT_ONCE at a time; `progress` logs each column as its
 * summary ends.
 */
export function startSummaries(
  spec: CatalogSpec,
  dataset: Pick<DatasetInfo, 'name' | 'columns'>,
  table: TableRef,
  pool: Pool,
  summaries: Map<string, Promise<ColumnSummary>>,
  progress?: Progress,
): void {
  const started = performance.now();
  const lanes: Promise<unknown>[] = Array.from({ length: SUMMARIES_AT_ONCE }, () => Promise.resolve());
  let next = 0;
  for (const f of spec.fields) {
    const k = `${f.dataset}\0${f.column}`;
    if (f.dataset !== dataset.name || !(f.column in dataset.columns) || summaries.has(k)) continue;
    const lane = next++ % SUMMARIES_AT_ONCE;
    const task = lanes[lane].then(() => pool.run<ColumnSummary>({ kind: 'summary', table, column: f.column }));
    lanes[lane] = task.catch(() => {}); // a failure is awaited (and reported) by precomputeValues
    task.then(
      (s) =>
        progress?.('summarised column', {
          dataset: dataset.name,
          column: f.column,
          distinct: s.distinct,
          ms: Math.round(performance.now() - started),
        }),
      () => {},
    );
    summaries.set(k, task);
  }
}

/**
 * Whether Sorrel holds an engine field's naive values (API.md §14): a field whose labels the search
 * index reads (enumerable or searchable) with at most `bound` distinct values; beyond the bound
 * only a text field is left out (its value search is pushed down, src/snapshot/value-search.ts),
 * as any other such field's and a label column's field's labels (the label most of a value's
 * records carry) are searched in memory. Any other engine field's /values/ are pushed down page by
 * page (src/engine/compute/page.ts).
 */
export function isHeld(
  f: CatalogSpec['fields'][number],
  type: InternalType,
  summary: ColumnSummary,
  bound: number,
): boolean {
  if (f.label_column !== null) return true;
  if (f.enumerable === false && f.searchable === false) return false;
  if (!isIndexedByValues(f, type)) return false;
  return summary.distinct <= bound || (type !== 'text' && type !== 'char');
}

/**
 * Whether the search index may read the field's values (its labels, when enumerable or searchable)
 * or infer from them whether it does: a string or boolean field, or one the catalog makes
 * enumerable or searchable. Any other field's served `enumerable` and `searchable` are false.
 */
export function isIndexedByValues(f: CatalogSpec['fields'][number], type: InternalType): boolean {
  const simple = toSimpleType(type);
  return simple === 'string' || simple === 'boolean' || f.enumerable === true || f.searchable === true;
}
