// Tests: exact sums of doubles (src/common/exact-sum.ts) and their §8 rounding (src/common/exact-round.ts), against BigInt oracles.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { roundRatio, toMoments, toTotalsOfGroups } from '../../src/common/exact-round.ts';
import { createExactSum, type ExactTotals } from '../../src/common/exact-sum.ts';

// A seeded generator, so a failure can be replayed.
let seed = 20261128;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};

const view = new DataView(new ArrayBuffer(8));
/** The oracle: a finite double as the exact integer x · 2^1074, from its bits. */
function exact(x: number): bigint {
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const e = Number((bits >> 52n) & 0x7ffn),
    f = bits & ((1n << 52n) - 1n);
  const m = e === 0 ? f : f | (1n << 52n);
  const v = m << BigInt(Math.max(e, 1) - 1);
  return bits >> 63n ? -v : v;
}
const nextUp = (x: number): number => {
  if (x === 0) return 5e-324;
  view.setFloat64(0, x);
  const b = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 ? b + 1n : b - 1n);
  return view.getFloat64(0);
};
const nextDown = (x: number) => -nextUp(-x);
const isEven = (x: number) => {
  view.setFloat64(0, x);
  return (view.getBigUint64(0) & 1n) === 0n;
};
const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * x is the double nearest num / den · 2^-(1074·k) (k = 1 or 2), ties to even: no neighbour of x
 * is nearer. Compared as integers: |num − den · x·2^(1074k)|.
 */
function assertNearest(x: number, num: bigint, den: bigint, k: 1 | 2, what: string) {
  const at = (y: number) => abs(num - den * (exact(y) << BigInt(1074 * (k - 1))));
  const d = at(x);
  for (const y of [nextUp(x), nextDown(x)]) {
    if (!Number.isFinite(y)) continue;
    const dy = at(y);
    assert.ok(d <= dy, `${what}: ${y} is nearer than ${x}`);
    if (d === dy) assert.ok(isEven(x), `${what}: a tie goes to the even ${y}, not ${x}`);
  }
}

const sumOf = (xs: number[]) => xs.reduce((s, x) => s + exact(x), 0n);
const squaresOf = (xs: number[]) => xs.reduce((s, x) => s + exact(x) ** 2n, 0n);
function totalsOf(xs: number[]): ExactTotals {
  const acc = createExactSum();
  acc.addRange(Float64Array.from(xs));
  return acc.toTotals();
}

/** Every moment of xs rounded once from the oracle's exact sums. */
function assertMoments(xs: number[], what: string) {
  const t = totalsOf(xs);
  assert.is(t.sum, sumOf(xs), `${what}: Σx`);
  assert.is(t.squares, squaresOf(xs), `${what}: Σx²`);
  const n = BigInt(xs.length),
    s = sumOf(xs);
  const m = toMoments(t, xs.length);
  assertNearest(m.sum as number, s, 1n, 1, `${what} sum`);
  assertNearest(m.mean, s, n, 1, `${what} mean`);
  if (xs.length > 1) {
    const v = m.stddev! ** 2; // the variance, up to the square root's own rounding: check round(M₂/(n−1)) directly
    assert.ok(Number.isFinite(v) || !Number.isFinite(m.stddev!));
    const variance = roundRatio(n * squaresOf(xs) - s * s, n * (n - 1n), -2148);
    assertNearest(variance, n * squaresOf(xs) - s * s, n * (n - 1n), 2, `${what} variance`);
    assert.is(m.stddev, Math.sqrt(variance), `${what} stddev`);
  }
}

test('sums worked out by hand: cancellation, 1e308 with 1, subnormals, 0.1 ten times', () => {
  const sum = (xs: number[]) => toMoments(totalsOf(xs), xs.length).sum;
  assert.is(sum([1e308, 1, -1e308]), 1); // a double sum gives 0
  assert.is(sum([1e308, 1e308, -1e308]), 1e308); // a double sum gives Infinity
  assert.is(sum([1e308, 1e308]), Infinity); // 2e308 is beyond the largest double
  assert.is(toMoments(totalsOf([1e308, 1e308]), 2).mean, 1e308); // the exact mean is a double
  assert.is(sum([5e-324, 5e-324, 5e-324]), 1.5e-323); // 3 · 2^-1074
  assert.is(sum([2 ** -1022, -5e-324]), 2 ** -1022 - 5e-324); // normal less a subnormal
  assert.is(sum(Array(10).fill(0.1)), 1); // Python's math.fsum doc: sum gives 0.9999999999999999
  assert.is(sum([0.1, 0.2, 0.3]), 0.6); // 0.1 + 0.2 + 0.3 gives 0.6000000000000001 in doubles
  assert.is(sum([2 ** 53, 1, 1]), 2 ** 53 + 2); // in order, doubles give 2^53
  assert.is(sum([-0, -0]), 0);
  assert.is(sum([]), 0);
  // mean of 1, 2, 2: 5/3 rounded once; stddev of 1, 2, 3, 4: √(5/3)
  assert.is(toMoments(totalsOf([1, 2, 2]), 3).mean, 5 / 3);
  assert.is(toMoments(totalsOf([1, 2, 3, 4]), 4).stddev, Math.sqrt(5 / 3));
  assert.is(toMoments(totalsOf([7.25, 7.25, 7.25]), 3).stddev, 0); // a constant column: exactly 0
});

