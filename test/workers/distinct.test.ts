// Tests: the pure compute module workers/distinct.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distinctValues } from '../../workers/distinct.ts';
import { bool, date, dict, f64, i64, makeColumns, time } from './table.ts';

const { col } = makeColumns({
  n: f64([3, 1, null, 3, 2.5, 10, null]),
  s: dict(['b', 'a', null, 'b', 'é', 'B', null]),
  b: bool([true, false, null, true, true, false, null]),
  big: i64([5n, -1n, 9007199254740993n, 5n, null, 5n, -1n]),
  d: date([19000, -3, 0, null, 19000, 7, 0]),
  t: time([5000, 0, 5000, null, 1, 1, 86_399_999]),
  emoji: dict(['😀', '～', '😀', 'z', null, null, null]),
});

test('numbers ascend numerically, not as text, with counts and the null count', () => {
  assert.equal(distinctValues(col('n'), null), { values: [1, 2.5, 3, 10], counts: [1, 1, 2, 1], nullCount: 2 });
});

test('strings ascend by code point, the dictionary order', () => {
  assert.equal(distinctValues(col('s'), null), { values: ['B', 'a', 'b', 'é'], counts: [1, 1, 2, 1], nullCount: 2 });
  // U+FF5E sorts before U+1F600 by code point, though its UTF-16 unit is larger than a surrogate.
  assert.equal(distinctValues(col('emoji'), null).values, ['z', '～', '😀']);
});

test('booleans come false first, as 0 and 1', () => {
  assert.equal(distinctValues(col('b'), null), { values: [0, 1], counts: [2, 3], nullCount: 2 });
});

test('64-bit integers come back as exact decimal text', () => {
  assert.equal(distinctValues(col('big'), null), {
    values: ['-1', '5', '9007199254740993'],
    counts: [2, 3, 1],
    nullCount: 1,
  });
});

test('dates and times ascend in storage units', () => {
  assert.equal(distinctValues(col('d'), null), { values: [-3, 0, 7, 19000], counts: [1, 2, 1, 2], nullCount: 1 });
  assert.equal(distinctValues(col('t'), null), {
    values: [0, 1, 5000, 86_399_999],
    counts: [1, 2, 2, 1],
    nullCount: 1,
  });
});

test('counts only the records the mask keeps, nulls included', () => {
  const mask = Uint8Array.from([1, 0, 1, 1, 0, 0, 0]);
  assert.equal(distinctValues(col('n'), mask), { values: [3], counts: [2], nullCount: 1 });
  assert.equal(distinctValues(col('s'), mask), { values: ['b'], counts: [2], nullCount: 1 });
  assert.equal(distinctValues(col('b'), mask), { values: [1], counts: [2], nullCount: 1 });
  assert.equal(distinctValues(col('big'), mask), { values: ['5', '9007199254740993'], counts: [2, 1], nullCount: 0 });
});

test('wide integer ranges and fractions take the sorting path, with the same order', () => {
  const { col: c } = makeColumns({ wide: f64([1e9, -1e9, 3, null, 3]), frac: f64([0.5, -2, 0.5, 1e-3, null]) });
  assert.equal(distinctValues(c('wide'), null), { values: [-1e9, 3, 1e9], counts: [1, 2, 1], nullCount: 1 });
  assert.equal(distinctValues(c('frac'), null), { values: [-2, 1e-3, 0.5], counts: [1, 1, 2], nullCount: 1 });
});

test('a mask that keeps nothing gives no values', () => {
  assert.equal(distinctValues(col('s'), new Uint8Array(7)), { values: [], counts: [], nullCount: 0 });
  assert.equal(distinctValues(col('n'), new Uint8Array(7)), { values: [], counts: [], nullCount: 0 });
});

test.run();
