// Tests: the pure compute module workers/group/rank.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { foldRanks, rankDimension, rankOf } from '../../../workers/group/rank.ts';
import { bool, dict, f64, i64, makeColumns } from '../table.ts';

const all = (n: number) => Int32Array.from({ length: n }, (_, i) => i);
const wide = Array.from({ length: 30_000 }, (_, i) => (i * 7919) % 100_003); // integers over a range > 2^16

const { col } = makeColumns({
  s: dict(['b', 'a', null, 'b', 'a']),
  b: bool([true, null, false, true, false]),
  small: f64([2000, 1990, null, 2000, 1995]),
  frac: f64([0.5, 1.5, null, 0.25, 0.5]),
  big: i64([3n, -1n, null, 3n, 9007199254740993n]),
});
const { col: w } = makeColumns({ wide: f64(wide) });

const ranks = (name: string) => {
  const c = col(name),
    dim = rankDimension(c, all(5))!;
  const keys = new Int32Array(5);
  foldRanks(c, all(5), dim, keys);
  assert.equal(
    Array.from(keys),
    [0, 1, 2, 3, 4].map((i) => rankOf(c, dim, i)),
    'fold and rankOf agree',
  );
  return { mode: dim.mode, card: dim.card, ranks: Array.from(keys), values: Array.from(dim.values) };
};

test('dictionary codes and bits rank as they are, null last', () => {
  assert.equal(ranks('s'), { mode: 'codes', card: 3, ranks: [1, 0, 2, 1, 0], values: ['a', 'b'] });
  assert.equal(ranks('b'), { mode: 'codes', card: 3, ranks: [1, 2, 0, 1, 0], values: [0, 1] });
});

test('integers in a short range rank by offset from the minimum', () => {
  const r = ranks('small');
  assert.equal([r.mode, r.card, r.ranks], ['offset', 12, [10, 0, 11, 10, 5]]);
  assert.equal([r.values[0], r.values[10]], [1990, 2000]);
});

test('fractions and 64-bit integers rank by position among the sorted distinct values', () => {
  assert.equal(ranks('frac'), { mode: 'search', card: 4, ranks: [1, 2, 3, 0, 1], values: [0.25, 0.5, 1.5] });
  assert.equal(ranks('big'), {
    mode: 'search',
    card: 4,
    ranks: [1, 0, 3, 1, 2],
    values: ['-1', '3', '9007199254740993'],
  });
});

test('integers over a wide range rank through a table of present values', () => {
  const c = w('wide'),
    dim = rankDimension(c, all(wide.length))!;
  assert.is(dim.mode, 'table');
  const sorted = [...new Set(wide)].sort((a, b) => a - b);
  assert.equal(dim.values, sorted);
  assert.equal(
    [0, 1, 2, 29_999].map((i) => rankOf(c, dim, i)),
    [0, 1, 2, 29_999].map((i) => sorted.indexOf(wide[i])),
  );
});

test.run();
