// Writes a Sorrel catalog over one data file: a field per column (ids from 1, in column order), one concept.
import { writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/**
 * Writes `<dir>/<file name>.catalog.json` (`file:` relative to it) and returns its path.
 * Types, `enumerable` and `searchable` are left to the loader's inference, as for `sorrel init`.
 */
export function writeTableCatalog(file: string, columns: readonly string[], dir: string): string {
  const path = join(dir, `${basename(file)}.catalog.json`);
  const fields = columns.map((column, i) => ({ id: i + 1, dataset: 'data', column, name: column }));
  const catalog = {
    title: `Bench catalog over ${basename(file)}`,
    access: { anonymous: true },
    datasets: [{ name: 'data', model: 'row', file: relative(dirname(path), file) }],
    categories: [{ id: 1, name: 'Bench', order: 1 }],
    fields,
    concepts: [{ id: 1, name: 'Row', category: 1, order: 1, fields: fields.map((f) => f.id) }],
  };
  writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
  return path;
}

/** The field id `writeTableCatalog` gave `column`. */
export function toFieldId(columns: readonly string[], column: string): number {
  const i = columns.indexOf(column);
  if (i < 0) throw new Error(`No column "${column}" among ${columns.join(', ')}`);
  return i + 1;
}
