// Tests: a Parquet file's columns read on two threads (loaders/columnar/parquet-split.ts).
import * as arrow from 'apache-arrow';
import { Table as WasmTable, WriterPropertiesBuilder, writeParquet } from 'parquet-wasm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column, LoadOptions } from '../../../loaders/core/column.ts';
import { readParquetColumns } from '../../../loaders/columnar/parquet-read.ts';
import { loadParquetSplit } from '../../../loaders/columnar/parquet-split.ts';
import { sortDictionary } from '../../../loaders/core/dictionary.ts';
import { normalizeColumns } from '../../../loaders/core/normalize.ts';
import { storageOf, tempFile } from '../helpers.ts';

// A column in the form the normaliser stores: a string column's dictionary sorted, its null rows coded 0
// (the split merges the string columns into that form, a one-thread read leaves it to the normaliser).
const plain = (c: Column) => {
  const { sortedDictionary: _, ...rest } = c;
  const values = c.values.slice() as Column['values'];
  const dictionary =
    c.dictionary && !c.sortedDictionary ? sortDictionary(c.dictionary, values as Int32Array, c.validity) : c.dictionary;
  return { ...rest, dictionary, values: [...values], validity: c.validity ? [...c.validity] : null };
};
const both = async (path: string, opts: LoadOptions = {}) => {
  const settle = (p: Promise<Column[]>) =>
    p.then(
      (columns) => ({ columns: columns.map(plain) }),
      (err: Error) => ({ error: `${err.constructor.name}: ${err.message}` }),
    );
  let how = '';
  const split = await settle(loadParquetSplit(path, opts, (h) => (how = h)));
  return { split, how, one: await settle(readParquetColumns(path, opts)) };
};

// Numbers, 64-bit integers, strings, dates and booleans, with nulls, over several row groups.
const rows = 5000;
const at = (i: number, v: unknown) => (i % 11 === 0 ? null : v);
const mixed = new arrow.Table({
  id: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => BigInt(i) * 3n),
    new arrow.Int64(),
  ),
  score: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => at(i, i * 0.37)),
    new arrow.Float64(),
  ),
  name: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => at(i + 3, `name${i % 97}`)),
    new arrow.Utf8(),
  ),
  day: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => at(i + 5, new Date(Date.UTC(2024, 0, 1 + (i % 300))))),
    new arrow.DateDay(),
  ),
  flag: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => at(i + 7, i % 3 === 0)),
    new arrow.Bool(),
  ),
  code: arrow.vectorFromArray(
    Array.from({ length: rows }, (_, i) => i % 13),
    new arrow.Int32(),
  ),
});
const toFile = (name: string, table: arrow.Table) =>
  tempFile(
    name,
    writeParquet(
      WasmTable.fromIPCStream(arrow.tableToIPC(table, 'stream')),
      new WriterPropertiesBuilder().setMaxRowGroupSize(1024).build(),
    ),
  );

test('gives the columns a one-thread read gives, in file order', async () => {
  const { split, how, one } = await both(toFile('split-mixed.parquet', mixed));
  assert.ok('columns' in one);
  assert.is(how, 'two threads');
  assert.equal(split, one);
  assert.equal(
    (split as unknown as { columns: Column[] }).columns.map((c) => [c.name, c.type, c.nullCount]),
    [
      ['id', 'integer', 0], // 64-bit integers within 2^53
      ['score', 'float', 455], // rows i ≡ 0 (mod 11) below 5000: 455
      ['name', 'char', 454], // i ≡ 8: 454
      ['day', 'date', 454], // i ≡ 6: 454
      ['flag', 'boolean', 455], // i ≡ 4: 455
      ['code', 'integer', 0],
    ],
  );
});

test('with overrides on either side, the same columns as one thread', async () => {
  const { split, how, one } = await both(toFile('split-override.parquet', mixed), {
    columns: { code: 'char', score: 'text', id: 'float' },
  });
  assert.ok('columns' in one);
  assert.is(how, 'two threads');
  assert.equal(split, one);
});

test('a column that cannot be loaded, or an override of no column: the one-thread error', async () => {
  const list = new arrow.Table({
    ok: arrow.vectorFromArray([1, 2], new arrow.Float64()),
    tags: arrow.vectorFromArray([[1], [2, 3]], new arrow.List(new arrow.Field('item', new arrow.Int32()))),
  });
  const bad = await both(toFile('split-list.parquet', list));
  assert.ok('error' in bad.one && /tags/.test(bad.one.error), JSON.stringify(bad.one));
  assert.equal([bad.split, bad.how], [bad.one, 'one thread']);
  const missing = await both(toFile('split-missing.parquet', mixed), { columns: { nope: 'char' } });
  assert.ok('error' in missing.one && /nope/.test(missing.one.error), JSON.stringify(missing.one));
  assert.equal([missing.split, missing.how], [missing.one, 'one thread']);
});

test('string columns shared by row group: the table a one-thread load stores, byte for byte', async () => {
  // Strings only, and strings beside numbers; nulls, empty, non-ASCII, unique and repeated values, an all-null column.
  const n = rows;
  const text = (k: number) =>
    k % 7 === 3 ? null : k % 40 === 0 ? `één-${k}` : ['', 'x', '😀', 'ﬁ', 'Zz', 'y y'][k % 6];
  const strings = new arrow.Table({
    a: arrow.vectorFromArray(
      Array.from({ length: n }, (_, i) => text(i)),
      new arrow.Utf8(),
    ),
    b: arrow.vectorFromArray(
      Array.from({ length: n }, (_, i) => `v${(i * 31) % 997}`),
      new arrow.Utf8(),
    ),
    none: arrow.vectorFromArray(
      Array.from({ length: n }, () => null),
      new arrow.Utf8(),
    ),
  });
  const only = new arrow.Table({ a: strings.getChild('a')! });
  const beside = mixed.assign(strings);
  for (const [name, table] of [
    ['strings', strings],
    ['one-string', only],
    ['beside', beside],
  ] as const) {
    const path = toFile(`split-${name}.parquet`, table);
    const seen: number[] = [];
    let how = '';
    const split = await normalizeColumns(
      await loadParquetSplit(path, { onRows: (r) => seen.push(r) }, (h) => (how = h)),
      path,
    );
    const one = await normalizeColumns(await readParquetColumns(path, {}), path);
    assert.is(how, 'two threads', name);
    assert.is(await split.hash(), await one.hash(), name);
    assert.equal(storageOf(split), storageOf(one), name);
    assert.is(seen.at(-1), table.numRows, name);
  }
});

test.run();