test('adversarial sets agree with the BigInt oracle (sum, mean, variance rounded once)', () => {
  const sets: Record<string, number[]> = {
    cancellation: [1e308, 1, -1e308, -1, 1e-300, 3.5],
    huge: [1e308, 1e308, -1e308, 1.7976931348623157e308],
    subnormals: [5e-324, 1e-310, -2e-320, 2 ** -1022, 2.2250738585072009e-308],
    mixed: [-7.597, 7.597, 1e16, -1e16, 0.1, -0.30000000000000004, 1e-20],
    equal: Array(100_000).fill(0.1),
    squaresOverflow: [1.3e154, 1e200, -1e200, 3],
    squaresUnderflow: [1e-170, -1e-200, 2e-162],
  };
  for (const [what, xs] of Object.entries(sets)) assertMoments(xs, what);
});

test('random doubles over the whole exponent range agree with the oracle', () => {
  for (let round = 0; round < 20; round++) {
    const xs = Array.from({ length: 200 }, () => {
      const e = Math.floor(random() * 2 ** (1 + (round % 11)));
      const x = (random() * 2 - 1) * 2 ** (random() < 0.5 ? e - 1074 : Math.min(1023, e));
      return Number.isFinite(x) ? x : 1;
    });
    assertMoments(xs, `round ${round}`);
  }
});

test('the same bits whatever the order, the chunking, the split across accumulators', () => {
  const xs = Float64Array.from({ length: 200_000 }, () => (random() - 0.5) * 10 ** Math.floor(random() * 30 - 15));
  const whole = createExactSum();
  whole.addRange(xs);
  const expected = whole.toTotals();
  for (let round = 0; round < 5; round++) {
    const shuffled = xs.slice();
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const cuts = [
      0,
      ...Array.from({ length: 3 }, () => Math.floor(random() * xs.length)).sort((a, b) => a - b),
      xs.length,
    ];
    const merged = createExactSum();
    for (let k = 0; k + 1 < cuts.length; k++) {
      const part = createExactSum();
      part.addRange(shuffled, cuts[k], cuts[k + 1]);
      merged.merge(structuredClone(part.toParts())); // as it crosses a thread
    }
    assert.equal(merged.toTotals(), expected, `round ${round}`);
  }
  const one = createExactSum();
  for (const x of xs) one.add(x);
  assert.equal(one.toTotals(), expected, 'one at a time');
});

test('addTimes is adding the value that many times', () => {
  const a = createExactSum(),
    b = createExactSum();
  const runs: [number, number][] = [
    [0.1, 70_000],
    [-1e300, 3],
    [5e-324, 1],
    [1e300, 2 ** 33 + 5],
    [2.5, 0],
  ];
  for (const [x, c] of runs) a.addTimes(x, c);
  const t = a.toTotals();
  const sum = runs.reduce((s, [x, c]) => s + exact(x) * BigInt(c), 0n);
  const squares = runs.reduce((s, [x, c]) => s + exact(x) ** 2n * BigInt(c), 0n);
  assert.is(t.sum, sum);
  assert.is(t.squares, squares);
  b.addRange(Float64Array.from({ length: 70_000 }, () => 0.1));
  b.add(5e-324);
  const c = createExactSum();
  c.addTimes(0.1, 70_000);
  c.addTimes(5e-324, 1);
  assert.equal(c.toTotals(), b.toTotals());
});

test('infinities and NaN give what IEEE sums give', () => {
  assert.equal(toMoments(totalsOf([1, Infinity]), 2), { sum: Infinity, mean: Infinity, stddev: NaN });
  assert.equal(toMoments(totalsOf([-Infinity]), 1), { sum: -Infinity, mean: -Infinity, stddev: null });
  assert.ok(Number.isNaN(toMoments(totalsOf([Infinity, -Infinity]), 2).sum));
  assert.ok(Number.isNaN(toMoments(totalsOf([1, NaN]), 2).mean));
});

test('an integer sum beyond 2^53 is decimal text', () => {
  assert.is(toMoments(totalsOf([2 ** 53, 1]), 2, true).sum, '9007199254740993');
  assert.is(toMoments(totalsOf([2 ** 53, 1]), 2).sum, 2 ** 53);
  assert.is(toMoments(totalsOf([-3, 1]), 2, true).sum, -2);
});

test('an engine decomposition (sign, exponent, Σ mantissas, Σ mantissas²) gives the same totals', () => {
  const xs = [1e308, 1, -1e308, 5e-324, -2.5, 0.1, 0.1, -7.597, 0];
  const groups = new Map<
    string,
    { negative: boolean; exponent: number; count: number; mantissas: bigint; squares: bigint }
  >();
  for (const x of xs) {
    view.setFloat64(0, x);
    const bits = view.getBigUint64(0);
    const negative = bits >> 63n === 1n,
      exponent = Number((bits >> 52n) & 0x7ffn);
    const m = (bits & ((1n << 52n) - 1n)) | (exponent > 0 ? 1n << 52n : 0n);
    const key = `${negative}:${exponent}`;
    const g = groups.get(key) ?? { negative, exponent, count: 0, mantissas: 0n, squares: 0n };
    g.count++;
    g.mantissas += m;
    g.squares += m * m;
    groups.set(key, g);
  }
  const t = toTotalsOfGroups([...groups.values()]);
  assert.equal(t, totalsOf(xs));
  const inf = toTotalsOfGroups([{ negative: false, exponent: 2047, count: 2, mantissas: 2n << 52n, squares: 0n }]);
  assert.is(inf.posInf, 2);
  const nan = toTotalsOfGroups([
    { negative: false, exponent: 2047, count: 2, mantissas: (2n << 52n) + 1n, squares: 0n },
  ]);
  assert.is(nan.nan, 2);
});

test.run();
