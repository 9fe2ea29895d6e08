// Where a catalog's data files are: relative to the catalog file, absolute, or `npm:<package>/<path>`.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** Resolves a catalog `file:` entry: relative to the catalog, or `npm:<package>/<path>` from node_modules. */
export function resolveDataPath(file: string, catalogPath: string): string {
  if (file.startsWith('npm:')) {
    const spec = file.slice(4);
    const parts = spec.split('/');
    const pkg = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    const rest = parts.slice(spec.startsWith('@') ? 2 : 1).join('/');
    // Packages may not export package.json, so look for the folder on Node's search path.
    const paths = createRequire(resolve(dirname(catalogPath), 'catalog.js')).resolve.paths(pkg) ?? [];
    const dir = paths.map((p) => join(p, pkg)).find((d) => existsSync(d));
    if (!dir) throw new Error(`${file}: package "${pkg}" is not installed (run npm install).`);
    return resolve(dir, rest);
  }
  return isAbsolute(file) ? file : resolve(dirname(catalogPath), file);
}
