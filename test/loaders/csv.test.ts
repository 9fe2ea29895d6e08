// CSV/TSV loading: inference over all rows, nulls, quoting, chunk boundaries, UTF-8 checks and the error messages.
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

test('strips a byte order mark, reads CRLF and skips blank lines', async () => {
  const loaded = await load('bom.csv', '\ufeffa,b\r\n1,2\r\n\r\n3,4\r\n');
  assert.equal(
    loaded.table.schema.fields.map((f) => f.name),
    ['a', 'b'],
  );
  assert.equal(await values('bom2.csv', '\ufeffa,b\r\n1,2\r\n\r\n3,4\r\n'), [
    { a: 1, b: 2 },
    { a: 3, b: 4 },
  ]);
});

test('quoted fields keep delimiters, quotes and newlines', async () => {
  const rows = await values('quoted.csv', 'a,b\n"x, y","say ""hi""\nthere"\n');
  assert.equal(rows, [{ a: 'x, y', b: 'say "hi"\nthere' }]);
});

test('column names are verbatim, spaces and case included', async () => {
  const loaded = await load('names.csv', ' Id ,id,Release Date\n1,2,3\n');
  assert.equal(
    loaded.table.schema.fields.map((f) => f.name),
    [' Id ', 'id', 'Release Date'],
  );
});

test('TSV reads tabs, not commas', async () => {
  const loaded = await loadTable(tempFile('data.tsv', 'a\tb,c\n1,5\tx\n'));
  assert.equal(
    loaded.table.toArray().map((r) => r.toJSON()),
    [{ a: '1,5', 'b,c': 'x' }],
  );
});

test('a row with the wrong number of fields is a LoadError naming the row', async () => {
  const err = await errorOf(() => load('count.csv', 'a,b\n1,2\n3\n4,5\n'));
  assert.is(
    err.message,
    'count.csv row 2: expected 2 fields (one per header column) but found 1. Quote values that contain the delimiter, and check for missing or extra delimiters.',
  );
  const extra = await errorOf(() => load('extra.csv', 'a,b\n1,2\n\n4,5,6\n'));
  assert.is(
    extra.message,
    'extra.csv row 2: expected 2 fields (one per header column) but found 3. Quote values that contain the delimiter, and check for missing or extra delimiters.',
  );
});

test('an unterminated quote is a LoadError naming the row', async () => {
  const err = await errorOf(() => load('open.csv', 'a,b\n1,2\n3,"abc\n4,5\n'));
  assert.is(
    err.message,
    'open.csv row 2: Quoted field unterminated. A quoted field must end with a quote, and quotes inside it must be doubled ("").',
  );
});

test('text after a closing quote is a LoadError naming the row', async () => {
  const err = await errorOf(() => load('trailing.csv', 'a,b\n1,2\n3,"ab"c\n'));
  assert.is(
    err.message,
    'trailing.csv row 2: Trailing quote on quoted field is malformed. A quoted field must end with a quote, and quotes inside it must be doubled ("").',
  );
});

test('an error far into a large file names its row', async () => {
  const lines = ['a,b', ...Array.from({ length: 100_000 }, (_, i) => `${i},x`), '1'];
  const err = await errorOf(() => load('far.csv', lines.join('\n')));
  assert.is(err.message.split(':')[0], 'far.csv row 100001');
});

test('an empty file, or one of blank lines, is a LoadError', async () => {
  assert.is(
    (await errorOf(() => load('empty.csv', ''))).message,
    'empty.csv is empty: expected a header row naming the columns.',
  );
  assert.is(
    (await errorOf(() => load('blank.csv', '\n\n'))).message,
    'blank.csv is empty: expected a header row naming the columns.',
  );
});

test('duplicate and empty column names are LoadErrors', async () => {
  assert.is(
    (await errorOf(() => load('dup.csv', 'a,b,a\n1,2,3\n'))).message,
    'dup.csv: duplicate column name "a" (columns 1 and 3). Rename one of them.',
  );
  assert.is(
    (await errorOf(() => load('noname.csv', 'a,,c\n1,2,3\n'))).message,
    'noname.csv: column 2 has no name. Give every column a header.',
  );
});

test('reads lone CR line ends, and spaces between a closing quote and the delimiter', async () => {
  assert.equal(await values('cr.csv', 'a,b\r1,x\r\r2,y\r'), [
    { a: 1, b: 'x' },
    { a: 2, b: 'y' },
  ]);
  assert.equal(await values('spaces.csv', 'a,b\n"x"  ,"y" \n'), [{ a: 'x', b: 'y' }]);
});

test('a quote inside an unquoted field is kept as text', async () => {
  assert.equal(await values('inner.csv', 'a,b\n5 " tall,x\n'), [{ a: '5 " tall', b: 'x' }]);
});

