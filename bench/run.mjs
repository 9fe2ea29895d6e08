// `npm run bench`: installs the bench peers (DuckDB, autocannon, CSV parsers) into bench/node_modules when
// missing, then runs the TypeScript runner with tsx. Plain JS so it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const peers = [
  '@duckdb/node-api',
  'autocannon',
  'papaparse',
  'udsv',
  'd3-dsv',
  'csv-parse',
  'csv-parser',
  'csv-simple-parser',
  '@fast-csv/parse',
];
const missing = peers.filter((p) => !existsSync(new URL(`./node_modules/${p}/package.json`, import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (missing.length) {
  console.error(`Installing the bench peers (${missing.join(', ')}) into bench/node_modules…`);
  const install = spawnSync(npm, ['install', '--prefix', 'bench', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
// Sorrel is measured as `npm start` runs it: the tsc-built JS in dist/.
const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
