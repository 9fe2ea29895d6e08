// Precompute at load: each field's context-naive distinct values (with labels) and stats; each field's served attributes.
import type { CatalogSpec } from '../../catalog/spec.ts';
import { isStatsType, operatorsFor, toPlural, toSimpleType } from '../../catalog/rules.ts';
import { toLabel } from '../../common/values.ts';
import type { Field, InternalType } from '../../contract/model.ts';
import type { Pool } from '../../contract/pool.ts';
import type { DatasetInfo, TableRef } from '../../contract/storage.ts';
import { pointAt, pointCount } from '../../common/flat-points.ts';
import type { DistAnswer, DistinctResult, ProfileResult, StatsResult } from '../../contract/tasks.ts';
import type { TreeRef } from '../../contract/tree.ts';
import type { Progress } from './datasets.ts';
import { type FieldValues, toDefaultLabels, toFieldValues } from '../field-values.ts';

export type { FieldValues } from '../field-values.ts';

export type Precomputed = { values: Map<number, FieldValues>; stats: Map<number, StatsResult> };

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
  onIndexed?: (values: ReadonlyMap<number, FieldValues>) => void,
): Promise<Precomputed> {
  // Precompute what does not depend on a context, once per (dataset, column): distinct values and,
  // for number/date/time columns, stats, from one sort. Every task is queued up front (most already
  // were, as their datasets loaded: startProfiles) so all of the pool's threads stay busy; the loop
  // below takes the answers in order.
  for (const d of datasets.values()) startProfiles(spec, d, refs.get(d.name)!, pool, profiles);
  const profileOf = (dataset: string, column: string) => profiles.get(`${dataset}\0${column}`)!;
  // Fields of a tree table other than the root count root entities, not rows (API.md §12): their
  // served values and stats come from the tree (labels still come from the column's profile).
  const entityCounts = new Map<string, Promise<[DistinctResult, StatsResult | null]>>();
  const entityOf = (dataset: string, column: string, withStats: boolean) => {
    const k = `${dataset}\0${column}`;
    if (!entityCounts.has(k)) {
      const t = tree!;
      entityCounts.set(
        k,
        Promise.all([
          pool.run<DistinctResult>({ kind: 'tree-distinct', tree: t, dataset, column, context: null }),
          withStats
            ? pool.run<StatsResult>({ kind: 'tree-stats', tree: t, dataset, column, context: null })
            : Promise.resolve(null),
        ]),
      );
    }
    return entityCounts.get(k)!;
  };
  const isCounted = (dataset: string) => tree !== null && dataset in tree.shape.nodes && dataset !== tree.shape.root;
  for (const f of spec.fields) {
    if (isCounted(f.dataset))
      void entityOf(f.dataset, f.column, isStatsType(toSimpleType(datasets.get(f.dataset)!.columns[f.column]))).catch(
        () => {},
      );
  }

  const values = new Map<number, FieldValues>();
  const stats = new Map<number, StatsResult>();
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
            distinct,
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
  return { values: inOrder(values), stats: inOrder(stats) };
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

/** Each field as served: the catalog's attributes, and what it leaves out inferred from the column and its values. */
export function toFields(
  spec: CatalogSpec,
  datasets: ReadonlyMap<string, DatasetInfo>,
  values: ReadonlyMap<number, FieldValues>,
): Map<number, Field> {
  const fields = new Map<number, Field>();
  for (const f of spec.fields) {
    const d = datasets.get(f.dataset)!;
    const type = d.columns[f.column];
    const simple = toSimpleType(type);
    const v = values.get(f.id)!;
    const enumerable = f.enumerable ?? ((simple === 'string' || simple === 'boolean') && v.values.length <= 30);
    const nullable = f.nullable ?? v.nullCount > 0;
    fields.set(
      f.id,
      Object.freeze({
        id: f.id,
        dataset: f.dataset,
        column: f.column,
        name: f.name,
        plural_name: f.plural_name ?? toPlural(f.name),
        alt_name: f.alt_name,
        alt_plural_name: f.alt_plural_name ?? (f.alt_name === null ? null : toPlural(f.alt_name)),
        description: f.description,
        keywords: f.keywords,
        app_name: f.dataset,
        model_name: d.model,
        field_name: f.column,
        internal_type: type,
        simple_type: simple,
        enumerable,
        searchable: f.searchable ?? (simple === 'string' && !enumerable),
        nullable,
        unit: f.unit,
        plural_unit: f.plural_unit ?? (f.unit === null ? null : toPlural(f.unit)),
        published: f.published,
        archived: f.archived,
        modified: f.modified ?? spec.modified,
        data_modified: d.dataModified,
        operators: operatorsFor(simple, nullable),
        groups: f.groups,
        category: f.category,
        label_column: f.label_column,
      }),
    );
  }
  return fields;
}

/**
 * Labels from a label column: for each value, the label carried by most of its records
 * (ties: the smallest label), so the choice is deterministic whatever the row order.
 */
async function labelsFrom(
  pool: Pool,
  table: TableRef,
  column: string,
  valueType: InternalType,
  labelColumn: string,
  labelType: InternalType,
  distinct: ProfileResult['distinct'],
): Promise<string[]> {
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
    if (!cur || p.count > cur.count || (p.count === cur.count && label < cur.label))
      best.set(v, { label, count: p.count });
  }
  return Array.from(distinct.values, (v) => best.get(v)?.label ?? toLabel(v, valueType));
}
