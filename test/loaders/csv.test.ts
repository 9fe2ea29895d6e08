// CSV/TSV loading: inference over all rows, nulls, quoting and the error messages.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, storageOf, tempFile } from './helpers.ts';

const load = async (name: string, text: string) => loadTable(tempFile(name, text));
const values = async (name: string, text: string) => (await load(name, text)).table.toArray().map((r) => r.toJSON());

test('infers each type from the text of every cell', async () => {
  const csv = [
    'int,float,bool,date,datetime,time,string',
    '1,1.5,true,2024-02-29,2024-02-29 23:59,08:15,a',
    '-20,2,FALSE,1900-01-01,2024-02-29T23:59:59.5+01:00,23:59:59.999,b',
    '+3,.5e1,True,2100-12-31,2024-02-29T00:00:00Z,00:00:01,3',
  ].join('\n');
  const loaded = await load('types.csv', csv);
  assert.equal(loaded.types, { int: 'integer', float: 'float', bool: 'boolean', date: 'date', datetime: 'datetime', time: 'time', string: 'char' });
  const s = storageOf(loaded);
  assert.equal(s.int.values, [1, -20, 3]);
  assert.equal(s.float.values, [1.5, 2, 5]);
  assert.equal(s.bool.values, [0b101]);
  assert.equal(s.date.values, [Date.UTC(2024, 1, 29), Date.UTC(1900, 0, 1), Date.UTC(2100, 11, 31)].map((ms) => ms / 86_400_000));
  assert.equal(s.datetime.values, [Date.UTC(2024, 1, 29, 23, 59), Date.UTC(2024, 1, 29, 22, 59, 59, 500), Date.UTC(2024, 1, 29)]);
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

test('strips a byte order mark, reads CRLF and skips blank lines', async () => {
  const loaded = await load('bom.csv', '\ufeffa,b\r\n1,2\r\n\r\n3,4\r\n');
  assert.equal(loaded.table.schema.fields.map((f) => f.name), ['a', 'b']);
  assert.equal(await values('bom2.csv', '\ufeffa,b\r\n1,2\r\n\r\n3,4\r\n'), [{ a: 1, b: 2 }, { a: 3, b: 4 }]);
});

test('quoted fields keep delimiters, quotes and newlines', async () => {
  const rows = await values('quoted.csv', 'a,b\n"x, y","say ""hi""\nthere"\n');
  assert.equal(rows, [{ a: 'x, y', b: 'say "hi"\nthere' }]);
});

test('column names are verbatim, spaces and case included', async () => {
  const loaded = await load('names.csv', ' Id ,id,Release Date\n1,2,3\n');
  assert.equal(loaded.table.schema.fields.map((f) => f.name), [' Id ', 'id', 'Release Date']);
});

test('TSV reads tabs, not commas', async () => {
  const loaded = await loadTable(tempFile('data.tsv', 'a\tb,c\n1,5\tx\n'));
  assert.equal(loaded.table.toArray().map((r) => r.toJSON()), [{ a: '1,5', 'b,c': 'x' }]);
});

test('a row with the wrong number of fields is a LoadError naming the row', async () => {
  const err = await errorOf(() => load('count.csv', 'a,b\n1,2\n3\n4,5\n'));
  assert.is(err.message, 'count.csv row 2: expected 2 fields (one per header column) but found 1. Quote values that contain the delimiter, and check for missing or extra delimiters.');
  const extra = await errorOf(() => load('extra.csv', 'a,b\n1,2\n\n4,5,6\n'));
  assert.is(extra.message, 'extra.csv row 2: expected 2 fields (one per header column) but found 3. Quote values that contain the delimiter, and check for missing or extra delimiters.');
});

test('an unterminated quote is a LoadError naming the row', async () => {
  const err = await errorOf(() => load('open.csv', 'a,b\n1,2\n3,"abc\n4,5\n'));
  assert.is(err.message, 'open.csv row 2: Quoted field unterminated. A quoted field must end with a quote, and quotes inside it must be doubled ("").');
});

test('text after a closing quote is a LoadError naming the row', async () => {
  const err = await errorOf(() => load('trailing.csv', 'a,b\n1,2\n3,"ab"c\n'));
  assert.is(err.message, 'trailing.csv row 2: Trailing quote on quoted field is malformed. A quoted field must end with a quote, and quotes inside it must be doubled ("").');
});

test('an error far into a large file names its row', async () => {
  const lines = ['a,b', ...Array.from({ length: 100_000 }, (_, i) => `${i},x`), '1'];
  const err = await errorOf(() => load('far.csv', lines.join('\n')));
  assert.is(err.message.split(':')[0], 'far.csv row 100001');
});

test('an empty file, or one of blank lines, is a LoadError', async () => {
  assert.is((await errorOf(() => load('empty.csv', ''))).message, 'empty.csv is empty: expected a header row naming the columns.');
  assert.is((await errorOf(() => load('blank.csv', '\n\n'))).message, 'blank.csv is empty: expected a header row naming the columns.');
});

test('duplicate and empty column names are LoadErrors', async () => {
  assert.is((await errorOf(() => load('dup.csv', 'a,b,a\n1,2,3\n'))).message, 'dup.csv: duplicate column name "a" (columns 1 and 3). Rename one of them.');
  assert.is((await errorOf(() => load('noname.csv', 'a,,c\n1,2,3\n'))).message, 'noname.csv: column 2 has no name. Give every column a header.');
});

test.run();
