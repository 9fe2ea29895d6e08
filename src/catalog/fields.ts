// The `fields` of a catalog document, entry by entry: each field's spec, every problem with the entry named.
import { toEcho } from '../common/echo.ts';
import { INTERNAL_TYPES } from '../contract/model.ts';
import type { Reader } from './reader.ts';
import type { FieldSpec } from './spec.ts';

/** The field specs of the `fields` list; a dataset not declared or a category not known is a problem. */
export function toFieldSpecs(
  raw: unknown,
  r: Reader,
  path: string,
  problems: string[],
  datasetNames: ReadonlySet<string>,
  checkCategory: (id: number | null, where: string) => void,
): FieldSpec[] {
  return r.list(raw, 'fields').map((item, i) => {
    const o = r.object(item, `fields[${i}]`);
    const id = r.id(o.id, `fields[${i}]`);
    const where = `fields[${i}] (id ${id})`;
    r.known(o, where, [
      'id',
      'dataset',
      'column',
      'name',
      'plural_name',
      'alt_name',
      'alt_plural_name',
      'description',
      'keywords',
      'unit',
      'plural_unit',
      'published',
      'archived',
      'enumerable',
      'searchable',
      'nullable',
      'internal_type',
      'label_column',
      'groups',
      'category',
      'modified',
    ]);
    const dataset = r.string(o.dataset, where, 'dataset', true) ?? '';
    if (dataset && !datasetNames.has(dataset))
      problems.push(`${path}: ${where}: dataset ${toEcho(dataset)} is not declared under datasets.`);
    const column = r.string(o.column, where, 'column', true) ?? '';
    const category = o.category === undefined || o.category === null ? null : r.id(o.category, where, 'category');
    checkCategory(category, where);
    return {
      id,
      dataset,
      column,
      where,
      name: r.string(o.name, where, 'name') ?? column,
      plural_name: r.string(o.plural_name, where, 'plural_name'),
      alt_name: r.string(o.alt_name, where, 'alt_name'),
      alt_plural_name: r.string(o.alt_plural_name, where, 'alt_plural_name'),
      description: r.string(o.description, where, 'description'),
      keywords: r.string(o.keywords, where, 'keywords'),
      unit: r.string(o.unit, where, 'unit'),
      plural_unit: r.string(o.plural_unit, where, 'plural_unit'),
      published: r.bool(o.published, where, 'published') ?? true,
      archived: r.bool(o.archived, where, 'archived') ?? false,
      enumerable: r.bool(o.enumerable, where, 'enumerable'),
      searchable: r.bool(o.searchable, where, 'searchable'),
      nullable: r.bool(o.nullable, where, 'nullable'),
      internal_type:
        o.internal_type === undefined ? null : r.oneOf(o.internal_type, where, 'internal_type', INTERNAL_TYPES),
      label_column: r.string(o.label_column, where, 'label_column'),
      groups: r.groups(o.groups, where),
      category,
      modified: r.timestamp(o.modified, where, 'modified'),
    };
  });
}