test('records and characters cut by the 1 MiB read chunks are joined again', async () => {
  // Rows "i,xxx…" up to near the 1 MiB mark, counting bytes; then row k's quoted text (a CRLF, a
  // doubled quote, é in two-byte UTF-8) is padded so that an é starts at byte 2^20 - 1: the first
  // read chunk ends between its two bytes. A 3 MiB field then spans two more chunk boundaries.
  const MiB = 1 << 20;
  const lines = ['n,s'];
  let bytes = 4;
  while (bytes < MiB - 300) {
    lines.push(`${lines.length - 1},${'x'.repeat(99)}`);
    bytes += lines[lines.length - 1].length + 1;
  }
  const k = lines.length - 1;
  const pad = 'a'.repeat(MiB - 1 - bytes - `${k},"`.length);
  const text = `${pad}é\r\n""q"",é`;
  lines.push(`${k},"${text}"`, `${k + 1},"${'y'.repeat(3 * MiB)}"`, `${k + 2},end`);
  const content = Buffer.from(`${lines.join('\n')}\n`);
  assert.equal([...content.subarray(MiB - 1, MiB + 1)], [0xc3, 0xa9]);
  const loaded = await loadTable(tempFile('chunks.csv', content));
  const s = storageOf(loaded);
  assert.is(loaded.rows, k + 3);
  assert.equal(s.n.values.slice(k - 1), [k - 1, k, k + 1, k + 2]);
  const dict = s.s.dictionary!;
  assert.ok(dict.includes(`${pad}é\r\n"q",é`));
  assert.ok(dict.includes('y'.repeat(3 * MiB)));
  assert.ok(dict.includes('end'));
});

test('a field count error in a long quoted last cell counts every field', async () => {
  const err = await errorOf(() => load('long.csv', 'a,b\n1,"x\ny",3\n'));
  assert.is(
    err.message,
    'long.csv row 1: expected 2 fields (one per header column) but found 3. Quote values that contain the delimiter, and check for missing or extra delimiters.',
  );
});

test('an unterminated quote in the header names the header row', async () => {
  const err = await errorOf(() => load('openhead.csv', 'a,"b\n1,2\n'));
  assert.is(
    err.message,
    'openhead.csv header row: Quoted field unterminated. A quoted field must end with a quote, and quotes inside it must be doubled ("").',
  );
});

// Bytes spelled out: "a,b\n" is bytes 0-3, "1," bytes 4-5, so the cell of column b starts at byte 6.
const bytesOf = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

test('invalid UTF-8 is a LoadError naming the row, the column and the byte', async () => {
  const err = await errorOf(() => loadTable(tempFile('latin1.csv', bytesOf('a,b\n1,Z', [0xfc], 'rich\n'))));
  assert.is(err.name, 'LoadError');
  assert.is(
    err.message,
    'latin1.csv row 1, column "b": invalid UTF-8 (bytes 0xfc 0x72 0x69 0x63 at byte 7 of the file). Save the file as UTF-8.',
  );
});

test('rejects overlong forms, surrogates, stray continuation bytes and a character cut at the end', async () => {
  const cases: [string, number[], number][] = [
    ['overlong.csv', [0xc0, 0xaf], 6],
    ['overlong3.csv', [0xe0, 0x80, 0xaf], 6],
    ['surrogate.csv', [0xed, 0xa0, 0x80], 6],
    ['toobig.csv', [0xf4, 0x90, 0x80, 0x80], 6],
    ['stray.csv', [0x41, 0x80], 7],
  ];
  for (const [name, bad, at] of cases) {
    const err = await errorOf(() => loadTable(tempFile(name, bytesOf('a,b\n1,', bad, '\n2,x\n'))));
    assert.match(
      err.message,
      new RegExp(
        `^${name.replace('.', '\\.')} row 1, column "b": invalid UTF-8 \\(bytes 0x[0-9a-f]{2}.* at byte ${at} of the file\\)`,
      ),
      name,
    );
  }
  const cut = await errorOf(() => loadTable(tempFile('cut.csv', bytesOf('a,b\n1,x\n2,', [0xe2, 0x82]))));
  assert.is(
    cut.message,
    'cut.csv row 2, column "b": invalid UTF-8 (bytes 0xe2 0x82 at byte 10 of the file). Save the file as UTF-8.',
  );
});

test('invalid UTF-8 in the header, in a quoted cell and in a TSV names where it is', async () => {
  const head = await errorOf(() => loadTable(tempFile('head.csv', bytesOf('a,', [0xff], '\n1,2\n'))));
  assert.match(
    head.message,
    /^head\.csv header row, column 2: invalid UTF-8 \(bytes 0xff 0x0a 0x31 0x2c at byte 2 of the file\)/,
  );
  const quoted = await errorOf(() => loadTable(tempFile('q.csv', bytesOf('a,b,c\n1,"x,\ny",', [0xfe], '\n'))));
  assert.match(quoted.message, /^q\.csv row 1, column "c": invalid UTF-8/);
  const tsv = await errorOf(() => loadTable(tempFile('bad.tsv', bytesOf('a\tb\n1\t2\n3,', [0xff], '\t4\n'))));
  assert.match(
    tsv.message,
    /^bad\.tsv row 2, column "a": invalid UTF-8 \(bytes 0xff 0x09 0x34 0x0a at byte 10 of the file\)/,
  );
});

test('invalid UTF-8 far into a large file names its row, past chunk boundaries', async () => {
  const lines = ['a,b', ...Array.from({ length: 200_000 }, (_, i) => `${i},é`)];
  const err = await errorOf(() =>
    loadTable(tempFile('far8.csv', bytesOf(`${lines.join('\n')}\n7,`, [0xc3, 0x28], '\n'))),
  );
  assert.match(
    err.message,
    /^far8\.csv row 200001, column "b": invalid UTF-8 \(bytes 0xc3 0x28 0x0a at byte \d+ of the file\)/,
  );
});

test('valid UTF-8, U+FFFD included, loads as written', async () => {
  assert.equal(await values('ok8.csv', 'a,b\nZürich,\ufffd\n日本,😀\n'), [
    { a: 'Zürich', b: '\ufffd' },
    { a: '日本', b: '😀' },
  ]);
});

test.run();
