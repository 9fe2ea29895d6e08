// Tests: the exact sums and the correctly rounded division of workers/stats/exact.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { int32Totals, int64Sum, int64Totals, isWhole, toIntegerJson } from '../../../workers/stats/exact.ts';

const bigSum = (xs: ArrayLike<number | bigint>) => Array.from(xs, BigInt).reduce((a, b) => a + b, 0n);

// A seeded generator, so a failure can be replayed.
let seed = 20260101;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};

test('isWhole: whole numbers within ±2^53 only', () => {
  assert.ok(isWhole(Float64Array.of(-(2 ** 53), 2 ** 53, 0, -0, 3)));
  assert.ok(isWhole(new Float64Array(0)));
  assert.not.ok(isWhole(Float64Array.of(1, 2, 0.5)));
  assert.not.ok(isWhole(Float64Array.of(1, NaN)));
  assert.not.ok(isWhole(Float64Array.of(Infinity)));
  assert.not.ok(isWhole(Float64Array.of(2 ** 53 + 2)));
  assert.not.ok(isWhole(Float64Array.of(-(2 ** 60))));
});

test('int32Totals and int64Totals: Σx and Σx² agree with BigInt, extremes and chunks included', () => {
  const i32 = Int32Array.from({ length: (1 << 20) + 9 }, () => Math.floor((random() * 2 - 1) * 2 ** 31));
  i32.set([-(2 ** 31), 2 ** 31 - 1, 0], 0);
  const t32 = int32Totals(i32);
  assert.is(t32.sum, bigSum(i32));
  assert.is(
    t32.squares,
    Array.from(i32, (v) => BigInt(v) ** 2n).reduce((a, b) => a + b, 0n),
  );
  const i64 = BigInt64Array.from({ length: (1 << 18) + 5 }, () =>
    BigInt.asIntN(64, (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32))),
  );
  i64.set([-(2n ** 63n), 2n ** 63n - 1n, -1n, 0n], 0);
  const t64 = int64Totals(i64);
  assert.is(t64.sum, bigSum(i64));
  assert.is(
    t64.squares,
    Array.from(i64, (v) => v * v).reduce((a, b) => a + b, 0n),
  );
});

test('int64Sum: exact beyond 2^63 and with negatives, across the 2^20-value chunks', () => {
  const max = 2n ** 63n - 1n,
    min = -(2n ** 63n);
  assert.is(int64Sum(BigInt64Array.of(max, max, max)), 27670116110564327421n); // 3·(2^63 − 1)
  assert.is(int64Sum(BigInt64Array.of(min, min, 5n)), -18446744073709551611n); // −2^64 + 5
  assert.is(int64Sum(BigInt64Array.of(-1n, 1n, -(2n ** 32n), 2n ** 32n - 1n)), -1n);
  const many = new BigInt64Array((1 << 20) + 3).fill(max);
  assert.is(int64Sum(many), BigInt(many.length) * max);
  const mixed = BigInt64Array.from({ length: (1 << 20) + 7 }, () =>
    BigInt.asIntN(64, BigInt(Math.floor(random() * 2 ** 52)) << 12n),
  );
  assert.is(int64Sum(mixed), bigSum(mixed));
  assert.is(int64Sum(new BigInt64Array(0)), 0n);
});

test('int64Sum: reads a view that starts inside its buffer', () => {
  const all = BigInt64Array.of(100n, 2n ** 62n, 2n ** 62n, 7n);
  assert.is(int64Sum(all.subarray(1, 3)), 2n ** 63n);
});

test('toIntegerJson: a number up to 2^53 in magnitude, decimal text beyond', () => {
  assert.equal([2n ** 53n, -(2n ** 53n), 2n ** 53n + 1n, -(2n ** 53n) - 1n, 0n].map(toIntegerJson), [
    2 ** 53,
    -(2 ** 53),
    '9007199254740993',
    '-9007199254740993',
    0,
  ]);
});

test.run();
