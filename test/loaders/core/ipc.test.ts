// Arrow IPC bytes in shared memory: the same file gives the same bytes on every load (the data version hashes them).
import * as arrow from 'apache-arrow';
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable, toSharedIpc } from '../../../loaders/index.ts';
import { fixture, tempFile, vega } from '../helpers.ts';

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

test('the same strings as CSV cells, Arrow Utf8 chunks and Arrow dictionaries give the same IPC bytes', async () => {
  // Short values (packed in a slot), long ones (in the arena, two alike but in their middle), non-ASCII,
  // nulls (a quoted empty cell: a blank line would be skipped). The dictionaries go in a stream, since
  // a file cannot replace them between batches.
  const words = ['b', 'a', 'Zürich', 'eight by', 'nine byte', `${'x'.repeat(40)}1${'y'.repeat(40)}`];
  words.push(`${'x'.repeat(40)}2${'y'.repeat(40)}`, '日本語テキスト', 'é');
  const rows = Array.from({ length: 3000 }, (_, i) => (i % 11 === 5 ? null : words[(i * 7) % words.length]));
  const csv = tempFile('strings.csv', `s\n${rows.map((v) => v ?? '""').join('\n')}\n`);
  const chunked = (type: arrow.DataType) =>
    new arrow.Table({
      s: arrow.vectorFromArray(rows.slice(0, 1000), type).concat(arrow.vectorFromArray(rows.slice(1000), type)),
    });
  const plain = tempFile('strings.arrow', arrow.tableToIPC(chunked(new arrow.Utf8()), 'file'));
  const dict = tempFile(
    'dict.arrow',
    arrow.tableToIPC(chunked(new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32())), 'stream'),
  );
  const expected = await digest(csv);
  assert.is(await digest(plain), expected);
  assert.is(await digest(dict), expected);
});

test.run();
