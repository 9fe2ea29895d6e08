// Tests: workers/cluster/exact-points.ts — the grid cells' means in memory, exact and rounded once, against BigInt.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { roundRatio } from '../../../src/common/exact-round.ts';
import { createCellSums } from '../../../workers/cluster/exact-points.ts';
import { exact as scaled } from '../../helpers/exact.ts';

test('cell means are Σ c·z exact over the total count, rounded once (cancellation, tiny and huge z, big counts)', () => {
  const cases: [number, number][][] = [
    [
      [1, 1e16],
      [1, 1],
      [1, -1e16],
    ],
    [
      [3, 0.1],
      [7, 0.2],
      [2 ** 40, 0.3],
      [5, -0.6],
    ],
    [
      [1, 2 ** -1000],
      [2, 5e-324],
      [1, 3.5],
    ],
    [
      [9, 2 ** 950],
      [9, -(2 ** 950)],
      [1, 1.25],
    ],
    Array.from({ length: 500 }, (_, i) => [(i % 17) + 1, Math.sin(i) * 10 ** ((i % 7) - 3)] as [number, number]),
  ];
  const sums = createCellSums(cases.length, 1);
  cases.forEach((members, cell) => {
    for (const [c, z] of members) sums.add(cell, 0, c, z);
  });
  cases.forEach((members, cell) => {
    const w = members.reduce((s, [c]) => s + c, 0);
    const exact = members.reduce((s, [c, z]) => s + BigInt(c) * scaled(z), 0n);
    assert.is(sums.mean(cell, 0, w), roundRatio(exact, BigInt(w), -1074), `cell ${cell}`);
  });
  // 1e16 + 1 − 1e16 over 3 is 1/3, where sums in order give 0.
  assert.is(sums.mean(0, 0, 3), 1 / 3);
});

test.run();
