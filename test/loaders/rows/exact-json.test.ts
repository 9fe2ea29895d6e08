// The exact JSON parser: big integers, key order, error offsets.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { locateJsonError, parseJsonExact } from '../../../loaders/rows/exact-json.ts';

const show = (v: unknown) =>
  JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x instanceof Map ? Object.fromEntries(x) : x));

test('parses JSON like JSON.parse, keeping integers beyond 2^53 as bigint', () => {
  const text =
    '{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\n"],"b":{"c":9007199254740993,"d":-9007199254740992,"e":1e20}}';
  const parsed = parseJsonExact(text) as Map<string, Map<string, unknown>>;
  assert.is(parsed.get('b')!.get('c'), 9007199254740993n);
  assert.is(
    show(parsed),
    show({ a: [1, -2500, true, false, null, 'xé\n'], b: { c: 9007199254740993n, d: -9007199254740992, e: 1e20 } }),
  );
  assert.is(show(parseJsonExact('[1,{"x":[]}]')), JSON.stringify(JSON.parse('[1,{"x":[]}]')));
});

test('objects keep their source key order, integer-like keys included', () => {
  const parsed = parseJsonExact('{"b":1,"2":2,"a":3,"1":4,"b":5}') as Map<string, unknown>;
  assert.equal(
    [...parsed],
    [
      ['b', 5],
      ['2', 2],
      ['a', 3],
      ['1', 4],
    ],
  );
  assert.equal(Object.keys(JSON.parse('{"b":1,"2":2,"a":3,"1":4}')), ['1', '2', 'b', 'a']);
});

test('rejects what JSON.parse rejects, with the offset', () => {
  const cases: [string, number, string][] = [
    ['[1,]', 3, "unexpected ']'"],
    ['{"a" 1}', 5, "expected ':' after a property name, found '1'"],
    ['[01]', 2, "expected ',' or ']' in an array, found '1'"],
    ['"abc', 4, 'unterminated string'],
    ['[1] x', 4, "unexpected 'x' after the JSON value"],
    ['[-]', 2, "invalid number: expected a digit, found ']'"],
    ['"\\q"', 0, 'invalid escape in a string'],
  ];
  for (const [text, offset, reason] of cases) {
    assert.throws(() => JSON.parse(text));
    try {
      parseJsonExact(text);
      assert.unreachable(text);
    } catch (err) {
      assert.equal(err, { offset, reason }, text);
    }
  }
});

test('locates an error by line and column', () => {
  assert.equal(locateJsonError('[\n  1,\n  }', 'fallback'), { line: 3, column: 3, reason: "unexpected '}'" });
});

test.run();
