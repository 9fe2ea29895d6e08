// Tests: the pure compute module workers/group/radix.ts, against plain sort-based oracles.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { groupCounts } from '../../../workers/group/group.ts';
import { groupRanks, rankFloats } from '../../../workers/group/radix.ts';
import { rankDimension } from '../../../workers/group/rank.ts';
import { dict, f64, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

/** The oracle: the kept values sorted by the built-in sort, runs by `!==` keeping their first value, ranks by `===`. */
function oracle(values: (number | null)[], sel: number[]): { ranks: number[]; uniq: number[] } {
  const kept = Float64Array.from(sel.map((i) => values[i]).filter((v) => v !== null) as number[]).sort();
  const uniq = Array.from(kept).filter((v, k) => k === 0 || v !== kept[k - 1]);
  const ranks = sel.map((i) => (values[i] === null ? uniq.length : uniq.indexOf(values[i] as number)));
  return { ranks, uniq };
}

function ranked(values: (number | null)[], sel: number[]) {
  const { col } = makeColumns({ x: f64(values) });
  const c = col('x');
  const got = rankFloats(c.values as Float64Array, c.validity, c.offset, Int32Array.from(sel));
  return got && { ranks: Array.from(got.ranks), uniq: Array.from(got.uniq) };
}

const isNegativeZero = (v: number) => v === 0 && 1 / v < 0;

test('ranks floats as the sorted distinct values do: negatives, ±Infinity, ties, nulls last', () => {
  const values = [3.5, -2, null, Infinity, 3.5, -Infinity, 1e-300, -1e-300, null, 2 ** 60, -2];
  const sel = values.map((_, i) => i);
  assert.equal(ranked(values, sel), oracle(values, sel));
  assert.equal(ranked(values, sel)!.ranks, [4, 1, 7, 6, 4, 0, 3, 2, 7, 5, 1]);
});

test('-0 and +0 are one value, labelled -0 when a -0 is kept (the built-in sort puts it first)', () => {
  const got = ranked([0, -0, 1, -1, 0], [0, 1, 2, 3, 4])!;
  assert.equal(got.ranks, [1, 1, 2, 0, 1]);
  assert.ok(isNegativeZero(got.uniq[1]));
  const plus = ranked([0, -0, 1], [0, 2])!;
  assert.equal(plus.ranks, [0, 1]);
  assert.not.ok(isNegativeZero(plus.uniq[0]), 'no -0 among the kept rows: +0');
});

test('only the rows selected count, ranks by position in the selection; NaN leaves the column to the search path', () => {
  const values = [5, 1, 9, 1, 7, null, 3];
  assert.equal(ranked(values, [6, 2, 5, 3]), oracle(values, [6, 2, 5, 3]));
  assert.equal(ranked(values, []), { ranks: [], uniq: [] });
  assert.equal(ranked([null, null], [0, 1]), { ranks: [0, 0], uniq: [] });
  assert.is(ranked([1, Number.NaN, 2], [0, 1, 2]), null);
  assert.equal(ranked([1, Number.NaN, 2], [0, 2]), { ranks: [0, 1], uniq: [1, 2] }, 'NaN not selected');
  const { col } = makeColumns({ x: f64([2, Number.NaN, 1]) });
  assert.is(rankDimension(col('x'), Int32Array.of(0, 1, 2), Number.POSITIVE_INFINITY, true)!.ranks, undefined);
});

test('many random doubles with repeats, every sign and magnitude, a masked half: as the oracle', () => {
  const rand = mulberry32(18);
  const pool = Array.from({ length: 3000 }, () => (rand() - 0.5) * 10 ** Math.floor(rand() * 12 - 4));
  const values = Array.from({ length: 20_000 }, () => (rand() < 0.05 ? null : pool[Math.floor(rand() * pool.length)]));
  const sel = values.map((_, i) => i).filter(() => rand() < 0.5);
  assert.equal(ranked(values, sel), oracle(values, sel));
});

/** The oracle for rank tuples: sorted by a comparator, runs counted. */
function tupleOracle(ranks: number[][]): { counts: number[]; ranks: number[][] } {
  const rows = ranks[0].map((_, p) => ranks.map((r) => r[p]));
  rows.sort((a, b) => {
    for (let d = 0; d < a.length; d++) if (a[d] !== b[d]) return a[d] - b[d];
    return 0;
  });
  const out: number[][] = [],
    counts: number[] = [];
  rows.forEach((row, k) => {
    if (k > 0 && row.every((v, d) => v === rows[k - 1][d])) counts[counts.length - 1]++;
    else out.push(row) && counts.push(1);
  });
  return { counts, ranks: ranks.map((_, d) => out.map((row) => row[d])) };
}

test('groups rank tuples in lexicographic order with their counts, for 1 to 4 dimensions and any card', () => {
  const rand = mulberry32(7);
  for (const cards of [[5], [3, 1 << 20], [1 << 24, 2], [1, 7, 300, 1 << 13]]) {
    const ranks = cards.map((c) => Array.from({ length: 5000 }, () => Math.floor(rand() ** 3 * c)));
    const got = groupRanks(
      ranks.map((r) => Int32Array.from(r)),
      cards,
    );
    assert.equal({ counts: Array.from(got.counts), ranks: got.ranks.map((r) => Array.from(r)) }, tupleOracle(ranks));
  }
  assert.equal(groupRanks([new Int32Array(0), new Int32Array(0)], [4, 4]).counts.length, 0);
});

test('a clustered dist of float × dict × float under a mask, nulls kept: the groups a plain scan counts', () => {
  const rand = mulberry32(3);
  const n = 30_000;
  const x = Array.from({ length: n }, () => (rand() < 0.03 ? null : Math.round(rand() * 1e6) / 7));
  const y = Array.from({ length: n }, () => (rand() < 0.03 ? null : -Math.round(rand() * 1e5) / 3));
  const s = Array.from({ length: n }, () => (rand() < 0.1 ? null : 'abc'[Math.floor(rand() * 3)]));
  const mask = Uint8Array.from({ length: n }, () => +(rand() < 0.6));
  const { col } = makeColumns({ x: f64(x), s: dict(s), y: f64(y) });
  const g = groupCounts([col('x'), col('s'), col('y')], mask, { nulls: true, maxGroups: Number.POSITIVE_INFINITY });
  const got = Array.from({ length: g.size }, (_, i) =>
    [...g.dims.map((d) => (d.ranks[i] === d.values.length ? null : d.values[d.ranks[i]])), g.counts[i]].join('|'),
  );
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = JSON.stringify([x[i], s[i], y[i]]);
    if (mask[i]) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const order = (a: number | string | null, b: number | string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  const expected = [...counts].sort(([a], [b]) => {
    const [pa, pb] = [JSON.parse(a), JSON.parse(b)];
    for (let d = 0; d < 3; d++) if (pa[d] !== pb[d]) return order(pa[d], pb[d]);
    return 0;
  });
  assert.equal(
    got,
    expected.map(([k, c]) => [...JSON.parse(k), c].join('|')),
  );
});

test.run();
