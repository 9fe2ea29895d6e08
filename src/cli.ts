// The `sorrel` command: serve, check, init, hash-key; --version, and --help on every command.
import { basename, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import pkg from '../package.json' with { type: 'json' };
import { stringify } from 'yaml';
import { inspectColumns } from '../loaders/index.ts';
import { formatOf, toExtensionList } from './contract/formats.ts';
import { toKeyHash } from './snapshot/access.ts';
import { CatalogError, readCatalog } from './catalog/read.ts';
import { type Config, toConfig } from './config.ts';
import { toPlural } from './catalog/rules.ts';
import { type Running, startServer } from './server.ts';
import { findColumnProblems, type LoadedDatasets, tryLoadDatasets } from './snapshot/datasets.ts';
import { checkTree, hasTree } from './snapshot/tree.ts';
import { createPool } from './pool.ts';
import type { CatalogSpec } from './catalog/spec.ts';

// Built, this file is dist/src/cli.js: the demo stays at the package root.
export const DEMO_CATALOG = fileURLToPath(new URL(import.meta.url.endsWith('.js') ? '../../demo/catalog.yaml' : '../demo/catalog.yaml', import.meta.url));

const COMMANDS: Record<string, { usage: string; options?: ParseArgsConfig['options'] }> = {
  serve: {
    usage: `sorrel serve [catalog.yaml] [--port N] [--host H]
  Serves a catalog (default: SORREL_CATALOG, else the bundled demo) at http://HOST:PORT/api/.
  --port N   port to listen on (default: PORT, else 8000; 0 picks a free one)
  --host H   address to listen on (default: HOST, else 0.0.0.0)`,
    options: { port: { type: 'string' }, host: { type: 'string' } },
  },
  check: { usage: `sorrel check <catalog.yaml>
  Validates a catalog and its data files, printing every problem; exits 1 on any.` },
  init: { usage: `sorrel init <data files…>
  Prints a starting catalog (YAML) for the data files: one dataset and category per file,
  one field and one concept per column.` },
  'hash-key': { usage: `sorrel hash-key <key>
  Prints the SHA-256 to store in the catalog for an API key.` },
};

const USAGE = `Usage: sorrel <command> [options]   (sorrel <command> --help for one command)

${Object.values(COMMANDS).map((c) => c.usage.split('\n')[0]).join('\n')}
sorrel --version`;

/** Runs one command; returns the exit code (serve never returns while serving). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v' || command === 'version') {
    console.log(pkg.version);
    return 0;
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 1 : 0;
  }
  const spec = COMMANDS[command];
  if (!spec) return fail(`Unknown command "${command}".`);
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: rest, options: { ...spec.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    return fail(`sorrel ${command}: ${(err as Error).message}`, spec.usage);
  }
  if (parsed.values.help) {
    console.log(`Usage: ${spec.usage}`);
    return 0;
  }
  const args = parsed.positionals;
  switch (command) {
    case 'serve': return serve(args[0] ?? process.env.SORREL_CATALOG ?? DEMO_CATALOG, parsed.values);
    case 'check': return check(args[0]);
    case 'init': return init(args);
    default:
      if (!args[0]) return fail('hash-key needs the key to hash.', spec.usage);
      console.log(toKeyHash(args[0]));
      return 0;
  }
}

function fail(message: string, usage = USAGE): number {
  console.error(`${message}\n\nUsage: ${usage.replace(/^Usage: /, '')}`);
  return 1;
}

async function serve(catalogPath: string, flags: Record<string, string | boolean | undefined>): Promise<number> {
  let config: Config;
  try {
    config = toConfig({ ...process.env, ...(flags.port === undefined ? {} : { PORT: String(flags.port) }), ...(flags.host === undefined ? {} : { HOST: String(flags.host) }) });
  } catch (err) {
    console.error(`sorrel serve: ${(err as Error).message}`);
    return 1;
  }
  let running: Running;
  try {
    running = await startServer(resolve(catalogPath), config);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`sorrel serve: port ${config.port} on ${config.host} is in use; stop the other server or pick another with --port or PORT.`);
    else if (code === 'EACCES' || code === 'EADDRNOTAVAIL') console.error(`sorrel serve: cannot listen on ${config.host}:${config.port} (${code}).`);
    else throw err;
    return 1;
  }
  try {
    await running.ready;
  } catch (err) {
    // Serving refuses what `check` reports: list every problem, not only the first kind found.
    const problems = err instanceof CatalogError ? await findProblems(resolve(catalogPath)) : [];
    console.error(problems.length ? new CatalogError(problems).message : err instanceof CatalogError ? err.message : (err as Error).stack);
    await running.close();
    return 1;
  }
  console.error(`Sorrel ${pkg.version} is serving ${relative(process.cwd(), catalogPath) || catalogPath}: open ${running.url}/ to browse it (API at ${running.url}/api/).`);
  const stop = (signal: string) => {
    console.error(`Sorrel is stopping (${signal}).`);
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return new Promise<number>(() => {});
}

/** Every problem `check` reports: structure first, then each data file and column that can be checked. */
async function findProblems(catalogPath: string): Promise<string[]> {
  const { spec, problems } = readCatalog(catalogPath);
  if (spec) {
    const loaded = await tryLoadDatasets(spec);
    problems.push(...loaded.problems, ...findColumnProblems(spec, loaded.datasets), ...(await findTreeProblems(spec, loaded.datasets)).errors);
  }
  return problems;
}

/** The model tree's problems (API.md §12): keys and links checked on a pool of worker threads. */
async function findTreeProblems(spec: CatalogSpec, datasets: LoadedDatasets): Promise<{ errors: string[]; warnings: string[] }> {
  if (!hasTree(spec)) return { errors: [], warnings: [] };
  const pool = createPool({ poolThreads: 1, poolMaxQueue: Number.MAX_SAFE_INTEGER });
  try {
    const refs = new Map([...datasets.values()].map((d) => [d.name, { key: `check:${d.name}`, ipc: d.ipc }]));
    return await checkTree(spec, datasets, refs, (task) => pool.run(task), 'check');
  } finally {
    await pool.close();
  }
}

/** Reports every problem: structure first, then each data file and column that can be checked. */
async function check(catalogPath: string | undefined): Promise<number> {
  if (!catalogPath) return fail('check needs a catalog file.', COMMANDS.check.usage);
  const { spec, problems } = readCatalog(resolve(catalogPath));
  if (spec) {
    const loaded = await tryLoadDatasets(spec);
    const tree = await findTreeProblems(spec, loaded.datasets);
    problems.push(...loaded.problems, ...findColumnProblems(spec, loaded.datasets), ...tree.errors);
    // Dangling references do not stop serving (they are null links): reported, never failing.
    if (tree.warnings.length) console.error(`Warning${tree.warnings.length === 1 ? '' : 's'}:\n${tree.warnings.map((w) => `  - ${w}`).join('\n')}`);
    if (!problems.length) {
      const rows = [...loaded.datasets.values()].map((d) => `${d.name} (${d.rows} rows)`).join(', ');
      const root = spec.root === null ? '' : ` root ${spec.root};`;
      console.log(`${catalogPath}: OK — ${spec.datasets.length} datasets: ${rows};${root} ${spec.categories.length} categories, ${spec.fields.length} fields, ${spec.concepts.length} concepts${tree.warnings.length ? ` (${tree.warnings.length} warning${tree.warnings.length === 1 ? '' : 's'})` : ''}.`);
      return 0;
    }
  }
  console.error(new CatalogError(problems).message);
  return 1;
}

/** One dataset, category and concept per file; one field per column with inferred type and flags. */
async function init(files: string[]): Promise<number> {
  if (!files.length) return fail('init needs at least one data file.', COMMANDS.init.usage);
  const catalog = { title: 'Sorrel catalog', access: { anonymous: true }, datasets: [] as unknown[], categories: [] as unknown[], fields: [] as unknown[], concepts: [] as unknown[] };
  let fieldId = 0, conceptId = 0;
  for (const [i, file] of files.entries()) {
    if (!formatOf(file)) return fail(`${file}: unknown format; use ${toExtensionList()}.`);
    const name = basename(file, extname(file)).replace(/[^A-Za-z0-9_]+/g, '_');
    let columns: Awaited<ReturnType<typeof inspectColumns>>;
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
