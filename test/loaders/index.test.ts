// The public loader API: every fixture format gives the same canonical table; IPC, profiles, real data.
import * as arrow from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspectColumns, loadTable, LoadError, toSharedIpc } from '../../loaders/index.ts';
import { formatOf } from '../../src/contract/formats.ts';
import { errorOf, fixture, storageOf, tempDir, tempFile, vega } from './helpers.ts';

const DAY = 86_400_000;
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY;
const none = [true, true, true, true, true, true];

// The six fixture rows worked out by hand in storage units (src/contract/storage.ts table): `id`'s
// integers all fit 32 bits, so it is Int32.
const expected = {
  id: {
    type: 'Int32',
    metadata: {},
    chunks: 1,
    nullCount: 0,
    bitmap: false,
    values: [1, 2, 3, 4, 5, 6],
    dictionary: null,
    valid: none,
  },
  score: {
    type: 'Float64',
    metadata: {},
    chunks: 1,
    nullCount: 1,
    bitmap: true,
    values: [1.5, 0, -0.25, 10, 2.75, 0.125],
    dictionary: null,
    valid: [true, false, true, true, true, true],
  },
  name: {
    // Sorted by code point: U+FB01 "ﬁ" before U+1F600 "😀" (UTF-16 order would swap them).
    type: 'Dictionary<Int32, Utf8>',
    metadata: {},
    chunks: 1,
    nullCount: 1,
    bitmap: true,
    values: [0, 1, 0, 0, 2, 3],
    dictionary: ['pear', 'Émile, Jr.', 'ﬁg', '😀 grin'],
    valid: [true, true, false, true, true, true],
  },
  flag: {
    type: 'Bool',
    metadata: {},
    chunks: 1,
    nullCount: 0,
    bitmap: false,
    values: [0b001101],
    dictionary: null,
    valid: none,
  },
  day: {
    type: 'Date32<DAY>',
    metadata: {},
    chunks: 1,
    nullCount: 0,
    bitmap: false,
    dictionary: null,
    valid: none,
    values: [day(2024, 1, 15), day(1999, 12, 31), day(2000, 2, 29), 0, day(1969, 7, 20), day(2024, 1, 15)],
  },
  at: {
    type: 'Float64',
    metadata: { 'sorrel.type': 'datetime' },
    chunks: 1,
    nullCount: 0,
    bitmap: false,
    dictionary: null,
    valid: none,
    values: [
      Date.UTC(2024, 0, 15, 10, 30),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29),
      0,
      Date.UTC(1969, 6, 20, 20, 17, 40),
      Date.UTC(2024, 0, 15, 10, 30),
    ],
  },
  t: {
    type: 'Time32<MILLISECOND>',
    metadata: {},
    chunks: 1,
    nullCount: 0,
    bitmap: false,
    dictionary: null,
    valid: none,
    values: [8 * 3600e3, 86_399_500, 0, 12 * 3600e3 + 34 * 60e3 + 56_789, 6 * 3600e3 + 7 * 60e3 + 8000, 18 * 3600e3],
  },
};
const TYPES = { id: 'integer', score: 'float', name: 'char', flag: 'boolean', day: 'date', at: 'datetime', t: 'time' };

for (const file of [
  'sample.csv',
  'sample.tsv',
  'sample.json',
  'sample.ndjson',
  'sample.arrow',
  'sample.stream.arrow',
  'sample.parquet',
]) {
  test(`${file} loads to the canonical fixture table`, async () => {
    const loaded = await loadTable(fixture(file));
    assert.is(loaded.rows, 6);
    assert.equal(loaded.types, TYPES);
    assert.equal(
      loaded.table.schema.fields.map((f) => f.name),
      Object.keys(expected),
    );
    assert.is(loaded.table.batches.length, 1);
    assert.equal(storageOf(loaded), expected);
  });
}

test('every format gives the same bytes count, the sum of the Arrow buffers', async () => {
  const sizes = new Set<number>();
  for (const file of ['sample.csv', 'sample.json', 'sample.arrow', 'sample.parquet'])
    sizes.add((await loadTable(fixture(file))).bytes);
  // id 24 (Int32), score 48 + bitmap 1, name codes 24 + bitmap 1, dictionary offsets 20 + UTF-8 4+11+4+9,
  // flag 1, day 24, at 48, t 24.
  assert.equal([...sizes], [24 + 49 + 25 + 20 + 28 + 1 + 24 + 48 + 24]);
});

