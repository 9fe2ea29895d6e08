// Checks a parsed catalog document entry by entry, collecting every problem with the file and the entry named.
import { toEchoText } from '../common/echo.ts';
import { FORMATS } from '../contract/formats.ts';
import { INTERNAL_TYPES, type InternalType } from '../contract/model.ts';
import { checkAccess } from './access.ts';
import { checkDisclosure } from './disclosure.ts';
import { toDatasetSource, toEngineSpecs } from './engine-entries.ts';
import { reader } from './reader.ts';
import { toConceptSpecs } from './concepts.ts';
import { toFieldSpecs } from './fields.ts';
import { findLabelLeaks } from './labels.ts';
import type { CatalogSpec } from './spec.ts';

/** The catalog spec of a parsed document; problems are pushed to `problems` (the spec is then not servable). */
export function toCatalogSpec(doc: unknown, path: string, fileModified: string, problems: string[]): CatalogSpec {
  const r = reader(path, problems);
  const root = r.object(doc, '(top level)');
  r.known(root, '(top level)', [
    'title',
    'modified',
    'access',
    'engines',
    'root',
    'entity',
    'datasets',
    'categories',
    'fields',
    'concepts',
    'disclosure',
  ]);
  const pinned = r.timestamp(root.modified, '(top level)', 'modified');
  const engines = toEngineSpecs(root.engines, r, path, problems);

  const datasets = r.list(root.datasets, 'datasets').map((raw, i) => {
    const where = `datasets[${i}]`;
    const o = r.object(raw, where);
    r.known(o, where, [
      'name',
      'model',
      'file',
      'format',
      'engine',
      'table',
      'root_key',
      'columns',
      'data_modified',
      'key',
      'links',
    ]);
    const name = r.string(o.name, where, 'name', true) ?? `#${i}`;
    const w = `datasets[${i}] (${toEchoText(name)})`;
    const source = toDatasetSource(o, w, r, path, problems, engines);
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
      file: r.string(o.file, w, 'file', source.engine === null && source.table === null) ?? '',
      format,
      ...source,
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

  const fields = toFieldSpecs(root.fields, r, path, problems, datasetNames, checkCategory);
  r.unique(
    fields.map((f) => [f.id, f.where]),
    'field id',
  );
  const fieldIds = new Set(fields.map((f) => f.id));
  problems.push(...findLabelLeaks(fields, path));

  const concepts = toConceptSpecs(root.concepts, r, path, problems, fieldIds, checkCategory);
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
    engines,
    datasets,
    categories,
    fields,
    concepts,
    root: rootName,
    entity,
    disclosure: checkDisclosure(root.disclosure, r, problems, path),
  };
}
