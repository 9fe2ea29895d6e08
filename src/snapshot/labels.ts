// Labels of storage values: a field's label column mapping when it has one (held, or read from the engine for one answer), else the value's string form.
import { toLabel } from '../common/values.ts';
import { normalizeText } from '../search/query.ts';
import type { Snapshot } from './build/create.ts';
import type { FieldValues } from './field-values.ts';
import type { Field } from '../contract/model.ts';
import type { Pool } from '../contract/pool.ts';
import type { ValueLabels } from '../contract/values-page.ts';
import { toLabelMap } from './build/labels-from.ts';

const labelMaps = new WeakMap<FieldValues, Map<number | string, string>>();
const normalized = new WeakMap<FieldValues, readonly string[]>();

/** A function from a storage value (or null) of `field` to its label. */
export type Labeler = (v: number | string | null) => string;

/**
 * A function from a storage value (or null) of `field` to its label: a field with a label column
 * must have its values held (else toAnswerLabeler).
 */
export function toLabeler(snapshot: Snapshot, field: Field): Labeler {
  const vals = snapshot.values.get(field.id);
  if (field.label_column === null) return (v) => toLabel(v, field.internal_type);
  if (!vals) throw new Error(`Field ${field.id}'s labels are not held: ask the engine for them (toAnswerLabeler).`);
  let m = labelMaps.get(vals);
  if (!m) {
    const labels = vals.labels();
    m = new Map(Array.from(vals.values, (v, i) => [v, labels[i]]));
    labelMaps.set(vals, m);
  }
  const map = m;
  return (v) => (v === null ? 'null' : (map.get(v) ?? toLabel(v, field.internal_type)));
}

/** The normalised (search-ready) labels of a field's naive values, computed once. */
export function toNormalizedLabels(vals: FieldValues): readonly string[] {
  let n = normalized.get(vals);
  if (!n) {
    n = vals.labels().map(normalizeText);
    normalized.set(vals, n);
  }
  return n;
}

/**
 * The labeler of the values of one answer (a distribution's groups, a context's values): toLabeler,
 * or for a field with a label column whose values Sorrel does not hold (an engine field beyond
 * SORREL_SEARCH_VALUES_PER_FIELD, API.md §14), the labels of `values` only, read from the engine
 * (a value-labels task: one row per value, bounded by the answer).
 */
export async function toAnswerLabeler(
  snapshot: Snapshot,
  pool: Pool,
  field: Field,
  values: Iterable<number | string | null>,
  signal?: AbortSignal,
): Promise<Labeler> {
  if (field.label_column === null || snapshot.values.has(field.id)) return toLabeler(snapshot, field);
  const asked = [...new Set(values)].filter((v) => v !== null);
  const table = snapshot.tableRef(field.dataset);
  const { column, label_column: labelColumn } = field;
  const answer = await pool.run<ValueLabels>(
    { kind: 'value-labels', table, column, labelColumn, values: asked },
    signal,
  );
  const map = toLabelMap(answer);
  return (v) => (v === null ? 'null' : (map.get(v) ?? toLabel(v, field.internal_type)));
}
