// CSV loading, types: inference over all rows, wide integers, text versus char, dates and times, nulls (syntax: csv-syntax, UTF-8: csv-utf8).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { storageOf, tempFile } from './helpers.ts';

const load = async (name: string, text: string) => loadTable(tempFile(name, text));

test('infers each type from the text of every cell', async () => {
  const csv = [
    'int,float,bool,date,datetime,time,string',
    '1,1.5,true,2024-02-29,2024-02-29 23:59,08:15,a',
    '-20,2,FALSE,1900-01-01,2024-02-29T23:59:59.5+01:00,23:59:59.999,b',
    '+3,.5e1,True,2100-12-31,2024-02-29T00:00:00Z,00:00:01,3',
  ].join('\n');
  const loaded = await load('types.csv', csv);
  assert.equal(loaded.types, {
    int: 'integer',
    float: 'float',
    bool: 'boolean',
    date: 'date',
    datetime: 'datetime',
    time: 'time',
    string: 'char',
  });
  const s = storageOf(loaded);
  assert.equal(s.int.values, [1, -20, 3]);
  assert.equal(s.float.values, [1.5, 2, 5]);
  assert.equal(s.bool.values, [0b101]);
  assert.equal(
    s.date.values,
    [Date.UTC(2024, 1, 29), Date.UTC(1900, 0, 1), Date.UTC(2100, 11, 31)].map((ms) => ms / 86_400_000),
  );
  assert.equal(s.datetime.values, [
    Date.UTC(2024, 1, 29, 23, 59),
    Date.UTC(2024, 1, 29, 22, 59, 59, 500),
    Date.UTC(2024, 1, 29),
  ]);
  assert.equal(s.time.values, [8 * 3600e3 + 15 * 60e3, 86_399_999, 1000]);
  assert.equal(s.string.dictionary, ['3', 'a', 'b']);
});

test('infers over all rows: one late non-integer makes the column float', async () => {
  const lines = ['n', ...Array.from({ length: 5000 }, (_, i) => String(i)), '0.5'];
  const loaded = await load('late.csv', lines.join('\n'));
  assert.is(loaded.types.n, 'float');
  assert.is(loaded.rows, 5001);
  assert.is(storageOf(loaded).n.values[5000], 0.5);
});

test('a late word makes a numeric column char and keeps every source text verbatim', async () => {
  const lines = ['code', ...Array.from({ length: 3000 }, () => '007'), '1.50', 'n/a'];
  const loaded = await load('mixed.csv', lines.join('\n'));
  assert.is(loaded.types.code, 'char');
  assert.equal(storageOf(loaded).code.dictionary, ['007', '1.50', 'n/a']);
});

test('integers beyond 2^53 are biginteger, parsed exactly from the text', async () => {
  const loaded = await load('big.csv', 'id\n1\n9007199254740993\n-9223372036854775808\n9223372036854775807\n');
  assert.is(loaded.types.id, 'biginteger');
  const s = storageOf(loaded).id;
  assert.is(s.type, 'Int64');
  assert.equal(s.values, ['1', '9007199254740993', '-9223372036854775808', '9223372036854775807']);
});

test('2^53 itself is still an integer; beyond the Int64 range is char', async () => {
  assert.is((await load('edge.csv', 'a\n9007199254740992\n-9007199254740992\n')).types.a, 'integer');
  const huge = await load('huge.csv', 'a\n1\n9223372036854775808\n');
  assert.is(huge.types.a, 'char');
  assert.equal(storageOf(huge).a.dictionary, ['1', '9223372036854775808']);
});

test('a biginteger column that meets a fraction becomes float', async () => {
  const loaded = await load('bigfloat.csv', 'a\n9007199254740993\n0.5\n');
  assert.is(loaded.types.a, 'float');
  assert.equal(storageOf(loaded).a.values, [9007199254740992, 0.5]);
});

test('text when any value passes 255 characters (code points), else char', async () => {
  const long = 'x'.repeat(256);
  assert.is((await load('text.csv', `a\nshort\n${long}\n`)).types.a, 'text');
  assert.is((await load('char.csv', `a\n${'x'.repeat(255)}\n`)).types.a, 'char');
  // 255 emoji: 255 code points, 510 UTF-16 code units.
  assert.is((await load('emoji.csv', `a\n${'😀'.repeat(255)}\n`)).types.a, 'char');
});

test('dates and datetimes mixed widen to datetime at midnight UTC', async () => {
  const loaded = await load('widen.csv', 'a\n2024-01-02\n2024-01-02T06:00:00Z\n');
  assert.is(loaded.types.a, 'datetime');
  assert.equal(storageOf(loaded).a.values, [Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 2, 6)]);
});

test('impossible dates and times are strings', async () => {
  const loaded = await load('bad-dates.csv', 'a,b,c\n2023-02-29,24:00,2024-13-01T00:00\n');
  assert.equal(loaded.types, { a: 'char', b: 'char', c: 'char' });
});

test('only the empty string is null: NA, null and spaces are values', async () => {
  const loaded = await load('nulls.csv', 'a,b\n,NA\n1,null\n, \n');
  assert.equal(loaded.types, { a: 'integer', b: 'char' });
  const s = storageOf(loaded);
  assert.equal(s.a.valid, [false, true, false]);
  assert.equal(s.b.dictionary, [' ', 'NA', 'null']);
  assert.is(s.b.nullCount, 0);
});

test('a column of only empty cells is an all-null char column', async () => {
  const s = storageOf(await load('empty-col.csv', 'a,b\n1,\n2,\n'));
  assert.equal([s.b.type, s.b.nullCount, s.b.dictionary, s.b.values], ['Dictionary<Int32, Utf8>', 2, [], [0, 0]]);
});

test('a header without rows loads zero rows of char columns', async () => {
  const loaded = await load('header.csv', 'a,b\n');
  assert.is(loaded.rows, 0);
  assert.equal(loaded.types, { a: 'char', b: 'char' });
});

test.run();
