// Precompute at load: each field's context-naive distinct values (with labels) and stats, or an engine field's summary.
import type { CatalogSpec } from '../../catalog/spec.ts';
import { isStatsType, toSimpleType } from '../../catalog/rules.ts';
import { isCountedInTree } from '../../catalog/tree.ts';
import { toLabel } from '../../common/values.ts';
import type { Pool } from '../../contract/pool.ts';
import type { DatasetInfo, TableRef } from '../../contract/storage.ts';
import type { ColumnSummary } from '../../contract/engine.ts';
import type { ColumnSummaryRead, DistinctResult, ProfileResult, StatsResult } from '../../contract/tasks.ts';
import { labelsFrom } from './labels-from.ts';
import type { TreeRef } from '../../contract/tree.ts';
import type { Progress } from './datasets.ts';
import { isHeld, isIndexedByValues, startSummaries, type Summarise } from './summaries.ts';
import { type FieldValues, toDefaultLabels, toFieldValues } from '../field-values.ts';

export type { FieldValues } from '../field-values.ts';

/**
 * Each field's naive distinct values (an engine field's only when held: isHeld), the naive stats of
 * those in memory, and each engine field's summary (API.md §14: Sorrel holds no rows of it).
 */
export type Precomputed = {
  values: Map<number, FieldValues>;
  stats: Map<number, StatsResult>;
  summaries: Map<number, ColumnSummary>;
};

/** Besides the data: the engine bound (SORREL_SEARCH_VALUES_PER_FIELD), the log, and who gets the indexed fields' values early. */
export type PrecomputeOptions = {
  searchValues?: number;
  progress?: Progress;
  onIndexed?: (values: ReadonlyMap<number, FieldValues>) => void;
};

/** Profile tasks under way, by dataset and column (`${dataset}\0${column}`). */
export type Profiles = Map<string, Promise<ProfileResult>>;

/**
 * Queues the profile of every field's column in one dataset (columns it has; a field naming another
 * is a catalog problem reported later). Called as each dataset lands in shared memory, so profiles
 * run on the pool while the main thread hashes it and decodes the next one. `progress` logs each
 * column as its profile ends (a large table's profiles take seconds: the load log shows them).
 */
export function startProfiles(
  spec: CatalogSpec,
  dataset: Pick<DatasetInfo, 'name' | 'columns'>,
  table: TableRef,
  pool: Pool,
  profiles: Profiles,
  progress?: Progress,
): void {
  const started = performance.now();
  for (const f of spec.fields) {
    const k = `${f.dataset}\0${f.column}`;
    if (f.dataset !== dataset.name || !(f.column in dataset.columns) || profiles.has(k)) continue;
    const stats = isStatsType(toSimpleType(dataset.columns[f.column]));
    const task = pool.run<ProfileResult>({ kind: 'profile', table, column: f.column, stats });
    task.then(
      (p) =>
        progress?.('profiled column', {
          dataset: dataset.name,
          column: f.column,
          distinct: p.distinct.values.length,
          ms: Math.round(performance.now() - started),
        }),
      () => {}, // awaited by precomputeValues; a load that fails elsewhere leaves it unread
    );
    profiles.set(k, task);
  }
}

/**
 * Profiles every field's column on `pool` (which may be a larger pool used only while loading):
 * its context-naive distinct values with labels and counts, and stats for number/date/time columns.
 */
