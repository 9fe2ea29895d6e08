// Tests: sorrel check: every problem at once (structure, data, bad UTF-8), an OK line, timestamp warnings.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brokenCatalog, run } from '../helpers/cli.ts';
import { FIXTURE_CATALOG } from '../helpers/server.ts';

test('sorrel check passes a good catalog', () => {
  const r = run(['check', FIXTURE_CATALOG]);
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /OK — 2 datasets: people \(6 rows\), pets \(3 rows\)/);
});

test('sorrel check prints the small-count rule (API.md §15), or that it is off', () => {
  const ruled = run(['check', fileURLToPath(new URL('../../demo/catalog-disclosure.yaml', import.meta.url))]);
  assert.is(ruled.status, 0, ruled.stderr);
  assert.match(
    ruled.stdout,
    'disclosure: counts below 11 suppressed, for non-privileged users; exempt groups: finance',
  );
  assert.match(run(['check', FIXTURE_CATALOG]).stdout, 'disclosure: off (every count is exact)');
});

test('sorrel check prints every problem at once, structural and data, and exits 1', () => {
  const r = run(['check', brokenCatalog()]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /The catalog has 4 problems/);
  assert.match(r.stderr, /duplicate field id 1/);
  assert.match(r.stderr, /field 5 is not a field id/);
  assert.match(r.stderr, /datasets\[1\] \(lost\): .*lost\.csv does not exist/);
  assert.match(r.stderr, /fields\[0\] \(id 1\): unknown column "nmae" in dataset "people"/);
});

test('sorrel check reports data problems: a missing file', () => {
  const path = brokenCatalog();
  writeFileSync(
    path,
    readFileSync(path, 'utf8')
      .replace('{ id: 1, dataset: people, column: city }', '{ id: 2, dataset: people, column: city }')
      .replace('[1, 5]', '[1, 2]'),
  );
  const r = run(['check', path]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /datasets\[1\] \(lost\)/);
});

test('sorrel check and serve reject a CSV with invalid UTF-8, naming the file, row and column', () => {
  const catalog = brokenCatalog();
  const dir = dirname(catalog);
  // "Zürich" re-encoded as Latin-1: ü becomes the single byte 0xFC.
  writeFileSync(join(dir, 'people.csv'), Buffer.from(readFileSync(join(dir, 'people.csv'), 'utf8'), 'latin1'));
  writeFileSync(
    catalog,
    'datasets: [{ name: people, file: people.csv }]\nfields: [{ id: 1, dataset: people, column: city }]\n',
  );
  const check = run(['check', catalog]);
  assert.is(check.status, 1);
  assert.match(check.stderr, /people\.csv row 1, column "city": invalid UTF-8 \(bytes 0xfc /);
  const serve = run(['serve', catalog], { PORT: '0', LOG_LEVEL: 'silent' });
  assert.is(serve.status, 1);
  assert.match(serve.stderr, /people\.csv row 1, column "city": invalid UTF-8/);
});

test('sorrel check warns (exit 0) of timestamps that come from mtimes', () => {
  const r = run(['check', FIXTURE_CATALOG]);
  assert.is(r.status, 0);
  assert.match(
    r.stderr,
    /^warning: .*catalog\.yaml: datasets\[0\] \(people\): `data_modified` is not set, so it is the data file's modification time; replicas serving separate copies/m,
  );
  assert.not.match(r.stderr, /\(top level\)/); // the fixture pins `modified`
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-unpinned-'));
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  writeFileSync(join(dir, 'c.yaml'), readFileSync(FIXTURE_CATALOG, 'utf8').replace(/^modified: .*$/m, ''));
  assert.match(
    run(['check', join(dir, 'c.yaml')]).stderr,
    /\(top level\): `modified` is not set, so it is the catalog file's modification time/,
  );
});

test('sorrel check warns (exit 0) of a JWT key that checks no issuer or audience; refuses a label column that leaks', () => {
  const r = run(['check', FIXTURE_CATALOG]);
  assert.is(r.status, 0);
  assert.match(
    r.stderr,
    /^warning: .*catalog\.yaml: access\.jwt: no `issuer` and no `audience`, so a token that any issuer signed/m,
  );
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-trust-'));
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  const text = readFileSync(FIXTURE_CATALOG, 'utf8');
  writeFileSync(
    join(dir, 'ok.yaml'),
    text.replace('claims:', 'issuer: https://login.example.org\n    audience: sorrel\n    claims:'),
  );
  const ok = run(['check', join(dir, 'ok.yaml')]);
  assert.is(ok.status, 0, ok.stderr);
  assert.not.match(ok.stderr, /access\.jwt/);
  // Field 1 (public) labelled by secret_code, the column of field 7 (staff only).
  writeFileSync(
    join(dir, 'leak.yaml'),
    text.replace(
      '{ id: 1, dataset: people, column: name,',
      '{ id: 1, dataset: people, column: name, label_column: secret_code,',
    ),
  );
  const leak = run(['check', join(dir, 'leak.yaml')]);
  assert.is(leak.status, 1);
  assert.match(
    leak.stderr,
    /fields\[0\] \(id 1\): label_column "secret_code" is the column of field 7 \(restricted to groups \["staff"\]\)/,
  );
});

test.run();