test('formatOf maps extensions to formats, case-insensitively', () => {
  const cases: [string, string | null][] = [
    ['a.csv', 'csv'],
    ['a.TSV', 'tsv'],
    ['a.tab', 'tsv'],
    ['a.ndjson', 'ndjson'],
    ['a.jsonl', 'ndjson'],
    ['a.json', 'json'],
    ['a.arrow', 'arrow'],
    ['a.feather', 'arrow'],
    ['a.ipc', 'arrow'],
    ['dir.v2/a.parquet', 'parquet'],
    ['a.xlsx', null],
    ['csv', null],
  ];
  for (const [path, format] of cases) assert.is(formatOf(path), format, path);
});

test('an explicit format overrides the extension', async () => {
  const path = tempFile('data.txt', 'a;b\n1;2\n'.replaceAll(';', '\t'));
  const loaded = await loadTable(path, { format: 'tsv' });
  assert.equal(loaded.types, { a: 'integer', b: 'integer' });
});

test('an unknown extension is a LoadError listing the known ones', async () => {
  const err = await errorOf(() => loadTable(tempFile('data.xlsx', 'x')));
  assert.is(err.name, 'LoadError');
  assert.is(
    err.message,
    'data.xlsx: unknown data format. Use a .csv, .tsv, .tab, .ndjson, .jsonl, .json, .arrow, .feather, .ipc or .parquet file.',
  );
});

test('a missing file is a LoadError naming the path, for every format', async () => {
  for (const ext of ['csv', 'tsv', 'ndjson', 'json', 'arrow', 'parquet']) {
    const path = `/nonexistent/sorrel/data.${ext}`;
    const err = await errorOf(() => loadTable(path));
    assert.is(err.message, `${path} does not exist. Check the dataset's file path.`);
  }
});

test('a directory is not a data file', async () => {
  const path = tempDir('folder.csv');
  const err = await errorOf(() => loadTable(path));
  assert.is(err.message, `${path} is not a file. Point the dataset at a data file.`);
});

test('LoadError is an Error subclass with its own name', () => {
  const err = new LoadError('x');
  assert.instance(err, Error);
  assert.is(err.name, 'LoadError');
});

test('toSharedIpc round-trips through tableFromIPC with types, metadata and values intact', async () => {
  const loaded = await loadTable(fixture('sample.csv'));
  const shared = await toSharedIpc(loaded.table);
  assert.instance(shared, SharedArrayBuffer);
  assert.equal(new Uint8Array(shared), arrow.tableToIPC(loaded.table, 'file'), 'the same bytes as tableToIPC');
  const back = arrow.tableFromIPC(new Uint8Array(shared));
  assert.is(back.numRows, 6);
  assert.equal(
    back.schema.fields.map((f) => String(f.type)),
    loaded.table.schema.fields.map((f) => String(f.type)),
  );
  assert.is(back.schema.fields[5].metadata.get('sorrel.type'), 'datetime');
  assert.equal(back.getChild('name')!.toArray(), ['pear', 'Émile, Jr.', null, 'pear', 'ﬁg', '😀 grin']);
  assert.equal(storageOf({ ...loaded, table: back }), storageOf(loaded));
});

test('penguins.json: 344 penguins of 3 species, 152 of them Adelie', async () => {
  const loaded = await loadTable(vega('penguins.json'));
  assert.is(loaded.rows, 344);
  const species = loaded.table.getChild('Species')!;
  assert.equal(species.data[0].dictionary!.toArray(), ['Adelie', 'Chinstrap', 'Gentoo']);
  assert.is(species.toArray().filter((s: string) => s === 'Adelie').length, 152);
  assert.is(loaded.types['Body Mass (g)'], 'integer');
  assert.is(loaded.types['Beak Length (mm)'], 'float');
});

test('penguins.json profile: two penguins lack measurements, Sex has nulls', async () => {
  const profile = await inspectColumns(vega('penguins.json'));
  const byName = Object.fromEntries(profile.map((p) => [p.name, p]));
  assert.equal(byName.Species, { name: 'Species', type: 'char', nullable: false, distinct: 3, rows: 344 });
  assert.equal(byName.Island, { name: 'Island', type: 'char', nullable: false, distinct: 3, rows: 344 });
  assert.is(byName['Body Mass (g)'].nullable, true);
  assert.is(byName.Sex.nullable, true);
});

test.run();
