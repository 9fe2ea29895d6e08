// NDJSON loading: line by line, blank lines, line-numbered errors.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, storageOf, tempFile } from './helpers.ts';

const load = (name: string, text: string) => loadTable(tempFile(name, text));

test('one object per line; blank lines, CRLF and a missing final newline are fine', async () => {
  const loaded = await load('rows.ndjson', '{"a":1,"b":"x"}\r\n\r\n{"a":2}\r\n{"b":"y","a":3}');
  assert.is(loaded.rows, 3);
  assert.equal(
    loaded.table.toArray().map((r) => r.toJSON()),
    [
      { a: 1, b: 'x' },
      { a: 2, b: null },
      { a: 3, b: 'y' },
    ],
  );
});

test('.jsonl is NDJSON too', async () => {
  assert.is((await load('rows.jsonl', '{"a":1}\n{"a":2}\n')).rows, 2);
});

test('a line split across read chunks is reassembled', async () => {
  const long = 'x'.repeat(3 << 20);
  const loaded = await load('long.ndjson', `{"a":"${long}"}\n{"a":"y"}\n`);
  assert.equal(
    storageOf(loaded).a.dictionary!.map((s) => s.length),
    [3 << 20, 1],
  );
  assert.is(loaded.types.a, 'text');
});

test('integers beyond 2^53 are re-read exactly', async () => {
  const loaded = await load('big.ndjson', '{"a":9007199254740993}\n{"a":2}\n');
  assert.equal(storageOf(loaded).a.values, ['9007199254740993', '2']);
});

test('a bad line is a LoadError with its line number and column', async () => {
  const err = await errorOf(() => load('bad.ndjson', '{"a":1}\n\n{"a":2\n'));
  assert.is(
    err.message,
    "bad.ndjson line 3: invalid JSON at column 7: expected ',' or '}' in an object, found end of input. Fix the line or remove it.",
  );
});

test('a line that is not an object is a LoadError', async () => {
  const err = await errorOf(() => load('arr.ndjson', '{"a":1}\n[1]\n'));
  assert.is(err.message, 'arr.ndjson line 2: expected a JSON object, found an array. Each line must hold one object.');
});

test('an empty file is a LoadError', async () => {
  assert.is(
    (await errorOf(() => load('empty.ndjson', '\n \n'))).message,
    'empty.ndjson is empty: expected one JSON object per line.',
  );
});

test.run();
