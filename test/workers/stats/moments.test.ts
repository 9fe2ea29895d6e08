// Tests: sum, mean and sample deviation in workers/stats/moments.ts, on values a double cannot sum.
import { exact } from '../../helpers/exact.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { roundRatio } from '../../../src/common/exact-round.ts';
import { momentsOf } from '../../../workers/stats/moments.ts';

const T53 = 2 ** 53;
const near = (a: number | null, b: number, rel = 1e-12) =>
  assert.ok(a !== null && Math.abs(a - b) <= rel * Math.abs(b), `${a} ≉ ${b}`);

test('whole doubles each below 2^53: exact sum as text, mean rounded once, deviation about the exact mean', () => {
  // 2^53 − 4 … 2^53 − 1: sum 4·2^53 − 10 = 36028797018963958 (a double sum gives …960).
  // Mean 2^53 − 2.5 lies halfway between two doubles; the even one is 2^53 − 2 = 9007199254740990.
  // Deviations from 2^53 − 2.5 are ±0.5, ±1.5: Σd² = 5, so stddev = √(5/3).
  const m = momentsOf(Float64Array.of(T53 - 4, T53 - 3, T53 - 2, T53 - 1));
  assert.equal([m.sum, m.mean], ['36028797018963958', 9007199254740990]);
  near(m.stddev, Math.sqrt(5 / 3), 1e-15);
});

test('whole doubles: the sum is a number up to 2^53 and text beyond, negatives included', () => {
  assert.is(momentsOf(Float64Array.of(T53 - 1, 1)).sum, T53);
  assert.is(momentsOf(Float64Array.of(T53, 1)).sum, '9007199254740993');
  // −2^53 − 2^53 + 5 = −18014398509481979; mean −6004799503160659.67 → −6004799503160660 (spacing 1).
  const m = momentsOf(Float64Array.of(-T53, -T53, 5));
  assert.equal([m.sum, m.mean], ['-18014398509481979', -6004799503160660]);
  near(m.stddev, (T53 + 5) / Math.sqrt(3)); // a, a, b: sd = |a − b|/√3, worked out two tests below
});

test('9 copies of 2^53 + 1: exact sum, mean 2^53 (ties to even, as DuckDB avg), deviation exactly 0', () => {
  const m = momentsOf(new BigInt64Array(9).fill(2n ** 53n + 1n));
  // 9·9007199254740993 = 81064793292668937
  assert.equal(m, { sum: '81064793292668937', mean: 9007199254740992, stddev: 0 });
});

test('64-bit integers: sums beyond 2^63, negatives, the mean from the exact sum', () => {
  const max = 2n ** 63n - 1n,
    min = -(2n ** 63n);
  // 3·(2^63 − 1) = 27670116110564327421; the mean 2^63 − 1 rounds to 2^63.
  assert.equal(momentsOf(BigInt64Array.of(max, max, max)), { sum: '27670116110564327421', mean: 2 ** 63, stddev: 0 });
  // a, a, b with a = −2^63, b = 5: sum 2a + b = −18446744073709551611, mean (2a + b)/3 =
  // −6148914691236517201.67 → −6004799503160661·1024 (doubles 1024 apart there). Deviations
  // (a − b)/3 twice and 2(b − a)/3: Σd² = 2(a − b)²/3, so sd = √(Σd²/2) = |a − b|/√3.
  const m = momentsOf(BigInt64Array.of(min, min, 5n));
  assert.equal([m.sum, m.mean], ['-18446744073709551611', -6004799503160661 * 1024]);
  near(m.stddev, Number(2n ** 63n + 5n) / Math.sqrt(3));
});

test('64-bit integers far beyond 2^53 with a small spread keep their deviation', () => {
  // 2^56 + {10, 20, 62}: sum 3·2^56 + 92 = 216172782113783900 (text: beyond 2^53);
  // mean 2^56 + 30.67 → 2^56 + 32; Σd² = 10² + 20² + 62² − 92²/3 = 4568/3, sd = √(2284/3) ≈ 27.59.
  // In doubles the three values are 2^56 + {16, 16, 64}, and the deviation came out 27.71.
  const m = momentsOf(BigInt64Array.of(2n ** 56n + 10n, 2n ** 56n + 20n, 2n ** 56n + 62n));
  assert.equal([m.sum, m.mean], ['216172782113783900', 2 ** 56 + 32]);
  near(m.stddev, Math.sqrt(2284 / 3));
  // 2^60 + {0, 1, 2}: sd 1 (doubles cannot tell the three apart).
  near(momentsOf(BigInt64Array.of(2n ** 60n, 2n ** 60n + 1n, 2n ** 60n + 2n)).stddev, 1);
});

test('a constant set has deviation exactly 0 and its value as mean, floats included', () => {
  for (const x of [0.1, 0.7, 1 / 3, 1e-300, 123456.789, -2.5e15]) {
    for (const n of [2, 3, 7, 1000]) {
      const m = momentsOf(new Float64Array(n).fill(x));
      assert.equal([m.mean, m.stddev], [x, 0], `${n} × ${x}`);
    }
  }
  assert.equal(momentsOf(new Float64Array(5).fill(T53 - 1)), { sum: '45035996273704955', mean: T53 - 1, stddev: 0 });
});

test('floats: a double sum, the mean and the sample deviation', () => {
  // 0.5, 1.5, 2.5, 4: sum 8.5, mean 2.125; deviations −1.625, −0.625, 0.375, 1.875:
  // Σd² = 2.640625 + 0.390625 + 0.140625 + 3.515625 = 6.6875, sd = √(6.6875/3).
  const m = momentsOf(Float64Array.of(0.5, 1.5, 2.5, 4));
  assert.equal([m.sum, m.mean], [8.5, 2.125]);
  near(m.stddev, Math.sqrt(6.6875 / 3), 1e-15);
  // Far from 0, the deviation is still taken about the mean: 1e9 + {0.25, 0.5, 0.75}, sd 0.25.
  near(momentsOf(Float64Array.of(1e9 + 0.25, 1e9 + 0.5, 1e9 + 0.75)).stddev, 0.25);
});

test('one value: no deviation', () => {
  assert.equal(momentsOf(Float64Array.of(2.5)), { sum: 2.5, mean: 2.5, stddev: null });
  assert.equal(momentsOf(BigInt64Array.of(2n ** 62n)), { sum: '4611686018427387904', mean: 2 ** 62, stddev: null });
});

test('sum, mean and stddev are the one rounding of their exact values, whatever the order of the values', () => {
  // The oracle: each double as an exact integer multiple of 2^-1074 (its bits), BigInt sums.
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  for (let round = 0; round < 30; round++) {
    const xs = Float64Array.from({ length: 1000 }, () => (random() - 0.3) * 10 ** Math.floor(random() * 12 - 4));
    const s = xs.reduce((a, x) => a + exact(x), 0n),
      q = xs.reduce((a, x) => a + exact(x) ** 2n, 0n),
      n = BigInt(xs.length);
    const expected = {
      sum: roundRatio(s, 1n, -1074),
      mean: roundRatio(s, n, -1074),
      stddev: Math.sqrt(roundRatio(n * q - s * s, n * (n - 1n), -2148)),
    };
    assert.equal(momentsOf(xs), expected, `round ${round}`);
    assert.equal(momentsOf(xs.slice().sort()), expected, `round ${round}, sorted`);
    assert.equal(momentsOf(xs.slice().reverse()), expected, `round ${round}, reversed`);
  }
});

test.run();
