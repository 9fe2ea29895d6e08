// CSV/TSV loading, syntax: BOM, line ends, quoting, column names, chunk boundaries, and the errors naming the row.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, storageOf, tempFile } from './helpers.ts';

const load = async (name: string, text: string) => loadTable(tempFile(name, text));
const values = async (name: string, text: string) => (await load(name, text)).table.toArray().map((r) => r.toJSON());

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
test.run();
