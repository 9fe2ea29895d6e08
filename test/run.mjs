// Test wrapper: runs uvu under `node --import tsx` (so .ts tests and Piscina .ts workers load),
// echoes its output, and ends with the line CI reads: "N passed, N failed". Fails on zero tests.
// Usage: node test/run.mjs [dir] [pattern]   (defaults: test  \.test\.ts$)
// The whole suite (no arguments) runs one uvu process per folder of test/ (and one for the files at
// its top), one after another: every worker thread that tsx starts keeps a few descriptors of its
// cache files open until the process ends, and the suite's ~1,300 tests in one process passed the
// machine's 20,000-descriptor limit (EMFILE at a worker's start).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TEST = /\.test\.ts$/;
const args = process.argv.slice(2);

/** The uvu runs of the whole suite: each folder of test/ holding tests, then the files at its top. */
function suiteRuns() {
  const entries = readdirSync(join(root, 'test'), { withFileTypes: true });
  const holdsTests = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true }).some((e) => e.isFile() && TEST.test(e.name));
  const folders = entries.filter((e) => e.isDirectory() && holdsTests(`test/${e.name}`)).map((e) => e.name);
  return [...folders.sort().map((f) => [`test/${f}`, '\\.test\\.ts$']), ['test', '^[^/\\\\]+\\.test\\.ts$']];
}

/** Runs uvu once over `dir` and `pattern`, echoing its output; resolves its counts and exit code. */
function runUvu(dir, pattern) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'node_modules/uvu/bin.js', dir, pattern, '--color', 'false'],
      {
        cwd: root,
        env: { ...process.env, FORCE_COLOR: '0', NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      process.stdout.write(b);
    });
    child.stderr.on('data', (b) => process.stderr.write(b));
    child.on('close', (code) => {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour escapes
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const num = (label) => Number((plain.match(new RegExp(`${label}:\\s+(\\d+)`)) ?? [])[1] ?? 0);
      resolve({ code, total: num('Total'), passed: num('Passed'), skipped: num('Skipped') });
    });
  });
}

const runs = args.length > 0 ? [[args[0] ?? 'test', args[1] ?? '\\.test\\.ts$']] : suiteRuns();
let total = 0;
let passed = 0;
let skipped = 0;
let failed = 0;
const failedRuns = [];
for (const [dir, pattern] of runs) {
  const r = await runUvu(dir, pattern);
  total += r.total;
  passed += r.passed;
  skipped += r.skipped;
  const f = Math.max(r.total - r.passed - r.skipped, r.code === 0 ? 0 : 1);
  failed += f;
  if (f > 0) failedRuns.push(dir);
}
if (runs.length > 1 && failedRuns.length > 0) console.error(`Failed in: ${failedRuns.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (total === 0) console.error('No test ran: treating the run as a failure.');
process.exit(failed > 0 || total === 0 ? 1 : 0);
