// The `sorrel` command: serve, build, check, init, hash-key; --version, and --help on every command.
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import pkg from '../package.json' with { type: 'json' };
import { stringify } from 'yaml';
import type { ColumnProfile } from '../loaders/index.ts';
import { formatOf, toExtensionList } from './contract/formats.ts';
import { toKeyHash } from './snapshot/access.ts';
import { CatalogError } from './catalog/read.ts';
import { findTimestampWarnings } from './catalog/check.ts';
import { type Config, toBufferBytes, toConfig } from './config.ts';
import { toPlural } from './catalog/rules.ts';
import { createPool } from './pool.ts';
import { watchParent } from './parent.ts';
import { type Running, startServer } from './server.ts';
import { toSnapshotInput } from './snapshot/built.ts';
import { prepareSnapshot } from './snapshot/create.ts';
import { SnapshotFileError, writeSnapshotFile } from './snapshot/file.ts';
import { findCatalogProblems } from './snapshot/problems.ts';

// Built, this file is dist/src/cli.js: the demo stays at the package root.
export const DEMO_CATALOG = fileURLToPath(
  new URL(import.meta.url.endsWith('.js') ? '../../demo/catalog.yaml' : '../demo/catalog.yaml', import.meta.url),
);

const COMMANDS: Record<string, { usage: string; options?: ParseArgsConfig['options'] }> = {
  serve: {
    usage: `sorrel serve [catalog.yaml | file.sorrel] [--port N] [--host H]
  Serves a catalog (default: SORREL_CATALOG, else the bundled demo), or a snapshot file from
  \`sorrel build\` (told apart by its header), at http://HOST:PORT/api/.
  SIGTERM/SIGINT drain and stop (SORREL_DRAIN_GRACE, SORREL_DRAIN_TIMEOUT); SIGHUP reloads.
  --port N   port to listen on (default: PORT, else 8000; 0 picks a free one)
  --host H   address to listen on (default: HOST, else 0.0.0.0)`,
    options: { port: { type: 'string' }, host: { type: 'string' } },
  },
  build: {
    usage: `sorrel build <catalog.yaml> -o <file.sorrel>
  Checks the catalog and its data files (as check does), precomputes what serving needs, and
  writes one snapshot file that \`sorrel serve <file>\` serves without the data files. The same
  inputs give the same bytes. The file is written beside the target, then renamed over it.
  -o, --output FILE   the snapshot file to write (default: the catalog's name with .sorrel)`,
    options: { output: { type: 'string', short: 'o' } },
  },
  check: {
    usage: `sorrel check <catalog.yaml>
  Validates a catalog and its data files, printing every problem; exits 1 on any.`,
  },
  init: {
    usage: `sorrel init <data files…>
  Prints a starting catalog (YAML) for the data files: one dataset and category per file,
  one field and one concept per column.`,
  },
  'hash-key': {
    usage: `sorrel hash-key <key>
  Prints the SHA-256 to store in the catalog for an API key.`,
  },
};

const USAGE = `Usage: sorrel <command> [options]   (sorrel <command> --help for one command)

${Object.values(COMMANDS)
  .map((c) => c.usage.split('\n')[0])
  .join('\n')}
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
    parsed = parseArgs({
      args: rest,
      options: { ...spec.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (err) {
    return fail(`sorrel ${command}: ${(err as Error).message}`, spec.usage);
  }
  if (parsed.values.help) {
    console.log(`Usage: ${spec.usage}`);
    return 0;
  }
  const args = parsed.positionals;
  let bufferBytes: number | undefined;
  try {
    bufferBytes = toBufferBytes(process.env) ?? undefined;
  } catch (err) {
    return fail(`sorrel ${command}: ${(err as Error).message}`, spec.usage);
  }
  switch (command) {
    case 'serve':
      return serve(args[0] ?? process.env.SORREL_CATALOG ?? DEMO_CATALOG, parsed.values);
    case 'build':
      return build(args[0], parsed.values.output as string | undefined, bufferBytes);
    case 'check':
      return check(args[0], bufferBytes);
    case 'init':
      return init(args, bufferBytes);
    default:
      if (!args[0]) return fail('hash-key needs the key to hash.', spec.usage);
      console.log(toKeyHash(args[0]));
      return 0;
  }
}

/** A one-thread pool for the model tree's checks. */
function openCheckPool() {
  return createPool({ poolThreads: 1, poolMaxQueue: Number.MAX_SAFE_INTEGER });
}

function fail(message: string, usage = USAGE): number {
  console.error(`${message}\n\nUsage: ${usage.replace(/^Usage: /, '')}`);
  return 1;
}

async function serve(sourcePath: string, flags: Record<string, string | boolean | undefined>): Promise<number> {
  let config: Config;
  try {
    config = toConfig({
      ...process.env,
      ...(flags.port === undefined ? {} : { PORT: String(flags.port) }),
      ...(flags.host === undefined ? {} : { HOST: String(flags.host) }),
    });
  } catch (err) {
    console.error(`sorrel serve: ${(err as Error).message}`);
    return 1;
  }
  let running: Running;
  try {
    running = await startServer(resolve(sourcePath), config);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      console.error(
        `sorrel serve: port ${config.port} on ${config.host} is in use; stop the other server or pick another with --port or PORT.`,
      );
    else if (code === 'EACCES' || code === 'EADDRNOTAVAIL')
      console.error(`sorrel serve: cannot listen on ${config.host}:${config.port} (${code}).`);
    else throw err;
    return 1;
  }
  try {
    await running.ready;
  } catch (err) {
    // Serving refuses what `check` reports: the load lists every problem (src/snapshot/problems.ts).
    console.error(err instanceof CatalogError || err instanceof SnapshotFileError ? err.message : (err as Error).stack);
    await running.close();
    return 1;
  }
  console.error(
    `Sorrel ${pkg.version} is serving ${relative(process.cwd(), sourcePath) || sourcePath}: open ${running.url}/ to browse it (API at ${running.url}/api/).`,
  );
  // A second SIGTERM or SIGINT joins the drain under way: under systemd or npm one stop can arrive
  // twice (to the process group and forwarded), and must not cut the grace short. SIGKILL forces.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`Sorrel is draining (${signal}): /readyz answers 503, requests in flight finish, then it stops.`);
    void running.drain(signal).then(
      () => process.exit(0),
      (err) => {
        console.error((err as Error).stack);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => {
    void running.reload();
  });
  watchParent((parent) => {
    console.error(`Sorrel's parent process (${parent}) is gone; stopping rather than serving on unsupervised.`);
    stop('parent exited');
  });
  return new Promise<number>(() => {});
}

