// Tests: stats over J(T)'s rows (workers/tree/stats.ts), worked out on the tiny tree (tree-tiny.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { treeStats } from '../../../workers/tree/stats.ts';
import { tiny } from './tiny.ts';

const { tree } = await tiny();
const pick = (s: ReturnType<typeof treeStats>) => [s.count, s.null_count, s.distinct, s.min, s.max, s.sum];

test('a child table: the values of its joined rows', () => {
  // Joined labs 0, 1, 2, 3, 6, 7: 12, 140, 14, 9, null, 13.
  const s = treeStats(tree, 'labs', 'value', null);
  assert.equal(pick(s), [5, 1, 5, 9, 140, 188]);
  assert.equal(s.quantiles!.p50, 13);
});

test('a lookup: one value per referencing row of J(T)', () => {
  // J(sites) rows: A (10), B (20), A (10).
  const s = treeStats(tree, 'sites', 'beds', null);
  assert.equal(pick(s), [3, 0, 2, 10, 20, 40]);
  assert.equal(s.mean, 40 / 3);
});

test('restricted to selected entities', () => {
  const p2 = Uint8Array.of(0, 1, 0, 0);
  assert.equal(pick(treeStats(tree, 'labs', 'value', p2)), [2, 0, 2, 9, 13, 22]);
  assert.equal(pick(treeStats(tree, 'sites', 'beds', p2)), [1, 0, 1, 10, 10, 10]);
  assert.equal(pick(treeStats(tree, 'patients', 'age', Uint8Array.of(0, 0, 1, 1))), [1, 1, 1, 50, 50, 50]);
});

test.run();
