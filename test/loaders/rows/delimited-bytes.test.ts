// The byte tokenizer behind loadCsv: cells read from bytes, row estimates, override errors in row order, sinks without blocks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDelimited } from '../../../loaders/csv.ts';
import { loadTable } from '../../../loaders/index.ts';
import { errorOf, storageOf, tempFile } from '../helpers.ts';

test('numbers off the fast path load as the double Number(text) gives', async () => {
  const cells = ['-0', '1.', '0.30000000000000004', '12345678901234567', '1e3', '+5', '681.705', '.5'];
  const loaded = await loadTable(tempFile('numbers.csv', `n\n${cells.join('\n')}\n`));
  assert.is(loaded.types.n, 'float');
  const got = storageOf(loaded).n.values as number[];
  for (const [i, text] of cells.entries()) assert.ok(Object.is(got[i], Number(text)), text);
});

test('a hex number or a leading space makes the column char, kept verbatim', async () => {
  const loaded = await loadTable(tempFile('words.csv', 'a,b\n1,2\n0x10, 1\n'));
  assert.equal(loaded.types, { a: 'char', b: 'char' });
  const s = storageOf(loaded);
  assert.equal(s.a.dictionary, ['0x10', '1']);
  assert.equal(s.b.dictionary, [' 1', '2']);
});

test('multi-byte UTF-8 strings are interned from their bytes', async () => {
  const loaded = await loadTable(tempFile('utf8.csv', 's,n\ncafé,1\n日本,2\ncafé,3\n😀,4\n"日本",5\n'));
  const s = storageOf(loaded);
  assert.equal(s.s.dictionary, ['café', '日本', '😀']);
  assert.equal(s.s.values, [0, 1, 0, 2, 1]);
});

test('rows shorter than the first chunk estimated are all loaded', async () => {
  // The first MiB holds long rows, so the row count estimated from it is far too small.
  const long = Array.from({ length: 11000 }, (_, i) => `${i},${'x'.repeat(100)}`);
  const short = Array.from({ length: 300000 }, (_, i) => `${11000 + i},y`);
  const loaded = await loadTable(tempFile('estimate.csv', `n,s\n${[...long, ...short].join('\n')}\n`));
  assert.is(loaded.rows, 311000);
  const n = storageOf(loaded).n.values as number[];
  assert.ok(n.every((v, i) => v === i));
});

test('an override error names the earliest bad row, then the leftmost column', async () => {
  const opts = { columns: { a: 'integer', b: 'integer' } } as const;
  const csv = 'a,b\n1,2\n3,x\ny,4\n5,z\n';
  const err = await errorOf(() => loadTable(tempFile('order.csv', csv), opts));
  assert.ok(err.message.startsWith('order.csv row 2, column "b": '), err.message);
  const tie = await errorOf(() => loadTable(tempFile('tie.csv', 'a,b\n1,2\nx,y\n'), opts));
  assert.ok(tie.message.startsWith('tie.csv row 2, column "a": '), tie.message);
});

test('an override error before a malformed row is the one reported, as row by row', async () => {
  const opts = { columns: { a: 'integer' } } as const;
  const err = await errorOf(() => loadTable(tempFile('first.csv', 'a,b\n1,2\nx,3\n4,5,6\n'), opts));
  assert.ok(err.message.startsWith('first.csv row 2, column "a": '), err.message);
});

test('a sink without blocks gets every row as strings, quotes undone', async () => {
  const rows: string[][] = [];
  const sink = {
    header: (names: string[]) => rows.push([...names]),
    cells: (cells: string[]) => rows.push([...cells]),
    object() {},
  };
  await readDelimited(tempFile('plain.csv', '\ufeffa,"b"\r\n"x,""y""",é\r\n\r\n1,\r\n'), ',')(sink, false);
  assert.equal(rows, [
    ['a', 'b'],
    ['x,"y"', 'é'],
    ['1', ''],
  ]);
});

test('a quoted cell with doubled quotes after many distinct strings (airports.csv) loads', async () => {
  const rows = Array.from({ length: 100 }, (_, i) => `name ${i}`);
  rows.push('"W. H. ""Bud"" Barron"', 'name 7');
  const loaded = await loadTable(tempFile('names.csv', `s\n${rows.join('\n')}\n`));
  const s = storageOf(loaded).s;
  assert.is(s.dictionary!.length, 101);
  assert.is(s.dictionary![s.values[100] as number], 'W. H. "Bud" Barron');
  assert.is(s.dictionary![s.values[101] as number], 'name 7');
});

test.run();
