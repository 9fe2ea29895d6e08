// Tests: distribution points in flat typed arrays (src/common/flat-points.ts) read back exactly as made, across a thread hop.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pointAt, pointCount, toFlatBuffers, toFlatPoints } from '../../src/common/flat-points.ts';
import type { DistPoint } from '../../src/contract/tasks.ts';

// Numbers (integers, decimals, -0, beyond 2^53, dates as days), strings (empty, accented, astral), nulls.
const points: DistPoint[] = [
  { count: 3, values: [0, 's', null] },
  { count: 1, values: [-0, '', 18_262] },
  { count: 7, values: [0.1 + 0.2, 'é"\\', -1] },
  { count: 2, values: [2 ** 53 + 2, '😀x', 19_000] },
  { count: 9, values: [null, null, null] },
  { count: 4, values: [-1e-300, '12345678901234567890', 0] },
];

test('every point reads back as made, numbers bit for bit', () => {
  const flat = toFlatPoints(points, 3)!;
  assert.is(pointCount(flat), points.length);
  for (let j = 0; j < points.length; j++) {
    const p = pointAt(flat, j);
    assert.equal(p, points[j], `point ${j}`);
    assert.ok(Object.is(p.values[0], points[j].values[0]), `-0 kept at ${j}`);
  }
});

test('reads the same after moving its buffers to another thread', () => {
  const flat = toFlatPoints(points, 3)!;
  const moved = structuredClone(flat, { transfer: toFlatBuffers(flat) });
  assert.is(flat.counts.length, 0, 'the buffers were moved, not copied');
  assert.equal(
    Array.from({ length: pointCount(moved) }, (_, j) => pointAt(moved, j)),
    points,
  );
});

test('a plain list reads as itself; an empty one, uneven widths and other values are left plain', () => {
  assert.is(pointCount(points), points.length);
  assert.is(pointAt(points, 2), points[2]);
  assert.is(pointCount(toFlatPoints([], 1)!), 0);
  assert.is(
    toFlatPoints(
      [
        { count: 1, values: [1] },
        { count: 1, values: [1, 2] },
      ],
      1,
    ),
    null,
  );
  assert.is(toFlatPoints([{ count: 1, values: [true as unknown as number] }], 1), null);
});

test.run();
