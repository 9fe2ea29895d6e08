// Test wrapper: runs uvu under `node --import tsx` (so .ts tests and Piscina .ts workers load),
// echoes its output, and ends with the line CI reads: "N passed, N failed". Fails on zero tests.
// Usage: node test/run.mjs [dir] [pattern]   (defaults: test  \.test\.ts$)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [dir = 'test', pattern = '\\.test\\.ts$'] = process.argv.slice(2);
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
child.stderr.on('data', (b) => {
  process.stderr.write(b);
});
child.on('close', (code) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour escapes
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
  const num = (label) => Number((plain.match(new RegExp(`${label}:\\s+(\\d+)`)) ?? [])[1] ?? 0);
  const total = num('Total'),
    passed = num('Passed'),
    skipped = num('Skipped');
  const failed = Math.max(total - passed - skipped, code === 0 ? 0 : 1);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (total === 0) console.error('No test ran: treating the run as a failure.');
  process.exit(code !== 0 || failed > 0 || total === 0 ? 1 : 0);
});
