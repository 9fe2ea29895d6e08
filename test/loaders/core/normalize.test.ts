// The shared normaliser: zeroed null slots, bitmaps, sorted dictionaries, metadata.
import { tableToIPC } from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { normalizeColumns } from '../../../loaders/core/normalize.ts';
import { errorOf, storageOf } from '../helpers.ts';

const col = (c: Partial<Column> & Pick<Column, 'name' | 'type' | 'values'>): Column => ({
  length: 3,
  validity: null,
  nullCount: 0,
  dictionary: null,
  ...c,
});
const NULL_MIDDLE = new Uint8Array([0b101]);

test('null slots hold zero whatever the loader left there', async () => {
  const loaded = await normalizeColumns(
    [
      col({ name: 'f', type: 'float', values: new Float64Array([1, 99, 3]), validity: NULL_MIDDLE, nullCount: 1 }),
      col({
        name: 'b',
        type: 'biginteger',
        values: new BigInt64Array([1n, 99n, 3n]),
        validity: NULL_MIDDLE,
        nullCount: 1,
      }),
      col({ name: 'd', type: 'date', values: new Int32Array([1, 99, 3]), validity: NULL_MIDDLE, nullCount: 1 }),
      col({ name: 'x', type: 'boolean', values: new Uint8Array([0b111]), validity: NULL_MIDDLE, nullCount: 1 }),
      col({
        name: 's',
        type: 'char',
        values: new Int32Array([1, 1, 0]),
        validity: NULL_MIDDLE,
        nullCount: 1,
        dictionary: ['b', 'a'],
      }),
    ],
    'mem.csv',
  );
  const s = storageOf(loaded);
  assert.equal(s.f.values, [1, 0, 3]);
  assert.equal(s.b.values, ['1', '0', '3']);
  assert.equal(s.d.values, [1, 0, 3]);
  assert.equal(s.x.values, [0b101]);
  assert.equal(s.s.values, [0, 0, 1]);
  assert.equal(s.s.dictionary, ['a', 'b']);
});

test('no bitmap when no value is null, and the field says whether nulls occur', async () => {
  const loaded = await normalizeColumns(
    [
      col({
        name: 'a',
        type: 'integer',
        values: new Float64Array([1, 2, 3]),
        validity: new Uint8Array([0b111]),
        nullCount: 0,
      }),
      col({ name: 'b', type: 'integer', values: new Float64Array([1, 0, 3]), validity: NULL_MIDDLE, nullCount: 1 }),
    ],
    'mem.csv',
  );
  const s = storageOf(loaded);
  assert.equal([s.a.bitmap, s.b.bitmap], [false, true]);
  assert.equal(
    loaded.table.schema.fields.map((f) => f.nullable),
    [false, true],
  );
});

test('dictionaries come out sorted by code point, merged and ordered (isOrdered)', async () => {
  const loaded = await normalizeColumns(
    [col({ name: 's', type: 'char', values: new Int32Array([0, 1, 2]), dictionary: ['😀', 'ﬁ', '😀'] })],
    'mem.csv',
  );
  const s = storageOf(loaded).s;
  assert.equal(s.dictionary, ['ﬁ', '😀']);
  assert.equal(s.values, [1, 0, 1]);
  assert.is((loaded.table.schema.fields[0].type as { isOrdered: boolean }).isOrdered, true);
});

test('datetime columns carry sorrel.type metadata; types and rows are reported', async () => {
  const loaded = await normalizeColumns(
    [col({ name: 'at', type: 'datetime', values: new Float64Array([0, 1, 2]) })],
    'mem.csv',
  );
  assert.equal(storageOf(loaded).at.metadata, { 'sorrel.type': 'datetime' });
  assert.equal([loaded.rows, loaded.types, loaded.bytes], [3, { at: 'datetime' }, 24]);
});

test('the shared bytes are the Arrow IPC file of the table, and the columns are consumed', async () => {
  const columns = [
    col({ name: 'f', type: 'float', values: new Float64Array([1, 99, 3]), validity: NULL_MIDDLE, nullCount: 1 }),
    col({ name: 's', type: 'char', values: new Int32Array([1, 1, 0]), dictionary: ['b', 'a'] }),
  ];
  const loaded = await normalizeColumns(columns, 'mem.csv');
  assert.is(loaded.parts.length, 1);
  assert.ok(loaded.parts[0] instanceof SharedArrayBuffer);
  assert.equal(new Uint8Array(loaded.parts[0]), tableToIPC(loaded.table, 'file'));
  assert.is(columns.length, 0);
});

test('duplicate names and overrides of missing columns are LoadErrors', async () => {
  const a = col({ name: 'a', type: 'integer', values: new Float64Array(3) });
  assert.is(
    (await errorOf(async () => normalizeColumns([a, a], '/data/x.json'))).message,
    'x.json: duplicate column name "a" (columns 1 and 2). Rename one of them.',
  );
  assert.is(
    (await errorOf(async () => normalizeColumns([a], '/data/x.json', { b: 'char' }))).message,
    'x.json: a type override names column "b", which is not in the file. Columns: "a".',
  );
});

test.run();
