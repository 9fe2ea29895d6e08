// Tests: ranks of decimal floats from their scaled integers (workers/group/decimal.ts) against a plain oracle, and when it stands aside.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decimalRanks } from '../../../workers/group/decimal.ts';
import { rankFloats } from '../../../workers/group/radix.ts';
import { f64, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

/** The ranks a plain sort gives: each kept row's index among the distinct non-null kept values, nulls last. */
function oracle(values: (number | null)[], sel: number[]) {
  const kept = sel.map((i) => values[i]);
  const uniq = [...new Set(kept.filter((v) => v !== null))].sort((a, b) => (a as number) - (b as number)) as number[];
  return { ranks: kept.map((v) => (v === null ? uniq.length : uniq.indexOf(v))), uniq };
}

function ranksOf(values: (number | null)[], sel: number[]) {
  const { col } = makeColumns({ v: f64(values) });
  const c = col('v');
  const s = Int32Array.from(sel);
  return decimalRanks(c.values as Float64Array, c.validity, c.offset, s);
}

test('decimals of 0 to 6 places, negatives and nulls, under a selection: the plain oracle, to the value', () => {
  const rnd = mulberry32(21);
  for (const places of [0, 1, 2, 3, 6]) {
    const values = Array.from(
      { length: 4_000 },
      () => (rnd() < 0.1 ? null : Math.round((rnd() - 0.5) * 2000) / 10 ** places + 0), // no -0; 2,000 slots
    );
    const sel = values.map((_, i) => i).filter(() => rnd() < 0.6);
    const got = ranksOf(values, sel);
    assert.ok(got !== null, `${places} places are decimal`);
    const want = oracle(values, sel);
    assert.equal({ ranks: Array.from(got.ranks), uniq: Array.from(got.uniq) }, want);
  }
});

test('a single value, every value null, and an empty selection', () => {
  const one = ranksOf([2.5, 2.5, 2.5], [0, 2]);
  assert.equal([Array.from(one?.ranks ?? []), Array.from(one?.uniq ?? [])], [[0, 0], [2.5]]);
  const nulls = ranksOf([null, null], [0, 1]);
  assert.equal([Array.from(nulls?.ranks ?? []), nulls?.uniq.length], [[0, 0], 0]);
  assert.is(ranksOf([1.5], [])?.ranks.length, 0);
});

test('stands aside (null) for values that are no short decimals, NaN, infinities, -0, or too wide a range', () => {
  assert.is(ranksOf([0.1 + 0.2, 1, 2], [0, 1, 2]), null); // 0.30000000000000004
  assert.is(ranksOf([Math.PI, 1], [0, 1]), null);
  assert.is(ranksOf([1.5, Number.NaN], [0, 1]), null);
  assert.is(ranksOf([1.5, Number.POSITIVE_INFINITY], [0, 1]), null);
  assert.is(ranksOf([1.5, -0], [0, 1]), null);
  assert.is(ranksOf([0, 1e9], [0, 1]), null); // a range of 10^9 slots for two rows
  assert.ok(ranksOf([0.5, 0.123], [0, 1]) !== null); // 3 places: decimal
  // The scale is chosen on the first 64 values; every later one is checked against it.
  const late = [...Array.from({ length: 100 }, (_, i) => i / 100), Math.PI];
  assert.is(
    ranksOf(
      late,
      late.map((_, i) => i),
    ),
    null,
  );
  assert.ok(
    ranksOf(
      late.slice(0, 100),
      late.slice(0, 100).map((_, i) => i),
    ) !== null,
  );
});

test('rankFloats answers as before through it, and through its own sort when it stands aside', () => {
  const rnd = mulberry32(5);
  for (const decimal of [true, false]) {
    const values = Array.from({ length: 3_000 }, () => {
      const v = (rnd() - 0.3) * 100;
      return rnd() < 0.05 ? null : decimal ? Math.round(v * 100) / 100 : v;
    });
    const sel = values.map((_, i) => i).filter(() => rnd() < 0.7);
    const { col } = makeColumns({ v: f64(values) });
    const c = col('v');
    const got = rankFloats(c.values as Float64Array, c.validity, c.offset, Int32Array.from(sel));
    assert.equal({ ranks: Array.from(got?.ranks ?? []), uniq: Array.from(got?.uniq ?? []) }, oracle(values, sel));
    assert.is(ranksOf(values, sel) !== null, decimal);
  }
});

test.run();
