// The `sorrel` command: serve, check, init, hash-key.
import { basename, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { formatOf, inspectColumns } from '../loaders/index.ts';
import { toKeyHash } from './auth.ts';
import { CatalogError, readCatalog } from './catalog.ts';
import { toConfig } from './config.ts';
import { toPlural } from './model.ts';
import { startServer } from './server.ts';
import { findColumnProblems, tryLoadDatasets } from './snapshot.ts';

// Built, this file is dist/src/cli.js: the demo stays at the package root.
export const DEMO_CATALOG = fileURLToPath(new URL(import.meta.url.endsWith('.js') ? '../../demo/catalog.yaml' : '../demo/catalog.yaml', import.meta.url));

const USAGE = `Usage:
  sorrel serve [catalog.yaml]     serve a catalog (default: SORREL_CATALOG, else the bundled demo)
  sorrel check <catalog.yaml>     validate a catalog and its data files; exits 1 on any problem
  sorrel init <data files…>       print a starting catalog (YAML) for the given data files
  sorrel hash-key <key>           print the SHA-256 to store for an API key`;

/** Runs one command; returns the exit code (serve never returns while serving). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve': return serve(args[0] ?? process.env.SORREL_CATALOG ?? DEMO_CATALOG);
    case 'check': return check(args[0]);
    case 'init': return init(args);
    case 'hash-key':
      if (!args[0]) return fail('hash-key needs the key to hash.');
      console.log(toKeyHash(args[0]));
      return 0;
    case undefined: case 'help': case '--help': case '-h':
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      return fail(`Unknown command "${command}".`);
  }
}

function fail(message: string): number {
  console.error(`${message}\n\n${USAGE}`);
  return 1;
}

async function serve(catalogPath: string): Promise<number> {
  const config = toConfig(process.env);
  const running = await startServer(resolve(catalogPath), config);
  try {
    await running.ready;
  } catch (err) {
    console.error(err instanceof CatalogError ? err.message : (err as Error).stack);
    await running.close();
    return 1;
  }
  console.error(`Sorrel is serving ${relative(process.cwd(), catalogPath) || catalogPath}: open ${running.url}/ to browse it (API at ${running.url}/api/).`);
  const stop = () => { void running.close().then(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return new Promise<number>(() => {});
}

/** Reports every problem: structure first, then each data file and column that can be checked. */
async function check(catalogPath: string | undefined): Promise<number> {
  if (!catalogPath) return fail('check needs a catalog file.');
  const { spec, problems } = readCatalog(resolve(catalogPath));
  if (spec) {
    const loaded = await tryLoadDatasets(spec);
    problems.push(...loaded.problems, ...findColumnProblems(spec, loaded.datasets));
    if (!problems.length) {
      const rows = [...loaded.datasets.values()].map((d) => `${d.name} (${d.rows} rows)`).join(', ');
      console.log(`${catalogPath}: OK — ${spec.datasets.length} datasets: ${rows}; ${spec.categories.length} categories, ${spec.fields.length} fields, ${spec.concepts.length} concepts.`);
      return 0;
    }
  }
  console.error(new CatalogError(problems).message);
  return 1;
}

/** One dataset, category and concept per file; one field per column with inferred type and flags. */
async function init(files: string[]): Promise<number> {
  if (!files.length) return fail('init needs at least one data file.');
  const catalog = { title: 'Sorrel catalog', access: { anonymous: true }, datasets: [] as unknown[], categories: [] as unknown[], fields: [] as unknown[], concepts: [] as unknown[] };
  let fieldId = 0, conceptId = 0;
  for (const [i, file] of files.entries()) {
    if (!formatOf(file)) return fail(`${file}: unknown format; use .csv, .tsv, .ndjson, .jsonl, .json, .arrow, .feather or .parquet.`);
    const name = basename(file, extname(file)).replace(/[^A-Za-z0-9_]+/g, '_');
    let columns;
    try {
      columns = await inspectColumns(resolve(file));
    } catch (err) {
      console.error(`${file}: ${(err as Error).message}`);
      return 1;
    }
    catalog.datasets.push({ name, file });
    catalog.categories.push({ id: i + 1, name: toTitle(name), order: i + 1 });
    for (const [j, c] of columns.entries()) {
      const id = ++fieldId;
      const simpleString = c.type === 'char' || c.type === 'text';
      const enumerable = (simpleString || c.type === 'boolean') && c.distinct <= 30;
      catalog.fields.push({
        id, dataset: name, column: c.name, name: toTitle(c.name), internal_type: c.type,
        enumerable, searchable: simpleString && !enumerable, nullable: c.nullable, published: true, archived: false,
      });
      catalog.concepts.push({ id: ++conceptId, name: toTitle(c.name), plural_name: toPlural(toTitle(c.name)), category: i + 1, order: j + 1, published: true, fields: [id] });
    }
  }
  process.stdout.write(`# Generated by \`sorrel init\`: edit names, descriptions, units and access before serving.\n${stringify(catalog)}`);
  return 0;
}

function toTitle(s: string): string {
  const words = s.replace(/[_\s]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
