// Tests: two short Int32 dimensions counted in one pass with the mask as weight (workers/group/pair.ts), through directGroups, against a Map.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { directGroups } from '../../../workers/group/direct.ts';
import type { Groups } from '../../../workers/group/group.ts';
import { countPair, isDense } from '../../../workers/group/pair.ts';
import { date, dict, i32, makeColumns } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

/** Groups as [value, value, count] rows. */
const toRows = (g: Groups) =>
  Array.from({ length: g.size }, (_, i) => [...g.dims.map((d) => d.values[d.ranks[i]]), g.counts[i]]);

/** The oracle: the masked rows' pairs counted in a Map, ascending by the first value then the second. */
function oracle(a: (number | string)[], b: (number | string)[], mask: Uint8Array | null): (number | string)[][] {
  const counts = new Map<string, [number | string, number | string, number]>();
  for (let i = 0; i < a.length; i++) {
    if (mask && !mask[i]) continue;
    const key = JSON.stringify([a[i], b[i]]);
    const hit = counts.get(key) ?? [a[i], b[i], 0];
    hit[2]++;
    counts.set(key, hit);
  }
  const cmp = (x: number | string, y: number | string) => (x === y ? 0 : x < y ? -1 : 1);
  return [...counts.values()].sort((x, y) => cmp(x[0], y[0]) || cmp(x[1], y[1]));
}

test('Int32 values (negative too), dates and codes without nulls: the Map counts, with no mask, a dense one and a sparse one', () => {
  const random = mulberry32(71);
  const rows = 20_000;
  const int = (lo: number, span: number) => Array.from({ length: rows }, () => lo + Math.floor(random() * span));
  const n = int(-40, 90);
  const g = int(0, 20);
  const d = int(19_000, 400);
  const s = Array.from({ length: rows }, () => ['b', 'a', 'é', 'Z', 'c'][Math.floor(random() * 5)]);
  const { col } = makeColumns({ n: i32(n), g: i32(g), d: date(d), s: dict(s) });
  const data: Record<string, (number | string)[]> = { n, g, d, s };
  const dense = Uint8Array.from(g, (v) => (v < 10 ? 1 : 0)); // half the rows: one pass
  const sparse = Uint8Array.from({ length: rows }, () => (random() < 0.2 ? 1 : 0)); // 20%: the blocks
  assert.ok(isDense(dense) && !isDense(sparse));
  // What makes the pair path apply: no validity, Int32 values or codes.
  for (const k of ['n', 'g', 'd', 's']) assert.ok(col(k).validity === null && col(k).values instanceof Int32Array, k);
  for (const [x, y] of [
    ['n', 'g'],
    ['g', 'n'],
    ['d', 's'],
    ['s', 'n'],
  ])
    for (const mask of [null, dense, sparse]) {
      const got = directGroups([col(x), col(y)], mask, { nulls: true, maxGroups: 100_000 })!;
      assert.equal(
        toRows(got),
        oracle(data[x], data[y], mask),
        `${x} × ${y}, mask ${mask === null ? 'none' : mask === dense ? 'dense' : 'sparse'}`,
      );
    }
});

test('countPair reads rows 0..n-1 only (Arrow pads its buffers), each row adding its mask byte', () => {
  const av = Int32Array.of(1, 0, 1, 1, 7, 7); // the last two: padding past n
  const bv = Int32Array.of(0, 1, 1, 0, 7, 7);
  const slots = new Float64Array(4);
  countPair(av, bv, 0, 2, Uint8Array.of(1, 1, 0, 1, 1, 1), slots, 4);
  assert.equal([...slots], [0, 1, 2, 0]);
  const all = new Float64Array(4);
  countPair(av, bv, 0, 2, null, all, 4);
  assert.equal([...all], [0, 1, 2, 1]);
});

test('isDense: at least a third of the sampled rows', () => {
  const mask = new Uint8Array(61 * 150);
  for (let k = 0; k < 50; k++) mask[61 * k * 3] = 1; // 50 of 150 samples: exactly a third
  assert.ok(isDense(mask));
  mask[0] = 0;
  assert.not.ok(isDense(mask));
});

test.run();
