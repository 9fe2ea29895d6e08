// An engine table's fields at start (API.md §14 "Sorrel holds no rows"): their summaries, a few at a time, and which keep their values.
import { toSimpleType } from '../../catalog/rules.ts';
import type { CatalogSpec } from '../../catalog/spec.ts';
import type { InternalType } from '../../contract/model.ts';
import type { DatasetInfo } from '../../contract/storage.ts';
import type { ColumnSummary } from '../../contract/engine.ts';
import type { Progress } from './datasets.ts';

/**
 * At most this many summaries run at once per dataset. Why: each is one scan of the whole table on
 * every shard, and the engine already spreads one query over its cores; two at a time keep both
 * cores of a small machine busy while one query's answer crosses the network.
 */
const SUMMARIES_AT_ONCE = 2;

/** API.md §3: a string or boolean field with at most this many distinct values is inferred enumerable. */
const ENUMERABLE_AT_MOST = 30;

/**
 * Summarises one column: its `summary` task (only the bounded distinct count when start-up's scan
 * read the rest), or `tree-summary` over J(T) for a table of a model tree.
 */
export type Summarise = (column: string, distinctUpTo: number | null) => Promise<ColumnSummary>;

/**
 * Queues the summary of every field's column of an engine dataset (what start-up's scan did not
 * read: a distinct count bounded by distinctUpTo, src/engine/compute/summary.ts), SUMMARIES_AT_ONCE
 * at a time; `progress` logs each column as its summary ends.
 */
export function startSummaries(
  spec: CatalogSpec,
  dataset: Pick<DatasetInfo, 'name' | 'columns'>,
  summarise: Summarise,
  summaries: Map<string, Promise<ColumnSummary>>,
  bound: number,
  progress?: Progress,
): void {
  const started = performance.now();
  // Fields of one column share its summary: the bound is the largest any of them needs.
  const upTo = new Map<string, number | null>();
  for (const f of spec.fields) {
    if (f.dataset !== dataset.name || !(f.column in dataset.columns)) continue;
    const a = upTo.get(f.column) ?? null;
    const b = distinctUpTo(f, dataset.columns[f.column], bound);
    upTo.set(f.column, a === null ? b : b === null ? a : Math.max(a, b));
  }
  const lanes: Promise<unknown>[] = Array.from({ length: SUMMARIES_AT_ONCE }, () => Promise.resolve());
  let next = 0;
  for (const [column, distinct] of upTo) {
    const k = `${dataset.name}\0${column}`;
    if (summaries.has(k)) continue;
    const lane = next++ % SUMMARIES_AT_ONCE;
    const task = lanes[lane].then(() => summarise(column, distinct));
    lanes[lane] = task.catch(() => {}); // a failure is awaited (and reported) by precomputeValues
    task.then(
      (s) =>
        progress?.('summarised column', {
          dataset: dataset.name,
          column,
          distinct: s.distinct,
          ms: Math.round(performance.now() - started),
        }),
      () => {},
    );
    summaries.set(k, task);
  }
}

/**
 * Up to how many distinct values start-up counts a field's column (null: none), which is all that
 * depends on the number: whether a field the search index reads values of, or one with a label
 * column, is held (at most `bound`, isHeld) and whether a string field is inferred enumerable (at most 30, API.md §3, so never less
 * than that). Other fields need no count: the engine counts distinct values exactly when /stats/
 * asks (src/engine/compute/stats.ts).
 */
export function distinctUpTo(f: CatalogSpec['fields'][number], type: InternalType, bound: number): number | null {
  if (f.label_column === null && (!isPushable(type) || !isIndexedByValues(f, type))) return null;
  return Math.max(bound, ENUMERABLE_AT_MOST);
}

/**
 * Whether Sorrel holds an engine field's naive values (API.md §14): a field whose labels the search
 * index reads (enumerable or searchable), or with a label column, with at most `bound` distinct
 * values. Beyond the bound its /values/ are pushed down page by page (src/engine/compute/page.ts)
 * and its value search goes to the engine over its labels (src/snapshot/value-search.ts): a label
 * column's (src/engine/sql/labels.ts), or its values' as JavaScript writes them (a number's, date's
 * or boolean's: src/engine/sql/values.ts toSqlLabel). Still held whatever their number: a time of
 * day (its label has no SQL form here). Any other engine field's /values/ are pushed down whatever
 * their number.
 */
export function isHeld(
  f: CatalogSpec['fields'][number],
  type: InternalType,
  summary: ColumnSummary,
  bound: number,
): boolean {
  const within = summary.distinct !== null && summary.distinct <= bound;
  if (f.label_column !== null) return within;
  if (f.enumerable === false && f.searchable === false) return false;
  if (!isIndexedByValues(f, type)) return false;
  return !isPushable(type) || within;
}

/** Whether the engine writes a value's label as memory does (every type but a time of day, which engines do not have). */
export function isPushable(type: InternalType): boolean {
  return type !== 'time';
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
