// JSON array loading: columns by first appearance, exact big integers, error messages.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTable } from '../../loaders/index.ts';
import { errorOf, storageOf, tempFile } from './helpers.ts';

const load = (name: string, text: string) => loadTable(tempFile(name, text));

test('keys become columns in order of first appearance; a missing key is null', async () => {
  const loaded = await load('keys.json', '[{"b":1},{"a":"x","b":2},{"c":true}]');
  assert.equal(
    loaded.table.schema.fields.map((f) => f.name),
    ['b', 'a', 'c'],
  );
  const s = storageOf(loaded);
  assert.equal(s.a.valid, [false, true, false]);
  assert.equal(s.c.valid, [false, false, true]);
  assert.equal(loaded.types, { b: 'integer', a: 'char', c: 'boolean' });
});

test('JSON types map directly: numbers, booleans, ISO strings; other strings stay char', async () => {
  const loaded = await load(
    'types.json',
    JSON.stringify([
      { n: 1, f: 0.5, b: false, d: '2024-01-02', dt: '2024-01-02 03:04:05', t: '03:04', s: '12', e: '' },
    ]),
  );
  assert.equal(loaded.types, {
    n: 'integer',
    f: 'float',
    b: 'boolean',
    d: 'date',
    dt: 'datetime',
    t: 'time',
    s: 'char',
    e: 'char',
  });
  assert.equal(storageOf(loaded).e.dictionary, ['']);
});

test('numbers mixed with strings become char, numbers as String(v)', async () => {
  const loaded = await load('mixed.json', '[{"a":1.50},{"a":"x"},{"a":true},{"a":2}]');
  assert.is(loaded.types.a, 'char');
  assert.equal(storageOf(loaded).a.dictionary, ['1.5', '2', 'true', 'x']);
});

test('an ISO date column that meets another string becomes char with the original texts', async () => {
  const loaded = await load('dates.json', '[{"a":"2024-01-02"},{"a":"2024-01-02 10:00"},{"a":"soon"}]');
  assert.is(loaded.types.a, 'char');
  assert.equal(storageOf(loaded).a.dictionary, ['2024-01-02', '2024-01-02 10:00', 'soon']);
});

test('integers beyond 2^53 are re-read exactly and become biginteger', async () => {
  const loaded = await load('big.json', '[{"a":1,"b":1},{"a":9007199254740993,"b":-9223372036854775808}]');
  assert.equal(loaded.types, { a: 'biginteger', b: 'biginteger' });
  assert.equal(storageOf(loaded).a.values, ['1', '9007199254740993']);
  assert.equal(storageOf(loaded).b.values, ['1', '-9223372036854775808']);
});

test('an integer beyond Int64 is kept verbatim as char', async () => {
  const loaded = await load('huge.json', '[{"a":1},{"a":12345678901234567890}]');
  assert.is(loaded.types.a, 'char');
  assert.equal(storageOf(loaded).a.dictionary, ['1', '12345678901234567890']);
});

test('invalid JSON is a LoadError with line and column', async () => {
  const err = await errorOf(() => load('bad.json', '[{"a":1},\n {"a": 2,}]'));
  assert.is(
    err.message,
    "bad.json: invalid JSON at line 2, column 10: expected a double-quoted property name, found '}'. Fix the syntax.",
  );
  const literal = await errorOf(() => load('literal.json', '[{"a":1},\n {"a": tru}]'));
  assert.is(literal.message, "literal.json: invalid JSON at line 2, column 8: unexpected 't'. Fix the syntax.");
  const cut = await errorOf(() => load('cut.json', '[{"a":1}'));
  assert.is(
    cut.message,
    "cut.json: invalid JSON at line 1, column 9: expected ',' or ']' in an array, found end of input. Fix the syntax.",
  );
});

test('a JSON document that is not an array of objects is a LoadError', async () => {
  assert.is(
    (await errorOf(() => load('obj.json', '{"a":[1]}'))).message,
    'obj.json: expected a JSON array of objects, found an object. Wrap the rows in [ ] or use NDJSON (.ndjson).',
  );
  assert.is(
    (await errorOf(() => load('row.json', '[{"a":1},[1]]'))).message,
    'row.json row 2: expected an object, found an array. Every array element must be an object.',
  );
  assert.is(
    (await errorOf(() => load('none.json', '[]'))).message,
    'none.json holds an empty array, so it names no columns. Add at least one object.',
  );
  assert.is(
    (await errorOf(() => load('empty.json', ' \n'))).message,
    'empty.json is empty: expected a JSON array of objects.',
  );
});

test('an object or array value is a LoadError naming row and column', async () => {
  assert.is(
    (await errorOf(() => load('nested.json', '[{"a":1},{"a":{"x":1}}]'))).message,
    'nested.json row 2, column "a": {"x":1} is an object; only strings, numbers, booleans and null can be loaded. Flatten the data or drop the key.',
  );
  assert.is(
    (await errorOf(() => load('list.json', '[{"tags":[1,2]}]'))).message,
    'list.json row 1, column "tags": [1,2] is an array; only strings, numbers, booleans and null can be loaded. Flatten the data or drop the key.',
  );
});

test('columns keep source order even with integer-like keys, which JS objects list first', async () => {
  const loaded = await load('years.json', '[{"name":"a","1962":1,"1963":2},{"name":"b","1961":0,"1962":3}]');
  assert.equal(
    loaded.table.schema.fields.map((f) => f.name),
    ['name', '1962', '1963', '1961'],
  );
  assert.equal(storageOf(loaded)['1961'].valid, [false, true]);
  const nd = await loadTable(tempFile('years.ndjson', '{"name":"a","10":1}\n{"2":2}\n'));
  assert.equal(
    nd.table.schema.fields.map((f) => f.name),
    ['name', '10', '2'],
  );
});

test('a key named __proto__ is an ordinary column', async () => {
  const loaded = await load('proto.json', '[{"__proto__":1,"a":2}]');
  assert.equal(
    loaded.table.schema.fields.map((f) => f.name),
    ['__proto__', 'a'],
  );
});

test.run();