export async function precomputeValues(
  spec: CatalogSpec,
  datasets: ReadonlyMap<string, DatasetInfo>,
  refs: ReadonlyMap<string, TableRef>,
  pool: Pool,
  tree: TreeRef | null = null,
  profiles: Profiles = new Map(),
  { onIndexed, ...opts }: PrecomputeOptions = {},
): Promise<Precomputed> {
  // Precompute what does not depend on a context, once per (dataset, column): distinct values and,
  // for number/date/time columns, stats, from one sort. Every task is queued up front (most already
  // were, as their datasets loaded: startProfiles) so all of the pool's threads stay busy; the loop
  // below takes the answers in order. An engine table is summarised instead (API.md §14: Sorrel
  // holds no rows): a table of a model tree over J(T), so that its range and nulls are its field's.
  const summaries = new Map<string, Promise<ColumnSummary>>();
  const read = new Map<string, DistinctResult>(); // naive values a summary read (src/engine/compute/summary.ts)
  const isSummarised = (d: DatasetInfo) => d.engine !== undefined;
  const bound = opts.searchValues ?? Number.POSITIVE_INFINITY;
  // Fields of a tree table other than the root count root entities, not rows (API.md §12): their
  // served values and stats come from the tree (labels still come from the column's own rows).
  const isCounted = (dataset: string) => isCountedInTree(tree?.shape ?? null, dataset);
  // A table's column that start-up's scan read (DatasetInfo.scanned) needs at most its bounded distinct count.
  const summarise =
    (d: DatasetInfo): Summarise =>
    (column, distinctUpTo) => {
      if (isCounted(d.name))
        return pool.run({ kind: 'tree-summary', tree: tree!, dataset: d.name, column, distinctUpTo });
      const scanned = d.scanned?.[column];
      // With a bound of at least 30 (the count start-up needs), the count of a field it may hold is that
      // of its values, read in the same scan (at most the bound of them); they wait here for the loop below.
      const readValues = scanned !== undefined && distinctUpTo !== null && distinctUpTo <= bound;
      const task = {
        kind: 'summary',
        table: refs.get(d.name)!,
        column,
        distinctUpTo,
        readValues,
        ...(scanned && { scanned }),
      } as const;
      return pool.run<ColumnSummaryRead>(task).then(({ values, ...summary }) => {
        if (values) read.set(`${d.name}\0${column}`, values);
        return summary;
      });
    };
  for (const d of datasets.values()) {
    if (isSummarised(d)) startSummaries(spec, d, summarise(d), summaries, bound, opts.progress);
    else startProfiles(spec, d, refs.get(d.name)!, pool, profiles);
  }
  const profileOf = (dataset: string, column: string) => profiles.get(`${dataset}\0${column}`)!;
  const naiveDistinct = (dataset: string, column: string) =>
    isCounted(dataset)
      ? pool.run<DistinctResult>({ kind: 'tree-distinct', tree: tree!, dataset, column, context: null })
      : pool.run<DistinctResult>({ kind: 'distinct', table: refs.get(dataset)!, column, context: null });
  // An in-memory tree's counted fields: entity counts and stats, queued up front.
  const entityCounts = new Map<string, Promise<[DistinctResult, StatsResult | null]>>();
  const entityOf = (dataset: string, column: string, withStats: boolean) => {
    const k = `${dataset}\0${column}`;
    if (!entityCounts.has(k)) {
      const t = tree!;
      entityCounts.set(
        k,
        Promise.all([
          naiveDistinct(dataset, column),
          withStats
            ? pool.run<StatsResult>({ kind: 'tree-stats', tree: t, dataset, column, context: null })
            : Promise.resolve(null),
        ]),
      );
    }
    return entityCounts.get(k)!;
  };
  for (const f of spec.fields) {
    const d = datasets.get(f.dataset)!;
    if (isCounted(f.dataset) && !isSummarised(d))
      void entityOf(f.dataset, f.column, isStatsType(toSimpleType(d.columns[f.column]))).catch(() => {});
  }

  const values = new Map<number, FieldValues>();
  const stats = new Map<number, StatsResult>();
  const summarised = new Map<number, ColumnSummary>();
  // The fields the search index reads values of come first; `onIndexed` gets them while the others profile.
  const byValues = (f: CatalogSpec['fields'][number]) =>
    isIndexedByValues(f, datasets.get(f.dataset)!.columns[f.column]);
  const indexed = spec.fields.filter(byValues);
  const others = spec.fields.filter((f) => !byValues(f));
  if (!onIndexed) indexed.push(...others.splice(0));
  for (const f of [...indexed, null, ...others]) {
    if (f === null) {
      onIndexed?.(values);
      continue;
    }
    const d = datasets.get(f.dataset)!;
    const type = d.columns[f.column];
    if (isSummarised(d)) {
      const summary = await summaries.get(`${f.dataset}\0${f.column}`)!;
      summarised.set(f.id, summary);
      if (!isHeld(f, type, summary, bound)) continue;
      // A held field's values: at most the bound of them, with their labels (one row per value); a
      // tree table's counted over J(T), of which the summary counted the distinct values.
      const table = refs.get(f.dataset)!;
      const distinct = read.get(`${f.dataset}\0${f.column}`) ?? (await naiveDistinct(f.dataset, f.column));
      const labels =
        f.label_column === null
          ? toDefaultLabels(type)
          : await labelsFrom(pool, table, f.column, type, f.label_column, d.columns[f.label_column], distinct.values);
      values.set(f.id, toFieldValues(distinct.values, distinct.counts, distinct.nullCount, labels));
      continue;
    }
    const profile = await profileOf(f.dataset, f.column);
    const distinct = profile.distinct;
    const labels =
      f.label_column === null
        ? toDefaultLabels(type)
        : await labelsFrom(
            pool,
            refs.get(f.dataset)!,
            f.column,
            type,
            f.label_column,
            d.columns[f.label_column],
            distinct.values,
          );
    if (isCounted(f.dataset)) {
      const [counted, counterStats] = await entityOf(f.dataset, f.column, profile.stats !== null);
      const labelOf =
        typeof labels === 'function' ? null : new Map(Array.from(distinct.values, (v, i) => [v, labels[i]]));
      const counterLabels = labelOf ? counted.values.map((v) => labelOf.get(v) ?? toLabel(v, type)) : labels;
      values.set(f.id, toFieldValues(counted.values, counted.counts, counted.nullCount, counterLabels));
      if (counterStats) stats.set(f.id, counterStats);
    } else {
      values.set(f.id, toFieldValues(distinct.values, distinct.counts, distinct.nullCount, labels));
      if (profile.stats) stats.set(f.id, profile.stats);
    }
  }
  // In catalog order, as if made in it.
  const inOrder = <T>(m: Map<number, T>) =>
    new Map(spec.fields.flatMap((f) => (m.has(f.id) ? [[f.id, m.get(f.id)!] as const] : [])));
  return { values: inOrder(values), stats: inOrder(stats), summaries: inOrder(summarised) };
}
