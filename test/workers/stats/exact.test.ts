// Tests: the exact sums and the correctly rounded division of workers/stats/exact.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { int64Sum, toIntegerJson, toNearest, wholeSum } from '../../../workers/stats/exact.ts';

const T53 = 2 ** 53;
const bigSum = (xs: ArrayLike<number | bigint>) => Array.from(xs, BigInt).reduce((a, b) => a + b, 0n);

// A seeded generator, so a failure can be replayed.
let seed = 20260101;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};

test('wholeSum: exact where a double sum rounds, through both carries and back', () => {
  // 2^53 − 1 + 2^53 − 2 + 2^53 − 3 + 2^53 − 4 = 4·2^53 − 10 = 36028797018963958; doubles give …960.
  assert.is(wholeSum(Float64Array.of(T53 - 1, T53 - 2, T53 - 3, T53 - 4)), 36028797018963958n);
  // Up past 2^53, down past −2^53, back: 2^53 + 3 = 9007199254740995.
  assert.is(wholeSum(Float64Array.of(T53, T53, -T53, -T53, -T53, T53, T53, 3)), 9007199254740995n);
  assert.is(wholeSum(Float64Array.of(-T53, -T53, -1)), -18014398509481985n);
  assert.is(wholeSum(new Float64Array(0)), 0n);
  assert.is(wholeSum(Float64Array.of(-0, 0)), 0n);
});

test('wholeSum: agrees with a BigInt sum on random whole numbers up to ±2^53', () => {
  for (const scale of [1e6, 2 ** 40, T53]) {
    const xs = Float64Array.from({ length: 5000 }, () => Math.round((random() * 2 - 1) * scale));
    assert.is(wholeSum(xs), bigSum(xs), `scale ${scale}`);
  }
});

test('wholeSum: null for a fraction, NaN, an infinity, or a number beyond 2^53 that would carry', () => {
  assert.is(wholeSum(Float64Array.of(1, 2, 0.5)), null);
  assert.is(wholeSum(Float64Array.of(1, NaN)), null);
  assert.is(wholeSum(Float64Array.of(Infinity)), null);
  assert.is(wholeSum(Float64Array.of(-Infinity)), null);
  assert.is(wholeSum(Float64Array.of(2 ** 60)), null);
  assert.is(wholeSum(Float64Array.of(-(2 ** 60))), null);
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

test('toNearest: rounds the exact quotient once, ties to even', () => {
  // 9·(2^53 + 1) / 9 = 2^53 + 1, halfway between 2^53 and 2^53 + 2: even wins, 2^53.
  // Number(9·(2^53 + 1)) / 9 would round twice and give 2^53 + 2.
  assert.is(toNearest(9n * (2n ** 53n + 1n), 9), 2 ** 53);
  assert.is(toNearest(3n * (2n ** 53n + 3n), 3), 2 ** 53 + 4); // 2^53 + 3: halfway, even is + 4
  assert.is(toNearest(-(9n * (2n ** 53n + 1n)), 9), -(2 ** 53));
  // (3·2^56 + 92) / 3 = 2^56 + 30.67; doubles there are 16 apart: 2^56 + 32.
  assert.is(toNearest(3n * 2n ** 56n + 92n, 3), 2 ** 56 + 32);
  // (−2^64 + 5) / 3 = −6148914691236517201.67; doubles there are 1024 apart, the nearest is
  // −6004799503160661·1024 (337.67 away; the next is 686.33 away).
  assert.is(toNearest(-(2n ** 64n) + 5n, 3), -6004799503160661 * 1024);
  assert.is(toNearest(27670116110564327421n, 3), 2 ** 63); // 2^63 − 1 rounds up to 2^63
  assert.is(toNearest(7n, 2), 3.5);
  assert.is(toNearest(0n, 5), 0);
});

test('toNearest: no double is nearer the exact quotient than the answer (random, beyond 2^53)', () => {
  // The exact value of a finite double as a fraction m·2^e (m, e integers).
  const toFraction = (x: number): [bigint, number] => {
    let e = 0;
    while (!Number.isInteger(x)) {
      x *= 2;
      e--;
    }
    return [BigInt(x), e];
  };
  // |num/den − x| as a fraction over den·2^k, compared by numerators at a shared k.
  const distance = (num: bigint, den: bigint, x: number, k: number) => {
    const [m, e] = toFraction(x);
    const d = num * 2n ** BigInt(k) - m * den * 2n ** BigInt(k + e);
    return d < 0n ? -d : d;
  };
  const step = (x: number, dir: 1 | -1) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, Math.abs(x));
    view.setBigUint64(0, view.getBigUint64(0) + BigInt(x < 0 ? -dir : dir));
    return x < 0 ? -view.getFloat64(0) : view.getFloat64(0);
  };
  for (let i = 0; i < 300; i++) {
    const num =
      (BigInt(Math.floor(random() * 2 ** 52)) << BigInt(Math.floor(random() * 70))) * (random() < 0.5 ? -1n : 1n) +
      2n ** 54n;
    const den = 1 + Math.floor(random() * (random() < 0.5 ? 10 : 2 ** 31));
    const x = toNearest(num, den),
      k = 1100;
    const here = distance(num, BigInt(den), x, k);
    for (const y of [step(x, 1), step(x, -1)]) {
      assert.ok(here <= distance(num, BigInt(den), y, k), `${num}/${den}: ${y} is nearer than ${x}`);
    }
  }
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
