// Tests: the pure compute module workers/values/distinct.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distinctValues, VALUES_SPAN } from '../../../workers/values/distinct.ts';
import { MAX_SPAN } from '../../../workers/group/offsets.ts';
import { bool, date, dict, f64, i64, makeColumns, time } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

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

/** The oracle: the kept values counted in a Map, sorted ascending; the kept nulls counted apart. */
function oracle(values: (number | null)[], mask: Uint8Array | null) {
  const counts = new Map<number, number>();
  let nullCount = 0;
  values.forEach((v, i) => {
    if (mask !== null && mask[i] === 0) return;
    if (v === null) nullCount++;
    else counts.set(v, (counts.get(v) ?? 0) + 1);
  });
  const keys = [...counts.keys()].sort((a, b) => a - b);
  return { values: keys, counts: keys.map((k) => counts.get(k)!), nullCount };
}

test('integers and dates of short and wide spans agree with a Map under random masks: nulls, negatives, days before 1970', () => {
  const random = mulberry32(19);
  // Spans one below the short-span limit of values (counted straight from the column, offsets.ts),
  // at it and far past it (the kept values copied, then counted or sorted), offsets.ts's own
  // limit (the dist's, lower), and a tiny one.
  for (const span of [3, MAX_SPAN, VALUES_SPAN - 1, VALUES_SPAN, 10 * VALUES_SPAN]) {
    const min = -1000 - Math.floor(random() * 5000); // before 1970 as days
    const values = Array.from({ length: 4000 }, (_, i) =>
      i === 0 ? min : i === 1 ? min + span : random() < 0.1 ? null : min + Math.floor(random() * (span + 1)),
    );
    const { col } = makeColumns({ n: f64(values), d: date(values) });
    const masks = [
      null,
      Uint8Array.from(values, () => +(random() < 0.5)),
      Uint8Array.from(values, () => +(random() < 0.01)),
    ];
    for (const name of ['n', 'd'])
      for (const mask of masks)
        assert.equal(
          distinctValues(col(name), mask),
          oracle(values, mask),
          `${name} span ${span} mask ${mask?.length}`,
        );
  }
});

test('columns without nulls under sparse and dense masks, of lengths not a multiple of four, agree with a Map', () => {
  const random = mulberry32(23);
  // No nulls: the masked count reads the mask four rows at a time (workers/group/kept-count.ts).
  for (const length of [1, 6, 4001]) {
    const values = Array.from({ length }, () => 18_262 + Math.floor(random() * 1500));
    const words = values.map((v) => `w${v % 97}`);
    const { col } = makeColumns({ n: f64(values), d: date(values), s: dict(words) });
    for (const density of [0, 0.05, 0.5, 1]) {
      const mask = Uint8Array.from(values, () => +(random() < density));
      for (const name of ['n', 'd'])
        assert.equal(distinctValues(col(name), mask), oracle(values, mask), `${name}, ${length} rows, ${density}`);
      const kept = new Map<string, number>();
      words.forEach((w, i) => {
        if (mask[i] === 1) kept.set(w, (kept.get(w) ?? 0) + 1);
      });
      const keys = [...kept.keys()].sort();
      const expected = { values: keys, counts: keys.map((k) => kept.get(k)!), nullCount: 0 };
      assert.equal(distinctValues(col('s'), mask), expected, `s, ${length} rows, ${density}`);
    }
  }
});

test('infinities and NaN are not integers of a short span: sorted, NaN last', () => {
  const { col } = makeColumns({
    inf: f64([Infinity, null, Infinity, Infinity, null]),
    mixed: f64([2, -Infinity, 2, Number.NaN, 1]),
  });
  assert.equal(distinctValues(col('inf'), null), { values: [Infinity], counts: [3], nullCount: 2 });
  assert.equal(distinctValues(col('mixed'), null), {
    values: [-Infinity, 1, 2, Number.NaN],
    counts: [1, 1, 2, 1],
    nullCount: 0,
  });
});

test.run();
