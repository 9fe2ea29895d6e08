// Tests: one rounding of exact quotients to the nearest double (src/common/exact-round.ts), beyond 2^53 and subnormal.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { roundRatio } from '../../src/common/exact-round.ts';

// A seeded generator, so a failure can be replayed.
let seed = 20260101;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};

test('roundRatio: rounds the exact quotient once, ties to even', () => {
  // 9·(2^53 + 1) / 9 = 2^53 + 1, halfway between 2^53 and 2^53 + 2: even wins, 2^53.
  // Number(9·(2^53 + 1)) / 9 would round twice and give 2^53 + 2.
  assert.is(roundRatio(9n * (2n ** 53n + 1n), 9n), 2 ** 53);
  assert.is(roundRatio(3n * (2n ** 53n + 3n), 3n), 2 ** 53 + 4); // 2^53 + 3: halfway, even is + 4
  assert.is(roundRatio(-(9n * (2n ** 53n + 1n)), 9n), -(2 ** 53));
  // (3·2^56 + 92) / 3 = 2^56 + 30.67; doubles there are 16 apart: 2^56 + 32.
  assert.is(roundRatio(3n * 2n ** 56n + 92n, 3n), 2 ** 56 + 32);
  // (−2^64 + 5) / 3 = −6148914691236517201.67; doubles there are 1024 apart, the nearest is
  // −6004799503160661·1024 (337.67 away; the next is 686.33 away).
  assert.is(roundRatio(-(2n ** 64n) + 5n, 3n), -6004799503160661 * 1024);
  assert.is(roundRatio(27670116110564327421n, 3n), 2 ** 63); // 2^63 − 1 rounds up to 2^63
  assert.is(roundRatio(7n, 2n), 3.5);
  assert.is(roundRatio(0n, 5n), 0);
});

test('roundRatio: no double is nearer the exact quotient than the answer (random, beyond 2^53)', () => {
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
    const x = roundRatio(num, BigInt(den)),
      k = 1100;
    const here = distance(num, BigInt(den), x, k);
    for (const y of [step(x, 1), step(x, -1)]) {
      assert.ok(here <= distance(num, BigInt(den), y, k), `${num}/${den}: ${y} is nearer than ${x}`);
    }
  }
});

test('roundRatio: subnormal results round once at 2^-1074; beyond the largest double, Infinity', () => {
  assert.is(roundRatio(3n, 2n, -1074), 2 * 5e-324); // 1.5 units: a tie, even is 2
  assert.is(roundRatio(5n, 2n, -1074), 2 * 5e-324); // 2.5 units: a tie, even is 2
  assert.is(roundRatio(7n, 4n, -1074), 2 * 5e-324); // 1.75 units
  assert.is(roundRatio(1n, 3n, -1074), 0); // a third of the smallest double
  assert.is(roundRatio(-1n, 1n, -1074), -5e-324);
  assert.is(roundRatio(1n, 1n, 1024), Infinity);
  assert.is(roundRatio(-(2n ** 53n - 1n), 1n, 971), -1.7976931348623157e308);
  assert.is(roundRatio(2n ** 54n - 1n, 1n, 970), Infinity); // rounds up to 2^1024
});

test.run();
