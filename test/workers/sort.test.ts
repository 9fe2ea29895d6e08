// Tests: the pure compute module workers/sort.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../src/common/random.ts';
import { sortValues } from '../../workers/sort.ts';

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

test('other typed arrays use the built-in sort', () => {
  const a = Int32Array.from([3, -1, 2]);
  sortValues(a);
  assert.equal([...a], [-1, 2, 3]);
});

test.run();
