// Tests: catalog structure checks and data-file problems (src/catalog.ts, src/snapshot.ts).
import { mkdtempSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CatalogError, checkCatalog, loadCatalog, readCatalog } from '../../src/catalog/read.ts';
import { mulberry32 } from '../../src/common/random.ts';
import { checkColumns, loadDatasets } from '../../src/snapshot/build/datasets.ts';
import { FIXTURE_CATALOG } from '../helpers/server.ts';

const problemsOf = (doc: unknown): string[] => {
  try {
    checkCatalog(doc, 'c.yaml', '2026-01-01T00:00:00.000');
  } catch (err) {
    assert.instance(err, CatalogError);
    return (err as CatalogError).problems;
  }
  return [];
};

const base = () => ({
  datasets: [{ name: 'd', file: 'd.csv' }],
  categories: [{ id: 1, name: 'A', order: 1 }],
  fields: [{ id: 1, dataset: 'd', column: 'x', name: 'X' }],
  concepts: [{ id: 1, name: 'C', category: 1, fields: [1] }],
});

test('a well-formed catalog has no problems and gets defaults', () => {
  const spec = checkCatalog(base(), 'c.yaml', '2026-01-01T00:00:00.000');
  assert.is(spec.fields[0].published, true);
  assert.is(spec.fields[0].archived, false);
  assert.is(spec.modified, '2026-01-01T00:00:00.000');
  assert.is(spec.access.anonymous, true);
  assert.is(spec.datasets[0].model, 'd');
  assert.equal([spec.concepts[0].queryable, spec.concepts[0].viewable, spec.concepts[0].sortable], [true, true, true]);
});

test('every problem is reported at once, each naming the file and the entry', () => {
  const doc = base() as any;
  doc.fields.push({ id: 1, dataset: 'nope', column: 'y', internal_type: 'money', published: 'yes' });
  doc.concepts.push({ id: 2, name: 'D', category: 9, fields: [1, 42, 1], queryable: 'no' });
  doc.categories.push({ id: 2, name: 'B', parent: 3 }, { id: 3, name: 'C', parent: 1 });
  doc.extra = true;
  const problems = problemsOf(doc);
  const expect = [
    'c.yaml: (top level): unknown key `extra`',
    'c.yaml: fields[1] (id 1): dataset "nope" is not declared under datasets.',
    'c.yaml: fields[1] (id 1): `published` must be true or false, got "yes".',
    'c.yaml: fields[1] (id 1): `internal_type` must be one of integer',
    'c.yaml: fields[1] (id 1): duplicate field id 1 (first used by fields[0] (id 1)).',
    'c.yaml: concepts[1] (id 2): category 9 is not a category id.',
    'c.yaml: concepts[1] (id 2): `queryable` must be true or false, got "no".',
    'c.yaml: concepts[1] (id 2).fields[1]: field 42 is not a field id.',
    'c.yaml: concepts[1] (id 2): field 1 is listed twice.',
    'c.yaml: categories[1] (id 2): parent 3 has a parent itself; categories nest one level only.',
  ];
  for (const e of expect)
    assert.ok(
      problems.some((p) => p.startsWith(e)),
      `missing: ${e}\n got:\n${problems.join('\n')}`,
    );
});

test('bad ids, timestamps, groups and access entries are problems', () => {
  const doc = base() as any;
  doc.fields[0].id = 'one';
  doc.fields[0].groups = 'staff';
  doc.concepts[0].modified = '2026-01-01';
  doc.access = { api_keys: [{ name: 'k', sha256: 'abc' }], jwt: { algorithm: 'RS256' } };
  const problems = problemsOf(doc).join('\n');
  assert.match(problems, /fields\[0\]: `id` must be a positive integer, got "one"/);
  assert.match(problems, /`groups` must be a list of group names/);
  assert.match(problems, /`modified` must be a timestamp like 2026-11-20T09:15:02.120/);
  assert.match(problems, /sha256 must be 64 hex digits/);
  assert.match(problems, /RS256 needs `public_key_file`/);
});

test('a catalog file that is not YAML, or missing, is one clear problem', () => {
  const dir = mkdtempSync('/tmp/sorrel-cat-');
  writeFileSync(join(dir, 'bad.yaml'), 'fields: [1, 2\n');
  assert.throws(
    () => loadCatalog(join(dir, 'bad.yaml')),
    (e: CatalogError) => /bad\.yaml: not valid YAML/.test(e.problems[0]),
  );
  assert.throws(
    () => loadCatalog(join(dir, 'none.yaml')),
    (e: CatalogError) => /cannot read the catalog file \(ENOENT\)/.test(e.problems[0]),
  );
});

test('unknown columns and unreadable data files are found when the data is loaded', async () => {
  const dir = mkdtempSync('/tmp/sorrel-cat-');
  copyFileSync(join(dirname(FIXTURE_CATALOG), 'people.csv'), join(dir, 'people.csv'));
  const doc = {
    datasets: [
      { name: 'people', file: 'people.csv' },
      { name: 'gone', file: 'gone.csv' },
    ],
    fields: [
      { id: 1, dataset: 'people', column: 'nmae', name: 'Name' },
      { id: 2, dataset: 'people', column: 'city', label_column: 'town' },
    ],
  };
  writeFileSync(join(dir, 'c.json'), JSON.stringify(doc));
  const spec = loadCatalog(join(dir, 'c.json'));
  await loadDatasets(spec).then(
    () => assert.unreachable('gone.csv loaded'),
    (e: CatalogError) => {
      assert.is(e.problems.length, 1);
      assert.match(e.problems[0], /datasets\[1\] \(gone\): .*gone\.csv/);
    },
  );
  spec.datasets.pop();
  const datasets = await loadDatasets(spec);
  try {
    checkColumns(spec, datasets);
    assert.unreachable('unknown column accepted');
  } catch (e) {
    const problems = (e as CatalogError).problems;
    assert.match(
      problems[0],
      /fields\[0\] \(id 1\): unknown column "nmae" in dataset "people"; columns are: name, city/,
    );
    assert.match(problems[1], /fields\[1\] \(id 2\): unknown label_column "town"/);
  }
});

test('the fixture catalog and the demo catalog are valid', async () => {
  for (const path of [FIXTURE_CATALOG, join(dirname(FIXTURE_CATALOG), '../../../demo/catalog.yaml')]) {
    const spec = loadCatalog(path);
    checkColumns(spec, await loadDatasets(spec));
  }
});

test('a binary catalog file gets one short problem line without raw control characters', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-binary-'));
  let strings = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const next = mulberry32(seed);
    const bytes = Buffer.from(Array.from({ length: 3000 }, () => Math.floor(next() * 256)));
    const path = join(dir, `c${seed}.yaml`);
    writeFileSync(path, bytes);
    const { problems } = readCatalog(path);
    assert.is(problems.length, 1);
    const text = problems[0].slice(path.length);
    assert.ok(text.length < 260, `seed ${seed}: ${text.length} characters`);
    assert.not.match(text, /[\p{Cc}\u2028\u2029]/u, `seed ${seed}`);
    if (text.includes('must be a mapping, got "')) strings++;
  }
  assert.ok(strings > 0); // some of them parse as one long YAML string, echoed in the message
});

test.run();
