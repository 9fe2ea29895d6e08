// Tests: sorrel init: a starting catalog inferred from data files, which check accepts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { BIN, run } from '../helpers/cli.ts';
import { FIXTURE_CATALOG } from '../helpers/server.ts';

test('sorrel init writes a catalog that check accepts', () => {
  const dir = mkdtempSync('/tmp/sorrel-init-');
  for (const f of ['people.csv', 'pets.json']) copyFileSync(join(dirname(FIXTURE_CATALOG), f), join(dir, f));
  const r = spawnSync(process.execPath, [BIN, 'init', 'people.csv', 'pets.json'], { cwd: dir, encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  const doc = parse(r.stdout);
  assert.equal(doc.datasets, [
    { name: 'people', file: 'people.csv' },
    { name: 'pets', file: 'pets.json' },
  ]);
  assert.equal(
    doc.categories.map((c: { name: string }) => c.name),
    ['People', 'Pets'],
  );
  assert.is(doc.fields.length, 11);
  const age = doc.fields.find((f: { column: string }) => f.column === 'age');
  assert.equal([age.internal_type, age.nullable, age.enumerable], ['integer', true, false]);
  const city = doc.fields.find((f: { column: string }) => f.column === 'city');
  assert.equal([city.internal_type, city.enumerable, city.searchable], ['char', true, false]);
  assert.is(doc.concepts.length, 11);
  writeFileSync(join(dir, 'catalog.yaml'), r.stdout);
  const check = run(['check', join(dir, 'catalog.yaml')]);
  assert.is(check.status, 0, check.stderr);
});

test.run();
