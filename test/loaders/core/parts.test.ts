// A table in several shared buffers: which columns share a part, and that the parts hold the same table as one buffer would.
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { toPartColumns } from '../../../loaders/core/ipc.ts';
import { normalizeColumns } from '../../../loaders/core/normalize.ts';
import { loadTable, toTableHash } from '../../../loaders/index.ts';
import { fixture, storageOf, vega } from '../helpers.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

test('consecutive columns share a part up to the limit; a larger column is a part of its own', () => {
  assert.equal(toPartColumns([10, 10, 10], 20), [[0, 1], [2]]);
  assert.equal(toPartColumns([10, 10, 10], 30), [[0, 1, 2]]);
  assert.equal(toPartColumns([5, 30, 5], 20), [[0], [1], [2]]);
  assert.equal(toPartColumns([30, 5, 5], 20), [[0], [1, 2]]);
  assert.equal(toPartColumns([0, 0], 1), [[0, 1]]);
  assert.equal(toPartColumns([], 20), [[]]);
});

// Three columns of 3 rows: f 24 bytes + a 1-byte bitmap (25), d 12 bytes, s 12 bytes of codes + 2 of text + 12 of offsets (26).
const columns = (): Column[] => [
  {
    name: 'f',
    type: 'float',
    length: 3,
    values: new Float64Array([1.5, 0, -2]),
    validity: new Uint8Array([0b101]),
    nullCount: 1,
    dictionary: null,
  },
  {
    name: 'd',
    type: 'date',
    length: 3,
    values: new Int32Array([1, 2, 3]),
    validity: null,
    nullCount: 0,
    dictionary: null,
  },
  {
    name: 's',
    type: 'text',
    length: 3,
    values: new Int32Array([1, 0, 1]),
    validity: null,
    nullCount: 0,
    dictionary: ['b', 'a'],
  },
];

test('a lowered limit puts the columns in several buffers, each an IPC file of the columns it names', async () => {
  const split = await normalizeColumns(columns(), 'mem.csv', {}, 40);
  assert.is(split.parts.length, 2);
  assert.equal(
    split.parts.map((p) => tableFromIPC(new Uint8Array(p)).schema.fields.map((f) => f.name)),
    [['f', 'd'], ['s']], // 25 + 12 ≤ 40 < 25 + 12 + 26
  );
  const one = await normalizeColumns(columns(), 'mem.csv');
  assert.is(one.parts.length, 1);
  assert.equal(storageOf(split), storageOf(one));
  assert.equal([split.rows, split.bytes, split.types], [one.rows, one.bytes, one.types]);
});

test('the table hash is the sha256 of the one-file IPC bytes, however many buffers hold the table', async () => {
  const one = await normalizeColumns(columns(), 'mem.csv');
  const expected = sha256(new Uint8Array(one.parts[0]));
  assert.is(await toTableHash(one.table), expected);
  for (const limit of [1, 20, 40, 1000]) {
    const split = await normalizeColumns(columns(), 'mem.csv', {}, limit);
    assert.is(await toTableHash(split.table), expected, `limit ${limit}`);
    assert.equal(tableToIPC(split.table, 'file'), new Uint8Array(one.parts[0]));
  }
});

test('a table without rows splits into parts of empty columns and hashes as one', async () => {
  const empty = (): Column[] =>
    columns().map((c) => ({ ...c, length: 0, values: c.values.subarray(0, 0), validity: null, nullCount: 0 }));
  const one = await normalizeColumns(empty(), 'mem.csv');
  const split = await normalizeColumns(empty(), 'mem.csv', {}, 1);
  assert.is(split.parts.length, 2); // f and d hold no bytes, s its dictionary's 14
  assert.is(split.table.numRows, 0);
  assert.is(await toTableHash(split.table), sha256(new Uint8Array(one.parts[0])));
});

for (const path of [fixture('sample.csv'), fixture('sample.parquet'), fixture('sample.arrow'), vega('movies.json')]) {
  test(`${path.split('/').pop()}: one buffer per column holds the same table and hash as one buffer`, async () => {
    const one = await loadTable(path);
    const split = await loadTable(path, { bufferBytes: 1 });
    assert.is(split.parts.length, one.table.numCols);
    assert.equal(storageOf(split), storageOf(one));
    assert.is(await toTableHash(split.table), sha256(new Uint8Array(one.parts[0])));
  });
}

test.run();
