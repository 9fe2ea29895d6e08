// Each field as served: the catalog's attributes, and what it leaves out inferred from its column, values or summary.
import { operatorsFor, toPlural, toSimpleType } from '../../catalog/rules.ts';
import type { CatalogSpec } from '../../catalog/spec.ts';
import type { ColumnSummary } from '../../contract/engine.ts';
import type { Field } from '../../contract/model.ts';
import type { DatasetInfo } from '../../contract/storage.ts';
import type { FieldValues } from '../field-values.ts';

/** Each field as served: the catalog's attributes, and what it leaves out inferred from the column and its values. */
export function toFields(
  spec: CatalogSpec,
  datasets: ReadonlyMap<string, DatasetInfo>,
  values: ReadonlyMap<number, FieldValues>,
  summaries: ReadonlyMap<number, ColumnSummary> = new Map(),
): Map<number, Field> {
  const fields = new Map<number, Field>();
  for (const f of spec.fields) {
    const d = datasets.get(f.dataset)!;
    const type = d.columns[f.column];
    const simple = toSimpleType(type);
    // An engine field's null count comes from its summary, whether or not its values are held; its
    // distinct values are counted by the summary up to a bound when not held (null: more).
    const v = values.get(f.id);
    const summary = summaries.get(f.id);
    const distinct = v ? v.values.length : (summary?.distinct ?? null);
    const nulls = summary ? summary.null_count : v!.nullCount;
    const enumerable =
      f.enumerable ?? ((simple === 'string' || simple === 'boolean') && distinct !== null && distinct <= 30);
    const nullable = f.nullable ?? nulls > 0;
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