/** Reports every problem: structure first, then each data file and column that can be checked; warns of unpinned timestamps. */
async function check(catalogPath: string | undefined, bufferBytes?: number): Promise<number> {
  if (!catalogPath) return fail('check needs a catalog file.', COMMANDS.check.usage);
  const { spec, datasets, problems, warnings } = await findCatalogProblems(resolve(catalogPath), openCheckPool, {
    bufferBytes,
  });
  // Dangling references do not stop serving (they are null links): reported, never failing.
  if (warnings.length)
    console.error(`Warning${warnings.length === 1 ? '' : 's'}:\n${warnings.map((w) => `  - ${w}`).join('\n')}`);
  if (spec && !problems.length) {
    for (const w of findTimestampWarnings(spec)) console.error(`warning: ${w}`);
    const rows = [...datasets.values()].map((d) => `${d.name} (${d.rows} rows)`).join(', ');
    const root = spec.root === null ? '' : ` root ${spec.root};`;
    console.log(
      `${catalogPath}: OK — ${spec.datasets.length} datasets: ${rows};${root} ${spec.categories.length} categories, ${spec.fields.length} fields, ${spec.concepts.length} concepts${warnings.length ? ` (${warnings.length} warning${warnings.length === 1 ? '' : 's'})` : ''}.`,
    );
    return 0;
  }
  console.error(new CatalogError(problems).message);
  return 1;
}

/** Checks, loads and precomputes a catalog, and writes it as one snapshot file. */
async function build(
  catalogPath: string | undefined,
  output: string | undefined,
  bufferBytes?: number,
): Promise<number> {
  if (!catalogPath) return fail('build needs a catalog file.', COMMANDS.build.usage);
  const out = resolve(output ?? `${catalogPath.replace(/\.(ya?ml|json)$/i, '')}.sorrel`);
  // The HS256 secret's variable need not be set here: the file stores its name, read when served.
  const { spec, datasets, problems } = await findCatalogProblems(resolve(catalogPath), openCheckPool, {
    secret: false,
    bufferBytes,
  });
  if (!spec || problems.length) {
    console.error(new CatalogError(problems).message);
    return 1;
  }
  const pool = createPool({ poolThreads: availableParallelism(), poolMaxQueue: Number.MAX_SAFE_INTEGER });
  try {
    const parts = await prepareSnapshot(spec, pool, { datasets, secret: false });
    const manifest = await writeSnapshotFile(out, toSnapshotInput(parts));
    const rows = [...datasets.values()].map((d) => `${d.name} (${d.rows} rows)`).join(', ');
    console.log(
      `${relative(process.cwd(), out) || out}: ${statSync(out).size} bytes — ${spec.datasets.length} datasets: ${rows}; ${spec.fields.length} fields; data version ${manifest.dataVersion}.`,
    );
    return 0;
  } catch (err) {
    console.error(err instanceof CatalogError ? err.message : `sorrel build: ${(err as Error).message}`);
    return 1;
  } finally {
    await pool.close();
  }
}

/** One dataset, category and concept per file; one field per column with inferred type and flags. */
async function init(files: string[], bufferBytes?: number): Promise<number> {
  if (!files.length) return fail('init needs at least one data file.', COMMANDS.init.usage);
  const { inspectColumns } = await import('../loaders/index.ts');
  const catalog = {
    title: 'Sorrel catalog',
    access: { anonymous: true },
    datasets: [] as unknown[],
    categories: [] as unknown[],
    fields: [] as unknown[],
    concepts: [] as unknown[],
  };
  let fieldId = 0,
    conceptId = 0;
  for (const [i, file] of files.entries()) {
    if (!formatOf(file)) return fail(`${file}: unknown format; use ${toExtensionList()}.`);
    const name = basename(file, extname(file)).replace(/[^A-Za-z0-9_]+/g, '_');
    let columns: ColumnProfile[];
    try {
      columns = await inspectColumns(resolve(file), { bufferBytes });
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
        id,
        dataset: name,
        column: c.name,
        name: toTitle(c.name),
        internal_type: c.type,
        enumerable,
        searchable: simpleString && !enumerable,
        nullable: c.nullable,
        published: true,
        archived: false,
      });
      catalog.concepts.push({
        id: ++conceptId,
        name: toTitle(c.name),
        plural_name: toPlural(toTitle(c.name)),
        category: i + 1,
        order: j + 1,
        published: true,
        fields: [id],
      });
    }
  }
  process.stdout.write(
    `# Generated by \`sorrel init\`: edit names, descriptions, units and access before serving.\n${stringify(catalog)}`,
  );
  return 0;
}

function toTitle(s: string): string {
  const words = s.replace(/[_\s]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
