// Tests: string row groups claimed by two readers at once (loaders/columnar/parquet-claims.ts), merged as one read.
import * as arrow from 'apache-arrow';
import { Table as WasmTable, WriterPropertiesBuilder, writeParquet } from 'parquet-wasm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { sortDictionary } from '../../../loaders/core/dictionary.ts';
import { createClaims, readClaimedStrings } from '../../../loaders/columnar/parquet-claims.ts';
import { readParquetColumns } from '../../../loaders/columnar/parquet-read.ts';
import { mergeStringPieces } from '../../../loaders/columnar/string-merge.ts';
import { tempFile } from '../helpers.ts';

// Two string columns over 12 row groups of 100 rows (the last 37): nulls, empty strings,
// non-ASCII, values in every group and values in one row only.
const rows = 1137;
const words = ['', 'α', 'Ωmega', '😀 grin', 'ﬁle', 'plain', 'Zed', '\u00e9t\u00e9'];
const table = new arrow.Table({
  n: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => i),
    new arrow.Int32(),
  ),
  s: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => (i % 9 === 4 ? null : i % 50 === 0 ? `only-${i}` : words[(i * 5) % 8])),
    new arrow.Utf8(),
  ),
  t: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => (i % 3 === 0 ? null : `k${i % 17}`)),
    new arrow.Utf8(),
  ),
});
const path = tempFile(
  'claims.parquet',
  writeParquet(
    WasmTable.fromIPCStream(arrow.tableToIPC(table, 'stream')),
    new WriterPropertiesBuilder().setMaxRowGroupSize(100).build(),
  ),
);
const groupRows = [...Array.from({ length: 11 }, () => 100), 37];

// A column as the normaliser stores it (a one-thread read's dictionary sorted; the merge's already is).
const stored = (c: Column) => {
  const codes = (c.values as Int32Array).slice();
  const dictionary = c.sortedDictionary ? c.dictionary : sortDictionary(c.dictionary!, codes, c.validity);
  return {
    dictionary,
    codes: [...codes],
    validity: c.validity && [...c.validity],
    nullCount: c.nullCount,
    type: c.type,
  };
};

test('two readers claiming row groups at once give the columns of one read', async () => {
  const claims = createClaims(groupRows.length);
  const seen: number[] = [];
  const [mine, theirs] = await Promise.all([
    readClaimedStrings(path, ['s', 't'], groupRows, claims, 0, (n) => seen.push(n)),
    readClaimedStrings(path, ['s', 't'], groupRows, claims, 1),
  ]);
  assert.ok(
    [...claims.owner].every((o) => o === 0 || o === 1),
    `every row group read once: ${claims.owner}`,
  );
  assert.is(Number(claims.done[0]), rows);
  assert.ok(seen.length > 0 && seen.every((n, i) => n > 0 && n <= rows && (i === 0 || n > seen[i - 1])));
  const one = await readParquetColumns(path, {}, ['s', 't']);
  ['s', 't'].forEach((name, i) => {
    const merged = mergeStringPieces(name, [mine[i], theirs[i]], claims.owner, groupRows);
    assert.equal(stored(merged), stored(one[i]), name);
  });
  assert.ok(one[0].nullCount > 0 && one[0].dictionary!.includes('') && one[0].dictionary!.includes('😀 grin'));
});

test('a reader that finds every row group claimed gives no piece', async () => {
  const claims = createClaims(groupRows.length);
  const first = await readClaimedStrings(path, ['s'], groupRows, claims, 0);
  const late = await readClaimedStrings(path, ['s'], groupRows, claims, 1);
  assert.equal(late, [null]);
  assert.ok([...claims.owner].every((o) => o === 0));
  const merged = mergeStringPieces('s', [first[0], null], claims.owner, groupRows);
  assert.equal(stored(merged), stored((await readParquetColumns(path, {}, ['s']))[0]));
});

test('a reader that fails stops the claims, so the other thread does not read on', async () => {
  const claims = createClaims(groupRows.length);
  const bad = tempFile('claims-bad.parquet', 'not parquet at all');
  const err = await readClaimedStrings(bad, ['s'], groupRows, claims, 1).catch((e: Error) => e);
  assert.instance(err, Error);
  assert.match((err as Error).message, /not a readable Parquet file/);
  assert.equal(await readClaimedStrings(path, ['s'], groupRows, claims, 0), [null]);
});

test.run();
