// The rows a large file has given so far (LoadOptions.onRows), told as it loads: the load log's progress lines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { fixture, tempFile } from './helpers.ts';

test('a CSV of several 1 MiB chunks tells growing row counts, the last one every row', async () => {
  const rows = 400_000; // about 4.1 MB: at least three chunks
  const lines = ['n,s'];
  for (let i = 0; i < rows; i++) lines.push(`${i},v${i % 3}`);
  const seen: number[] = [];
  const loaded = await loadTable(tempFile('progress.csv', `${lines.join('\n')}\n`), {
    onRows: (n) => seen.push(n),
  });
  assert.is(loaded.rows, rows);
  assert.ok(seen.length >= 3, `${seen.length} calls`);
  assert.ok(
    seen.every((n, i) => i === 0 || n >= seen[i - 1]),
    'never decreases',
  );
  assert.ok(seen[0] > 0 && seen[0] < rows);
  assert.is(seen.at(-1), rows);
});

test('a Parquet file tells the rows of each row group as it is decoded', async () => {
  const seen: number[] = [];
  await loadTable(fixture('sample.parquet'), { onRows: (n) => seen.push(n) });
  assert.is(seen.at(-1), 6);
});

test.run();
