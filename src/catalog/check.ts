// Checks a parsed catalog document entry by entry, collecting every problem with the file and the entry named.
import { toEcho, toEchoText } from '../common/echo.ts';
import { FORMATS } from '../contract/formats.ts';
import { INTERNAL_TYPES, type InternalType } from '../contract/model.ts';
import { checkAccess } from './access.ts';
import { reader } from './reader.ts';
import type { CatalogSpec, ConceptSpec, FieldSpec } from './spec.ts';

/** The catalog spec of a parsed document; problems are pushed to `problems` (the spec is then not servable). */
export function toCatalogSpec(doc: unknown, path: string, fileModified: string, problems: string[]): CatalogSpec {
  const r = reader(path, problems);
  const root = r.object(doc, '(top level)');
  r.known(root, '(top level)', [
    'title',
    'modified',
    'access',
    'root',
    'entity',
    'datasets',
    'categories',
    'fields',
    'concepts',
  ]);
  const pinned = r.timestamp(root.modified, '(top level)', 'modified');

  const datasets = r.list(root.datasets, 'datasets').map((raw, i) => {
    const where = `datasets[${i}]`;
    const o = r.object(raw, where);
    r.known(o, where, ['name', 'model', 'file', 'format', 'columns', 'data_modified', 'key', 'links']);
    const name = r.string(o.name, where, 'name', true) ?? `#${i}`;
    const w = `datasets[${i}] (${toEchoText(name)})`;
    const format = o.format === undefined ? null : r.oneOf(o.format, w, 'format', FORMATS);
    const columns: Record<string, InternalType> = {};
    for (const [col, t] of Object.entries(r.object(o.columns ?? {}, `${w}.columns`))) {
      const type = r.oneOf(t, w, `columns.${toEchoText(col)}`, INTERNAL_TYPES);
      if (type) columns[col] = type;
    }
    const links = r
      .list(o.links, `${w}.links`)
      .map((raw, j) => {
        const lw = `${w}.links[${j}]`;
        const lo = r.object(raw, lw);
        r.known(lo, lw, ['column', 'to']);
        return { column: r.string(lo.column, lw, 'column', true) ?? '', to: r.string(lo.to, lw, 'to', true) ?? '' };
      })
      .filter((l) => l.column && l.to);
    return {
      name,
      model: r.string(o.model, w, 'model') ?? name,
      file: r.string(o.file, w, 'file', true) ?? '',
      format,
      columns,
      dataModified: r.timestamp(o.data_modified, w, 'data_modified'),
      where: w,
      key: r.string(o.key, w, 'key'),
      links,
    };
  });
  r.unique(
    datasets.map((d) => [d.name, d.where]),
    'dataset name',
  );
  // The model tree (API.md §12): its structure needs the data's column types, so it is checked after loading.
  const rootName = r.string(root.root, '(top level)', 'root');
  let entity: CatalogSpec['entity'] = null;
  if (root.entity !== undefined && root.entity !== null) {
    const e = r.object(root.entity, 'entity');
    r.known(e, 'entity', ['name', 'plural_name']);
    entity = {
      name: r.string(e.name, 'entity', 'name', true) ?? '',
      plural_name: r.string(e.plural_name, 'entity', 'plural_name'),
    };
    if (rootName === null)
      problems.push(`${path}: entity: names the entities of a root; declare \`root: <dataset>\` too.`);
  }

  const categories = r.list(root.categories, 'categories').map((raw, i) => {
    const o = r.object(raw, `categories[${i}]`);
    const id = r.id(o.id, `categories[${i}]`);
    const where = `categories[${i}] (id ${id})`;
    r.known(o, where, ['id', 'name', 'order', 'parent']);
    return {
      id,
      where,
      name: r.string(o.name, where, 'name', true) ?? '',
      order: r.number(o.order, where, 'order') ?? 0,
      parent: o.parent === undefined || o.parent === null ? null : r.id(o.parent, where, 'parent'),
    };
  });
  r.unique(
    categories.map((c) => [c.id, c.where]),
    'category id',
  );
  const categoryIds = new Map(categories.map((c) => [c.id, c]));
  for (const c of categories) {
    if (c.parent === null) continue;
    const parent = categoryIds.get(c.parent);
    if (!parent) problems.push(`${path}: ${c.where}: parent ${c.parent} is not a category id.`);
    else if (parent.id === c.id) problems.push(`${path}: ${c.where}: a category cannot be its own parent.`);
    else if (parent.parent !== null)
      problems.push(`${path}: ${c.where}: parent ${c.parent} has a parent itself; categories nest one level only.`);
  }
  const datasetNames = new Set(datasets.map((d) => d.name));
  const checkCategory = (id: number | null, where: string) => {
    if (id !== null && !categoryIds.has(id)) problems.push(`${path}: ${where}: category ${id} is not a category id.`);
  };

  const fields: FieldSpec[] = r.list(root.fields, 'fields').map((raw, i) => {
    const o = r.object(raw, `fields[${i}]`);
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
  r.unique(
    fields.map((f) => [f.id, f.where]),
    'field id',
  );
  const fieldIds = new Set(fields.map((f) => f.id));

  const concepts: ConceptSpec[] = r.list(root.concepts, 'concepts').map((raw, i) => {
    const o = r.object(raw, `concepts[${i}]`);
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
  r.unique(
    concepts.map((c) => [c.id, c.where]),
    'concept id',
  );

  const access = checkAccess(root.access, r, problems, path);
  return {
    path,
    title: r.string(root.title, '(top level)', 'title') ?? 'Sorrel catalog',
    modified: pinned ?? fileModified,
    modifiedPinned: pinned !== null,
    access,
    datasets,
    categories,
    fields,
    concepts,
    root: rootName,
    entity,
  };
}

/**
 * Timestamps that reach bodies but are not pinned in the catalog: each then comes from a file's
 * modification time, so replicas serving separate copies of the files could answer differently.
 */
export function findTimestampWarnings(spec: CatalogSpec): string[] {
  const copies =
    'replicas serving separate copies of the files could disagree; pin it, or serve one file from `sorrel build`.';
  const warnings: string[] = [];
  if (!spec.modifiedPinned)
    warnings.push(
      `${spec.path}: (top level): \`modified\` is not set, so it is the catalog file's modification time; ${copies}`,
    );
  for (const d of spec.datasets) {
    if (d.dataModified === null)
      warnings.push(
        `${spec.path}: ${d.where}: \`data_modified\` is not set, so it is the data file's modification time; ${copies}`,
      );
  }
  return warnings;
}
