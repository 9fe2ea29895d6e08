// The catalog's categories and concepts as served: frozen objects with the defaults filled in.
import type { CatalogSpec } from '../../catalog/spec.ts';
import { toPlural } from '../../catalog/rules.ts';
import type { Category, Concept } from '../../contract/model.ts';

/** Every category by id. */
export function toCategories(spec: CatalogSpec): Map<number, Category> {
  return new Map(
    spec.categories.map((c) => [c.id, Object.freeze({ id: c.id, name: c.name, order: c.order, parent: c.parent })]),
  );
}

/** Every concept by id, with its plural and modification date defaulted. */
export function toConcepts(spec: CatalogSpec): Map<number, Concept> {
  return new Map(
    spec.concepts.map((c) => [
      c.id,
      Object.freeze({
        id: c.id,
        name: c.name,
        plural_name: c.plural_name ?? toPlural(c.name),
        description: c.description,
        keywords: c.keywords,
        category: c.category,
        order: c.order,
        published: c.published,
        archived: c.archived,
        sortable: c.sortable,
        queryable: c.queryable,
        viewable: c.viewable,
        formatter_name: c.formatter_name,
        queryview: c.queryview,
        modified: c.modified ?? spec.modified,
        groups: c.groups,
        fields: c.fields.map((r) => Object.freeze({ ...r })),
      } satisfies Concept),
    ]),
  );
}
