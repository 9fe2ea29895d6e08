// Resource bodies: concepts, fields and categories in the shapes of seed.md and API.md §3.
import { isStatsType, toPlural } from '../catalog/rules.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import type { Concept, ConceptFieldRef, Field, User } from '../contract/model.ts';

const link = (href: string, rel: string) => ({ href, rel });

/** `{id, name, order, parent}` with the parent one level deep (its own parent omitted). */
function toCategoryJson(snapshot: Snapshot, id: number | null): unknown {
  const c = id === null ? undefined : snapshot.categories.get(id);
  if (!c) return null;
  const p = c.parent === null ? undefined : snapshot.categories.get(c.parent);
  return { id: c.id, name: c.name, order: c.order, parent: p ? { id: p.id, name: p.name, order: p.order } : null };
}

/** A full field object; `ref` gives a concept's own alternative names for it. */
export function toFieldJson(f: Field, base: string, ref?: ConceptFieldRef): Record<string, unknown> {
  const self = `${base}/api/fields/${f.id}/`;
  const links: Record<string, unknown> = {
    self: link(self, 'self'),
    values: link(`${self}values/`, 'data'),
    distribution: link(`${self}dist/`, 'data'),
  };
  if (isStatsType(f.simple_type)) links.stats = link(`${self}stats/`, 'data');
  return {
    _links: links,
    id: f.id,
    name: f.name,
    plural_name: f.plural_name,
    alt_name: ref?.alt_name ?? f.alt_name,
    alt_plural_name: ref?.alt_name
      ? (ref.alt_plural_name ?? toPlural(ref.alt_name))
      : (ref?.alt_plural_name ?? f.alt_plural_name),
    description: f.description,
    keywords: f.keywords,
    app_name: f.app_name,
    model_name: f.model_name,
    field_name: f.field_name,
    internal_type: f.internal_type,
    simple_type: f.simple_type,
    enumerable: f.enumerable,
    nullable: f.nullable,
    searchable: f.searchable,
    unit: f.unit,
    plural_unit: f.plural_unit,
    published: f.published,
    archived: f.archived,
    modified: f.modified,
    data_modified: f.data_modified,
    operators: f.operators,
  };
}

/** The fields of a concept a user may see, as full objects in the concept's order. */
export function toConceptFieldsJson(
  snapshot: Snapshot,
  c: Concept,
  user: User,
  base: string,
): Record<string, unknown>[] {
  return c.fields
    .filter((r) => snapshot.isFieldVisible(user, r.id))
    .map((r) => toFieldJson(snapshot.fields.get(r.id)!, base, r));
}

/**
 * A concept object; `embed` adds the `fields` array of full field objects. `_links.fields` is one
 * link to the concept's fields (Serrano 2.3 served it so, and Cilantro reads every link as
 * `_links[rel].href`); the references to the fields are the array-valued rel `field` (HAL style).
 */
export function toConceptJson(
  snapshot: Snapshot,
  c: Concept,
  user: User,
  base: string,
  embed: boolean,
): Record<string, unknown> {
  const self = `${base}/api/concepts/${c.id}/`;
  const refs = c.fields
    .filter((r) => snapshot.isFieldVisible(user, r.id))
    .map((r) => ({
      href: `${base}/api/fields/${r.id}/`,
      rel: 'field',
      id: r.id,
      name: snapshot.fields.get(r.id)!.name,
    }));
  const body: Record<string, unknown> = {
    _links: { self: link(self, 'self'), fields: link(`${self}fields/`, 'fields'), field: refs },
    id: c.id,
    name: c.name,
    plural_name: c.plural_name,
    description: c.description,
    keywords: c.keywords,
    category: toCategoryJson(snapshot, c.category),
    order: c.order,
    published: c.published,
    archived: c.archived,
    sortable: c.sortable,
    queryable: c.queryable,
    viewable: c.viewable,
    formatter_name: c.formatter_name,
    queryview: c.queryview,
    modified: c.modified,
  };
  if (embed) body.fields = toConceptFieldsJson(snapshot, c, user, base);
  return body;
}
