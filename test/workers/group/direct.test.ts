// Tests: several code, boolean or short-span integer dimensions counted in one array of slots (workers/group/direct.ts), against a Map.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { directGroups } from '../../../workers/group/direct.ts';
import { MAX_SPAN } from '../../../workers/group/offsets.ts';
import type { Groups } from '../../../workers/group/group.ts';
import { bool, date, dict, f64, i32, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

type Value = number | string | boolean | null;

/** Groups as rows of values and a count, the null rank as null, booleans as 0/1. */
const toRows = (g: Groups) =>
  Array.from({ length: g.size }, (_, i) => [
    ...g.dims.map((d) => (d.ranks[i] === d.values.length ? null : d.values[d.ranks[i]])),
    g.counts[i],
  ]);

const compare = (a: Value, b: Value): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1); // strings by code point, as the dictionaries

/** The oracle: a Map over the tuples of the masked rows, ascending value by value, nulls last. */
function oracle(columns: Value[][], mask: Uint8Array | null, nulls: boolean): Value[][] {
  const counts = new Map<string, { tuple: Value[]; count: number }>();
  for (let i = 0; i < columns[0].length; i++) {
    const tuple = columns.map((c) => (typeof c[i] === 'boolean' ? Number(c[i]) : c[i]));
    if ((mask && !mask[i]) || (!nulls && tuple.includes(null))) continue;
    const key = JSON.stringify(tuple);
    const hit = counts.get(key) ?? { tuple, count: 0 };
    hit.count++;
    counts.set(key, hit);
  }
  return [...counts.values()]
    .sort((a, b) => {
      for (let d = 0; d < a.tuple.length; d++) {
        const c = compare(a.tuple[d], b.tuple[d]);
        if (c) return c;
      }
      return 0;
    })
    .map((e) => [...e.tuple, e.count]);
}

test('two to four dimensions of codes, bits and short spans count as a Map does, nulls kept or dropped, masked or not', () => {
  const random = mulberry32(13);
  const rows = 6000;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const s = Array.from({ length: rows }, () => (random() < 0.1 ? null : pick(['é', 'b', 'a', 'Z'])));
  const n = Array.from({ length: rows }, () => (random() < 0.1 ? null : 50 + Math.floor(random() * 30)));
  const b = Array.from({ length: rows }, () => (random() < 0.1 ? null : random() < 0.5));
  const d = Array.from({ length: rows }, () => (random() < 0.1 ? null : 19000 + Math.floor(random() * 9)));
  const { col } = makeColumns({ s: dict(s), n: f64(n), b: bool(b), d: date(d) });
  const data: Record<string, Value[]> = { s, n, b, d };
  const mask = Uint8Array.from({ length: rows }, () => (random() < 0.3 ? 1 : 0));
  for (const names of [
    ['n', 's'],
    ['s', 'b', 'd'],
    ['d', 'n', 'b', 's'],
  ])
    for (const nulls of [false, true])
      for (const m of [null, mask]) {
        const g = directGroups(names.map(col), m, { nulls, maxGroups: 100_000 })!;
        assert.equal(
          toRows(g),
          oracle(
            names.map((k) => data[k]),
            m,
            nulls,
          ),
          `${names} nulls=${nulls} mask=${!!m}`,
        );
      }
});

test('too many groups, a fraction or a wide span: tooMany, or not this path', () => {
  const { col } = makeColumns({
    a: f64([1, 2, 3, 4]),
    c: dict(['x', 'y', 'x', 'y']),
    x: f64([0.5, 1, 2, 3]),
    w: f64([0, 70_000, 1, 2]),
  });
  assert.ok(directGroups([col('a'), col('c')], null, { nulls: false, maxGroups: 3 })!.tooMany);
  assert.is(directGroups([col('a'), col('c')], null, { nulls: false, maxGroups: 4 })!.size, 4);
  assert.is(directGroups([col('x'), col('c')], null, { nulls: false, maxGroups: 9 }), null);
  assert.is(directGroups([col('w'), col('c')], null, { nulls: false, maxGroups: 9 }), null);
});

test('negative integers, days before 1970 and spans at the short-span limit, under sparse and dense masks', () => {
  const random = mulberry32(29);
  const rows = 9000; // two full blocks of 4,096 rows and a partial one
  const n = Array.from({ length: rows }, (_, i) =>
    i === 0
      ? -40_000
      : i === 1
        ? -40_000 + MAX_SPAN - 1
        : random() < 0.05
          ? null
          : -40_000 + Math.floor(random() * MAX_SPAN),
  );
  const d = Array.from({ length: rows }, () => (random() < 0.05 ? null : -3 - Math.floor(random() * 40)));
  const s = Array.from({ length: rows }, () => (random() < 0.05 ? null : random() < 0.5 ? 'a' : 'b'));
  const { col } = makeColumns({
    n: f64(n),
    d: date(d),
    s: dict(s),
    wide: f64([...n.slice(0, rows - 1), -40_000 + MAX_SPAN]),
  });
  const sparse = Uint8Array.from({ length: rows }, () => +(random() < 0.05));
  const dense = Uint8Array.from({ length: rows }, () => +(random() < 0.5));
  const unaligned = new Uint8Array(rows + 1).subarray(1); // not on a 32-bit word: read a byte a row
  unaligned.set(sparse);
  for (const names of [
    ['d', 'n'],
    ['s', 'd'],
  ])
    for (const nulls of [false, true])
      for (const m of [null, sparse, dense, unaligned]) {
        const g = directGroups(names.map(col), m, { nulls, maxGroups: 1e6 })!;
        const data: Record<string, Value[]> = { n, d, s };
        assert.equal(
          toRows(g),
          oracle(
            names.map((k) => data[k]),
            m,
            nulls,
          ),
          `${names} nulls=${nulls} mask=${m?.[0]}`,
        );
      }
  // A span of MAX_SPAN values is the longest counted in slots; one more is not this path.
  assert.is(directGroups([col('d'), col('wide')], null, { nulls: false, maxGroups: 1e6 }), null);
});

test('Int32 integers of a length past whole words, masked in the last rows only or at random, count as a Map does', () => {
  const random = mulberry32(23);
  const rows = 4103; // a block of 4,096 rows, then 7: one whole word and 3 rows past it
  const a = Array.from({ length: rows }, () => (random() < 0.05 ? null : Math.floor(random() * 9) - 4));
  const b = Array.from({ length: rows }, () => Math.floor(random() * 5));
  const { col } = makeColumns({ a: i32(a), b: i32(b) });
  const tail = Uint8Array.from({ length: rows }, (_, i) => +(i >= rows - 3));
  const some = Uint8Array.from({ length: rows }, () => +(random() < 0.02));
  for (const m of [tail, some])
    for (const nulls of [false, true]) {
      const g = directGroups([col('a'), col('b')], m, { nulls, maxGroups: 1e6 })!;
      assert.equal(toRows(g), oracle([a, b], m, nulls), `nulls=${nulls}`);
    }
});

test.run();
