// Tests: init, check and build on a table larger than one shared buffer (SORREL_BUFFER_MB lowered to 1 MiB).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { loadSnapshotManifest } from '../src/snapshot/file/container.ts';

const BIN = fileURLToPath(new URL('../bin/sorrel.js', import.meta.url));
const run = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    timeout: 120_000,
  });

// 150,000 rows: `a` and `x` hold 1.2 MB of float64 each, `s` 0.6 MB of codes (7 distinct values):
// with 1 MiB buffers each column is a buffer of its own.
const ROWS = 150_000;
const dir = mkdtempSync('/tmp/sorrel-buffers-');
const lines = ['a,x,s'];
for (let i = 0; i < ROWS; i++) lines.push(`${i},${i / 2},k${i % 7}`);
writeFileSync(join(dir, 'big.csv'), `${lines.join('\n')}\n`);
const SMALL = { SORREL_BUFFER_MB: '1' };

test('sorrel init profiles a file larger than one buffer, and check accepts its catalog', () => {
  const init = run(['init', 'big.csv'], dir, SMALL);
  assert.is(init.status, 0, init.stderr);
  const doc = parse(init.stdout);
  const fields = doc.fields.map((f: { column: string; internal_type: string; enumerable: boolean }) => [
    f.column,
    f.internal_type,
    f.enumerable,
  ]);
  assert.equal(fields, [
    ['a', 'integer', false],
    ['x', 'float', false],
    ['s', 'char', true],
  ]);
  writeFileSync(join(dir, 'catalog.yaml'), init.stdout);
  const check = run(['check', 'catalog.yaml'], dir, SMALL);
  assert.is(check.status, 0, check.stderr);
  assert.match(check.stdout, /1 datasets: big \(150000 rows\)/);
});

test('sorrel build writes one section per buffer, with the data version of one buffer', async () => {
  const split = run(['build', 'catalog.yaml', '-o', 'split.sorrel'], dir, SMALL);
  assert.is(split.status, 0, split.stderr);
  const one = run(['build', 'catalog.yaml', '-o', 'one.sorrel'], dir);
  assert.is(one.status, 0, one.stderr);
  const [a, b] = await Promise.all(['split', 'one'].map((n) => loadSnapshotManifest(join(dir, `${n}.sorrel`))));
  assert.equal(
    a.sections.filter((s) => s.kind === 'arrow').map((s) => s.name),
    ['table-0000.000', 'table-0000.001', 'table-0000.002'],
  );
  assert.equal(
    b.sections.filter((s) => s.kind === 'arrow').map((s) => s.name),
    ['table-0000.000'],
  );
  assert.is(a.dataVersion, b.dataVersion);
});

test('a bad SORREL_BUFFER_MB is one line naming it, exit 1', () => {
  const r = run(['check', 'catalog.yaml'], dir, { SORREL_BUFFER_MB: '0' });
  assert.is(r.status, 1);
  assert.match(r.stderr, /^sorrel check: SORREL_BUFFER_MB must be a whole number of MiB from 1 to 4000, got "0"\./);
});

test.run();
