// CSV/TSV loading, UTF-8: every invalid form is a LoadError naming the row, the column and the byte; valid text loads as written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, tempFile } from './helpers.ts';

const load = async (name: string, text: string) => loadTable(tempFile(name, text));
const values = async (name: string, text: string) => (await load(name, text)).table.toArray().map((r) => r.toJSON());

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
