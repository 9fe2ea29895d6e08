// Tests: the pure compute module workers/cluster/kdtree.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTree, type Tree } from '../../../workers/cluster/kdtree.ts';
import { mulberry32 } from '../vectors.ts';

function check(t: Tree, values: Float64Array, node: number): void {
  const { dims } = t;
  for (let p = t.start[node]; p < t.end[node]; p++) {
    for (let d = 0; d < dims; d++) {
      const v = values[t.perm[p] * dims + d];
      assert.ok(v >= t.lo[node * dims + d] && v <= t.hi[node * dims + d], 'box holds its points');
      assert.is(t.ordered[p * dims + d], v, 'tree-ordered copy');
    }
  }
  if (t.left[node] < 0) {
    const size = t.end[node] - t.start[node];
    const flat = Array.from({ length: dims }, (_, d) => t.lo[node * dims + d] === t.hi[node * dims + d]).every(Boolean);
    assert.ok(size <= 16 || flat, 'a leaf is small or all one point');
    return;
  }
  assert.is(t.start[t.left[node]], t.start[node]);
  assert.is(t.end[t.left[node]], t.start[t.right[node]]);
  assert.is(t.end[t.right[node]], t.end[node]);
  check(t, values, t.left[node]);
  check(t, values, t.right[node]);
}

test('every point sits in exactly one leaf, inside every box on its way down', () => {
  const r = mulberry32(1);
  for (const dims of [1, 2, 4]) {
    const values = Float64Array.from({ length: 3000 * dims }, () => Math.floor(r() * 50));
    const t = buildTree(values, dims);
    assert.equal(
      [...t.perm].sort((a, b) => a - b),
      Array.from({ length: 3000 }, (_, i) => i),
    );
    check(t, values, 0);
    assert.ok(t.depth <= Math.ceil(Math.log2(3000 / 8)), `depth ${t.depth}`);
  }
});

test('identical points make one leaf however many', () => {
  const t = buildTree(new Float64Array(100).fill(3), 2);
  assert.equal([t.nodes, t.left[0], t.end[0]], [1, -1, 50]);
});

test('no points, no nodes', () => {
  assert.is(buildTree(new Float64Array(0), 2).nodes, 0);
});

test.run();
