// Arrow IPC bytes in shared memory: the same file gives the same bytes on every load (the data version hashes them).
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable, toSharedIpc } from '../../../loaders/index.ts';
import { fixture, vega } from '../helpers.ts';

const digest = async (path: string) => {
  const loaded = await loadTable(path);
  return createHash('sha256')
    .update(new Uint8Array(await toSharedIpc(loaded.table)))
    .digest('hex');
};

for (const name of ['sample.csv', 'sample.json', 'sample.ndjson', 'sample.parquet', 'sample.arrow']) {
  test(`${name}: two loads in one process give byte-identical IPC bytes`, async () => {
    assert.is(await digest(fixture(name)), await digest(fixture(name)));
  });
}

test('a table with several string columns (movies.json) gives the same bytes on a second load', async () => {
  // Dictionary ids used to come from Arrow's process-wide counter, so a reload wrote other bytes.
  assert.is(await digest(vega('movies.json')), await digest(vega('movies.json')));
});

test('the same rows as CSV and as TSV give the same IPC bytes (the format does not reach them)', async () => {
  assert.is(await digest(fixture('sample.csv')), await digest(fixture('sample.tsv')));
});

test.run();
