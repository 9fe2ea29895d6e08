// Tests: the seeded generator and uniform draws (src/random.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { drawIndices, mulberry32 } from '../../src/common/random.ts';

test('mulberry32 is reproducible and in [0, 1)', () => {
  const a = mulberry32(42),
    b = mulberry32(42);
  for (let i = 0; i < 1000; i++) {
    const x = a();
    assert.is(x, b());
    assert.ok(x >= 0 && x < 1);
  }
  assert.is.not(mulberry32(1)(), mulberry32(2)());
});

test('drawIndices gives k distinct ascending indices, all of them when k ≥ n', () => {
  const d = drawIndices(100, 10, 7);
  assert.is(d.length, 10);
  assert.is(new Set(d).size, 10);
  assert.equal(
    d,
    [...d].sort((x, y) => x - y),
  );
  assert.ok(d.every((i) => i >= 0 && i < 100));
  assert.equal(drawIndices(5, 9, 1), [0, 1, 2, 3, 4]);
  assert.equal(drawIndices(0, 3, 1), []);
  assert.equal(drawIndices(100, 10, 7), d);
});

test('drawIndices is uniform: every index is drawn about equally often over many seeds', () => {
  const n = 20,
    k = 5,
    seeds = 20_000;
  const hits = new Array(n).fill(0);
  for (let s = 0; s < seeds; s++) for (const i of drawIndices(n, k, s)) hits[i]++;
  const expected = (seeds * k) / n; // 5000 per index
  for (const h of hits)
    assert.ok(Math.abs(h - expected) < expected * 0.06, `index drawn ${h} times, expected about ${expected}`);
});

test.run();
