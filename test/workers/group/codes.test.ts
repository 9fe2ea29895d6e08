// Tests: the pure compute module workers/group/codes.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countCodes } from '../../../workers/group/codes.ts';
import { bool, dict, f64, makeColumns } from '../table.ts';

const { col } = makeColumns({
  s: dict(['b', 'a', null, 'b', 'c']),
  t: dict(['b', 'a', 'a', 'b', 'c']),
  b: bool([true, null, false, true, true]),
  x: f64([1, 2, 3, 4, 5]),
});
const plain = (r: { counts: Float64Array; nullCount: number }) => [Array.from(r.counts), r.nullCount];

test('counts each dictionary code and the nulls', () => {
  assert.equal(plain(countCodes(col('s'), null)), [[1, 2, 1], 1]);
  assert.equal(plain(countCodes(col('t'), null)), [[2, 2, 1], 0]);
});

test('counts booleans false first', () => {
  assert.equal(plain(countCodes(col('b'), null)), [[1, 3], 1]);
});

test('counts only masked records', () => {
  const mask = Uint8Array.from([1, 0, 1, 1, 0]);
  assert.equal(plain(countCodes(col('s'), mask)), [[0, 2, 0], 1]);
  assert.equal(plain(countCodes(col('t'), mask)), [[1, 2, 0], 0]);
  assert.equal(plain(countCodes(col('b'), mask)), [[1, 2], 0]);
});

test('a numeric column has no codes', () => {
  assert.throws(() => countCodes(col('x'), null), /no codes/);
});

test.run();
