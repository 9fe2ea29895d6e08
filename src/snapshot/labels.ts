// Labels of storage values: a field's label column mapping when it has one, else the value's string form.
import { toLabel } from '../common/values.ts';
import { normalizeText } from '../search/query.ts';
import type { Snapshot } from './build/create.ts';
import type { FieldValues } from './field-values.ts';
import type { Field } from '../contract/model.ts';

const labelMaps = new WeakMap<FieldValues, Map<number | string, string>>();
const normalized = new WeakMap<FieldValues, readonly string[]>();

/** A function from a storage value (or null) of `field` to its label. */
export function toLabeler(snapshot: Snapshot, field: Field): (v: number | string | null) => string {
  const vals = snapshot.values.get(field.id)!;
  if (field.label_column === null) return (v) => toLabel(v, field.internal_type);
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
