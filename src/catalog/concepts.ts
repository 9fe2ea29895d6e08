// The `concepts` of a catalog document, entry by entry: each concept's spec and field references, every problem named.
import type { Reader } from './reader.ts';
import type { ConceptSpec } from './spec.ts';

/** The concept specs of the `concepts` list; a field reference that is not a field id, or repeated, is a problem. */
export function toConceptSpecs(
  raw: unknown,
  r: Reader,
  path: string,
  problems: string[],
  fieldIds: ReadonlySet<number>,
  checkCategory: (id: number | null, where: string) => void,
): ConceptSpec[] {
  return r.list(raw, 'concepts').map((item, i) => {
    const o = r.object(item, `concepts[${i}]`);
    const id = r.id(o.id, `concepts[${i}]`);
    const where = `concepts[${i}] (id ${id})`;
    r.known(o, where, [
      'id',
      'name',
      'plural_name',
      'description',
      'keywords',
      'category',
      'order',
      'published',
      'archived',
      'sortable',
      'queryable',
      'viewable',
      'formatter_name',
      'queryview',
      'groups',
      'modified',
      'fields',
    ]);
    const category = o.category === undefined || o.category === null ? null : r.id(o.category, where, 'category');
    checkCategory(category, where);
    const refs = r.list(o.fields, `${where}.fields`).map((ref, j) => {
      const w = `${where}.fields[${j}]`;
      const ro = typeof ref === 'object' && ref !== null ? r.object(ref, w) : { id: ref };
      r.known(ro, w, ['id', 'alt_name', 'alt_plural_name']);
      const fid = r.id(ro.id, w);
      if (fid > 0 && !fieldIds.has(fid)) problems.push(`${path}: ${w}: field ${fid} is not a field id.`);
      return {
        id: fid,
        alt_name: r.string(ro.alt_name, w, 'alt_name'),
        alt_plural_name: r.string(ro.alt_plural_name, w, 'alt_plural_name'),
      };
    });
    const seen = new Set<number>();
    for (const ref of refs) {
      if (seen.has(ref.id)) problems.push(`${path}: ${where}: field ${ref.id} is listed twice.`);
      seen.add(ref.id);
    }
    return {
      id,
      where,
      category,
      fields: refs,
      name: r.string(o.name, where, 'name', true) ?? '',
      plural_name: r.string(o.plural_name, where, 'plural_name'),
      description: r.string(o.description, where, 'description') ?? '',
      keywords: r.string(o.keywords, where, 'keywords') ?? '',
      order: r.number(o.order, where, 'order') ?? 0,
      published: r.bool(o.published, where, 'published') ?? true,
      archived: r.bool(o.archived, where, 'archived') ?? false,
      sortable: r.bool(o.sortable, where, 'sortable') ?? true,
      queryable: r.bool(o.queryable, where, 'queryable') ?? true,
      viewable: r.bool(o.viewable, where, 'viewable') ?? true,
      formatter_name: r.string(o.formatter_name, where, 'formatter_name') ?? '',
      queryview: r.string(o.queryview, where, 'queryview') ?? '',
      groups: r.groups(o.groups, where),
      modified: r.timestamp(o.modified, where, 'modified'),
    };
  });
}
