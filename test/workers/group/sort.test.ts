// Tests: the pure compute module workers/group/sort.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../../src/common/random.ts';
import { sortValues } from '../../../workers/group/sort.ts';

const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

test('sorts doubles exactly like TypedArray#sort, specials included', () => {
  const next = mulberry32(5);
  const specials = [
    0,
    -0,
    Infinity,
    -Infinity,
    NaN,
    Number.MIN_VALUE,
    -Number.MIN_VALUE,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    1,
    -1,
  ];
  for (const n of [10, 5000, 100_000]) {
    const a = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const r = next();
      a[i] =
        r < 0.05
          ? specials[Math.floor(next() * specials.length)]
          : r < 0.5
            ? Math.round((next() - 0.5) * 200)
            : (next() - 0.5) * 10 ** Math.floor(next() * 40 - 20);
    }
    const expected = a.slice().sort();
    sortValues(a);
    assert.ok(same(a, expected), `n=${n}`);
  }
});

test('works on a view into a larger buffer and on values that share high words', () => {
  const buf = new Float64Array(10_000);
  for (let i = 0; i < buf.length; i++) buf[i] = ((i * 7919) % 10_007) + 0.5;
  const view = buf.subarray(100, 9_100);
  const expected = view.slice().sort();
  const before = buf.slice(0, 100);
  sortValues(view);
  assert.ok(same(view, expected));
  assert.ok(same(buf.subarray(0, 100), before), 'outside the view untouched');
});

test('whole numbers in a narrow range (counting sort) and with -0 (radix) sort like the built-in', () => {
  const next = mulberry32(9);
  const ints = Float64Array.from({ length: 50_000 }, () => Math.floor(next() * 2000) - 1000);
  const withNegZero = Float64Array.from(ints, (v, i) => (i % 97 === 0 ? -0 : v));
  for (const a of [ints, withNegZero]) {
    const expected = a.slice().sort();
    sortValues(a);
    assert.ok(same(a, expected));
  }
});

test('decimals (counted, or radix-sorted as scaled integers) with -0 sort like the built-in', () => {
  const next = mulberry32(13);
  // [places, span]: a span of 2000·10^places slots is counted below 4n; wider ones take the 32-bit radix.
  for (const [places, span, negativeZeros] of [
    [1, 200, 0],
    [2, 130, 7],
    [3, 1000, 3],
    [3, 1e5, 5],
    [6, 1000, 2],
  ]) {
    const scale = 10 ** places;
    const a = Float64Array.from({ length: 20_000 }, (_, i) =>
      i < negativeZeros ? -0 : Math.round((next() - 0.2) * span * scale) / scale,
    );
    const expected = a.slice().sort();
    sortValues(a);
    assert.ok(same(a, expected), `${places} places over ${span}`);
  }
});

test('values on a common step (minute timestamps, prices in steps of 0.05) sort like the built-in', () => {
  const next = mulberry32(19);
  const start = Date.UTC(2001, 0, 1);
  const step = (n: number, f: (_: unknown, i: number) => number) => Float64Array.from({ length: n }, f);
  for (const a of [
    step(20_000, () => start + 60_000 * Math.floor(next() * 1e6)), // span 6·10^10 ms: 10^6 steps, radix
    step(20_000, () => start + 60_000 * Math.floor(next() * 5e4)), // 5·10^4 steps: counted
    step(20_000, (_, i) => (i === 7 ? -0 : i === 8 ? 0 : (Math.floor(next() * 4e5) - 2e5) / 20)), // ±10^4 in steps of 0.05
  ]) {
    const expected = a.slice().sort();
    sortValues(a);
    assert.ok(same(a, expected));
  }
});

test('values with more than six places, or a NaN among decimals, still sort like the built-in', () => {
  const next = mulberry32(17);
  const fine = Float64Array.from({ length: 10_000 }, () => Math.round(next() * 1e9) / 1e7);
  const withNaN = Float64Array.from({ length: 10_000 }, (_, i) => (i === 5000 ? NaN : Math.round(next() * 1e4) / 100));
  for (const a of [fine, withNaN]) {
    const expected = a.slice().sort();
    sortValues(a);
    assert.ok(same(a, expected));
  }
});

test('small typed arrays use the built-in sort', () => {
  const a = Int32Array.from([3, -1, 2]);
  sortValues(a);
  assert.equal([...a], [-1, 2, 3]);
});

test('32-bit integers (dates, times) of a narrow span and of a wide one sort like the built-in', () => {
  const next = mulberry32(12);
  const days = Int32Array.from({ length: 20_000 }, () => Math.floor(next() * 1500) - 700);
  const wide = Int32Array.from({ length: 20_000 }, () => Math.floor((next() - 0.5) * 2 ** 31));
  for (const a of [days, wide]) {
    const expected = a.slice().sort();
    sortValues(a);
    assert.equal([...a], [...expected]);
  }
});

test('a key column (each value once) with a few values repeated thousands of times counts back in order', () => {
  const next = mulberry32(5);
  const keys = Float64Array.from({ length: 30_000 }, (_, i) =>
    i < 20_000 ? 29_999 - i : 100 + Math.floor(next() * 5),
  );
  const expected = keys.slice().sort();
  sortValues(keys);
  assert.ok(same(keys, expected));
});

test.run();
