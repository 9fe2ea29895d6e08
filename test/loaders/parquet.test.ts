// Parquet loading through parquet-wasm: real data and errors.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, storageOf, tempFile, vega } from './helpers.ts';

test('a file that is not Parquet is a LoadError quoting the reader', async () => {
  const err = await errorOf(() => loadTable(tempFile('bad.parquet', 'hello world, not parquet')));
  assert.is(
    err.message,
    'bad.parquet is not a readable Parquet file (Parquet error: Invalid Parquet file. Corrupt footer). Check that it is Parquet and not truncated.',
  );
});

test('flights-3m.parquet: 3,000,000 flights, microsecond timestamps as UTC milliseconds', async () => {
  const loaded = await loadTable(vega('flights-3m.parquet'));
  assert.is(loaded.rows, 3_000_000);
  assert.equal(loaded.types, {
    date: 'datetime',
    delay: 'integer',
    distance: 'integer',
    origin: 'char',
    destination: 'char',
  });
  assert.is(loaded.table.batches.length, 1);
  // First row, checked against the file with an independent reader: 2001-01-01 00:01, LAS → PHL.
  assert.equal(loaded.table.get(0)!.toJSON(), {
    date: Date.UTC(2001, 0, 1, 0, 1),
    delay: 33,
    distance: 2176,
    origin: 'LAS',
    destination: 'PHL',
  });
  const origin = storageOf({ ...loaded, table: loaded.table.select(['origin']) }).origin;
  assert.ok(
    origin.dictionary!.every((s, i, all) => i === 0 || all[i - 1] < s),
    'dictionary sorted, no duplicates',
  );
});

test.run();
