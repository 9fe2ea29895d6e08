// The bench runner: runs the scenarios, prints their tables, stores results and rewrites the READMEs' result tables.
// Usage (through bench/run.mjs): npm run bench [-- --quick] [-- --only <name>[,<name>…]] [-- --no-readme]
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { note } from './lib/log.ts';
import { describeMachine } from './lib/machine.ts';
import { toTable, writeReadmes, writeResults, type ScenarioResult } from './lib/report.ts';
import type { Scenario } from './lib/types.ts';

/** Every scenario, in table order: bench/scenarios/<name>.ts exporting `scenario`. */
const NAMES = [
  'http',
  'compute',
  'load',
  'csv-parsers',
  'search',
  'kmeans',
  'fleet',
  'snapshot',
  'loop',
  'tree',
  'continuous',
  'flood',
  'soak',
  'scale',
  'engine',
  'engine-tree',
  'crossfilter',
];
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const USAGE = `Usage: npm run bench [-- options]
  --quick           smoke run: smaller sizes, shorter and fewer repetitions (under 3 minutes)
  --only <names>    run only these scenarios (comma-separated or repeated): ${NAMES.join(', ')}
  --rows <n>        the one data size for compute and scale (10M, 50M, 100M or a number; default their own)
  --format csv      scale from a CSV file of the same table instead of Parquet
  --cold            scale: only the cold starts beside DuckDB's load, 3 each (implies --no-readme)
  --no-readme       print the tables but leave bench/results.json and the READMEs alone`;

type Args = {
  quick: boolean;
  only: string[];
  readme: boolean;
  rows?: number;
  format?: 'parquet' | 'csv';
  cold?: boolean;
};

function parseArgs(argv: string[]): Args {
  const args: Args = { quick: false, only: [], readme: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') args.quick = true;
    else if (a === '--no-readme') args.readme = false;
    else if (a === '--cold') args.cold = true;
    else if (a === '--rows') args.rows = toRows(argv[++i]);
    else if (a === '--format') args.format = toFormat(argv[++i]);
    else if (a === '--only' || a.startsWith('--only=')) {
      const v = a === '--only' ? argv[++i] : a.slice('--only='.length);
      if (!v) throw new Error('--only needs a scenario name.');
      args.only.push(
        ...v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    } else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`Unknown option ${a}.\n${USAGE}`);
  }
  // A part of a scenario's rows would replace all of them in results.json.
  if (args.cold) args.readme = false;
  for (const n of args.only)
    if (!NAMES.includes(n)) throw new Error(`Unknown scenario "${n}"; the scenarios are ${NAMES.join(', ')}.`);
  return args;
}

/** "10M", "50M", "100M", "500k" or a plain count. */
function toRows(v: string | undefined): number {
  const m = /^(\d+(?:\.\d+)?)([kM]?)$/.exec(v ?? '');
  const n = m ? Number(m[1]) * (m[2] === 'M' ? 1e6 : m[2] === 'k' ? 1e3 : 1) : Number.NaN;
  if (!Number.isInteger(n) || n < 1) throw new Error(`--rows takes a row count such as 10M, not "${v}".`);
  return n;
}

function toFormat(v: string | undefined): 'parquet' | 'csv' {
  if (v === 'parquet' || v === 'csv') return v;
  throw new Error(`--format takes parquet or csv, not "${v}".`);
}

/** Imports bench/scenarios/<name>.ts; a module that cannot be imported is skipped, not fatal. */
async function importScenario(name: string): Promise<Scenario | string> {
  try {
    const mod = (await import(`./scenarios/${name}.ts`)) as { scenario?: Scenario };
    if (!mod.scenario || typeof mod.scenario.run !== 'function')
      return `bench/scenarios/${name}.ts exports no \`scenario\` with a run() method.`;
    return mod.scenario;
  } catch (err) {
    return `bench/scenarios/${name}.ts could not be imported: ${(err as Error).message.split('\n')[0]}`;
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = here('./data/');
  mkdirSync(dataDir, { recursive: true });
  const machine = describeMachine();
  const names = args.only.length ? NAMES.filter((n) => args.only.includes(n)) : NAMES;
  note(`${args.quick ? 'quick' : 'full'} run of ${names.join(', ')}`);
  const results: ScenarioResult[] = [];
  let failed = 0;
  for (const name of names) {
    const started = performance.now();
    const base = { name, date: new Date().toISOString(), quick: args.quick, machine, description: '', rows: [] };
    const scenario = await importScenario(name);
    if (typeof scenario === 'string') {
      note(`SKIPPED ${name}: ${scenario}`);
      results.push({ ...base, seconds: 0, status: 'skipped', message: scenario });
      continue;
    }
    note(`▶ ${name}: ${scenario.description}`);
    try {
      const rows = await scenario.run({
        quick: args.quick,
        dataDir,
        rows: args.rows,
        format: args.format,
        cold: args.cold,
      });
      const seconds = (performance.now() - started) / 1000;
      results.push({ ...base, description: scenario.description, seconds, status: 'ok', message: null, rows });
      note(`✔ ${name} in ${seconds.toFixed(0)} s`);
      console.log(`\n## ${name}\n\n${toTable(rows)}\n`);
    } catch (err) {
      failed++;
      const message = (err as Error).stack ?? String(err);
      note(`✘ FAILED ${name}:\n${message}`);
      results.push({
        ...base,
        description: scenario.description,
        seconds: (performance.now() - started) / 1000,
        status: 'failed',
        message: (err as Error).message,
        rows: [],
      });
    }
  }
  if (args.readme) {
    const all = writeResults(here('./results.json'), results, NAMES);
    writeReadmes(here('.'), all);
    note('wrote bench/results.json, the tables in bench/<question>/README.md and the index in bench/README.md');
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(2);
  },
);
