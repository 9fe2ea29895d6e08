// Tests: nice bins for number axes (src/common/bins.ts), against widths and edges worked out by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toAutoBins, toBin, toBinLabel, toBins, toBinValue } from '../../src/common/bins.ts';

test('picks the smallest nice width that needs at most N bins', () => {
  // [0, 1] in 10: width 0.1 gives ⌈10⌉ − 0 = 10 bins.
  assert.equal(toBins(0, 1, 10, false), { width: 0.1, inv: 10, base: 0, count: 10, start: 0 });
  // [8, 24.8] in 10: 1 needs 17, 2 needs ⌈12.4⌉ − 4 = 9.
  assert.equal(toBins(8, 24.8, 10, false), { width: 2, inv: 0, base: 4, count: 9, start: 8 });
  // [-3.7, 12.2] in 5: 2 needs 7 − (−2) = 9, 5 needs 3 − (−1) = 4.
  assert.equal(toBins(-3.7, 12.2, 5, false), { width: 5, inv: 0, base: -1, count: 4, start: -5 });
  // [0.013, 0.0785] in 50: 0.002 needs 40 − 6 = 34 (0.001 needs 79 − 13 = 66).
  assert.equal(toBins(0.013, 0.0785, 50, false), { width: 0.002, inv: 500, base: 6, count: 34, start: 0.012 });
});

test('integer fields never get a width below 1', () => {
  assert.equal(toBins(3, 8, 100, true), { width: 1, inv: 0, base: 3, count: 5, start: 3 });
  assert.equal(toBins(3, 8, 100, false).width, 0.05);
});

test('a value on the top edge, or below the lowest, stays in the bins', () => {
  const spec = toBins(0, 1, 10, false);
  assert.is(toBin(1, spec), 9);
  assert.is(toBin(0.99, spec), 9);
  assert.is(toBin(0, spec), 0);
  assert.is(toBin(0.3, spec), 3);
  assert.is(toBin(0.29, spec), 2);
});

test('decimal edges are exact, as d3 ticks writes them', () => {
  const spec = toBins(0, 1, 10, false);
  assert.is(toBinValue(spec, 3), 0.3);
  assert.is(toBinValue(spec, 7), 0.7);
  assert.is(toBinLabel(spec, 2), '[0.2, 0.3)');
  assert.is(toBinLabel(spec, 9), '[0.9, 1]');
});

test('min = max gives one bin of width 0; no values give none', () => {
  const spec = toBins(5, 5, 10, false);
  assert.equal(spec, { width: 0, start: 5, count: 1, inv: 0, base: 0 });
  assert.is(toBin(5, spec), 0);
  assert.is(toBinLabel(spec, 0), '[5, 5]');
  assert.is(toBins(null, null, 10, false).count, 0);
});

test('bins=1 gives one bin, or two when the range crosses 0 (0 is always an edge)', () => {
  // [3, 8] in 1: 10 needs ⌈0.8⌉ − 0 = 1.
  assert.equal(toBins(3, 8, 1, true), { width: 10, inv: 0, base: 0, count: 1, start: 0 });
  // [-8, -3] in 1: 10 needs ⌈−0.3⌉ − (−1) = 1.
  assert.equal(toBins(-8, -3, 1, false), { width: 10, inv: 0, base: -1, count: 1, start: -10 });
  // [-3.7, 12.2] in 1: no width gives 1 bin; 20 gives ⌈0.61⌉ − (−1) = 2 (10 would need 3).
  const spec = toBins(-3.7, 12.2, 1, false);
  assert.equal(spec, { width: 20, inv: 0, base: -1, count: 2, start: -20 });
  assert.is(toBin(-3.7, spec), 0);
  assert.is(toBin(12.2, spec), 1);
  assert.is(toBinLabel(spec, 1), '[0, 20]');
});

test('auto takes Sturges, at most 100', () => {
  assert.is(toAutoBins(0), 1);
  assert.is(toAutoBins(1), 1);
  assert.is(toAutoBins(406), 10); // ⌈8.67⌉ + 1
  assert.is(toAutoBins(1024), 11);
  assert.is(toAutoBins(2 ** 200), 100);
});

test.run();
