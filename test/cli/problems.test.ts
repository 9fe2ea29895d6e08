// Tests: the model tree's problems (src/cli/problems.ts) as `sorrel check` and `sorrel serve` report them (API.md §12): every key and link problem, and dangling references as warnings.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const BIN = fileURLToPath(new URL('../../bin/sorrel.js', import.meta.url));
const TREE = fileURLToPath(new URL('../fixtures/tree/', import.meta.url));
const run = (args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });

/** A copy of test/fixtures/tree with visits naming patients 7 and 9 (absent) and site Z (absent). */
function danglingCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-tree-'));
  cpSync(TREE, dir, { recursive: true });
  appendFileSync(join(dir, 'visits.csv'), '16,7,A,clinic\n17,9,Z,er\n');
  return dir;
}

/** The dangling copy with a repeated and a null patient id, and broken links of every kind. */
function brokenCopy(): string {
  const dir = danglingCopy();
  appendFileSync(join(dir, 'patients.csv'), '2,F,50,low\n,M,40,low\n');
  const yaml = readFileSync(join(dir, 'catalog.yaml'), 'utf8')
    .replace('links: [{ column: visit_id, to: visits }]', 'links: [{ column: visit_id, to: vists }]')
    .replace(
      'links: [{ column: patient_id, to: patients }] }',
      'links: [{ column: patient_id, to: patients }, { column: patient_id, to: visits }] }',
    )
    .replace(
      '{ name: weather, model: day, file: weather.csv }',
      '{ name: weather, model: day, file: weather.csv, links: [{ column: pid, to: patients }, { column: temp, to: sites }] }',
    );
  writeFileSync(join(dir, 'catalog.yaml'), yaml);
  return dir;
}

test('sorrel check passes the linked fixture and names its root', () => {
  const r = run(['check', join(TREE, 'catalog.yaml')]);
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /OK — 6 datasets: .*; root patients; /);
});

test('sorrel check warns about dangling references with their count and first values, and passes', () => {
  const r = run(['check', join(danglingCopy(), 'catalog.yaml')]);
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /\(2 warnings\)/);
  assert.match(
    r.stderr,
    /datasets\[2\] \(visits\): dataset 'visits': link patient_id → 'patients': 2 of 8 rows name no row of 'patients' \(first values: 7, 9\); they are served as null links\./,
  );
  assert.match(
    r.stderr,
    /dataset 'visits': link site → 'sites': 1 of 8 rows name no row of 'sites' \(first values: "Z"\)/,
  );
});

test('sorrel check reports every key and link problem, naming dataset and column', () => {
  const r = run(['check', join(brokenCopy(), 'catalog.yaml')]);
  assert.is(r.status, 1);
  const err = r.stderr;
  assert.match(err, /The catalog has 6 problems/);
  assert.match(err, /datasets\[3\] \(labs\): dataset 'labs': link visit_id → 'vists': no dataset is named 'vists'/);
  assert.match(err, /datasets\[4\] \(notes\): dataset 'notes': link patient_id → 'visits': closes a cycle/);
  assert.match(
    err,
    /datasets\[5\] \(weather\): dataset 'weather': link pid → 'patients': 'pid' is not a column of its data/,
  );
  assert.match(err, /dataset 'weather': link temp → 'sites': 'temp' is integer but the key 'sites.code' is char/);
  assert.match(
    err,
    /datasets\[0\] \(patients\): dataset 'patients': key column 'id' holds 1 null \(data row 6, counting from 1\)/,
  );
  assert.match(err, /dataset 'patients': key column 'id' repeats values in 1 row \(first values: 2\)/);
  assert.match(err, /2 of 8 rows name no row of 'patients'/); // the warnings still show
});

test('sorrel serve refuses a catalog whose keys or links are wrong, listing what check lists', () => {
  const r = run(['serve', join(brokenCopy(), 'catalog.yaml')]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /The catalog has 6 problems/);
  assert.match(r.stderr, /key column 'id' repeats values/);
});

test.run();
