// Reads a catalog file (YAML or JSON) into a checked CatalogSpec, collecting every problem.
import { toEchoText } from '../common/echo.ts';
import { readFileSync, statSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { toTimestamp } from '../common/dates.ts';
import { toCatalogSpec } from './check.ts';
import { CatalogError, type CatalogSpec } from './spec.ts';

export { CatalogError, type CatalogSpec } from './spec.ts';

/** Reads and structurally checks a catalog file; throws CatalogError listing every problem. */
export function loadCatalog(path: string): CatalogSpec {
  const { spec, problems } = readCatalog(path);
  if (problems.length || !spec) throw new CatalogError(problems);
  return spec;
}

/**
 * Reads a catalog and collects its structural problems without throwing, so `sorrel check` can go
 * on to load the data and report those problems too. `spec` is null when the file cannot be parsed.
 */
export function readCatalog(path: string): { spec: CatalogSpec | null; problems: string[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return {
      spec: null,
      problems: [`${path}: cannot read the catalog file (${(err as NodeJS.ErrnoException).code ?? String(err)}).`],
    };
  }
  let doc: unknown;
  try {
    doc = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    return {
      spec: null,
      problems: [
        `${path}: not valid ${/\.json$/i.test(path) ? 'JSON' : 'YAML'}: ${toEchoText((err as Error).message.split('\n')[0], 160)}`,
      ],
    };
  }
  const problems: string[] = [];
  const spec = toCatalogSpec(doc, path, toTimestamp(statSync(path).mtime), problems);
  return { spec, problems };
}

/** Checks a parsed catalog document; `fileModified` is the default `modified` timestamp. */
export function checkCatalog(doc: unknown, path: string, fileModified: string): CatalogSpec {
  const problems: string[] = [];
  const spec = toCatalogSpec(doc, path, fileModified, problems);
  if (problems.length) throw new CatalogError(problems);
  return spec;
}
