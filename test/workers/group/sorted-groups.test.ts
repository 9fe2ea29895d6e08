// Tests: groups of one number column by sorting (workers/group/sorted-groups.ts) against a Map count of the rows.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sortedGroups } from '../../../workers/group/sorted-groups.ts';
import { f64, i64, makeColumns } from '../table.ts';

const all = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

test('counts each distinct value in ascending order, the nulls last when kept', () => {
  const values = [3.5, null, -1, 3.5, 0, null, 2, -1, 3.5];
  const { col } = makeColumns({ x: f64(values) });
  const g = sortedGroups(col('x'), all(values.length), true);
  assert.equal(Array.from(g.dims[0].values), [-1, 0, 2, 3.5]);
  assert.equal(Array.from(g.counts), [2, 1, 1, 3, 2]);
  assert.equal(Array.from(g.dims[0].ranks), [0, 1, 2, 3, 4]);
  const kept = Int32Array.from([0, 2, 3, 4, 6, 7, 8]); // the rows without a null
  assert.equal(Array.from(sortedGroups(col('x'), kept, false).counts), [2, 1, 1, 3]);
});

test('64-bit integers come back as decimal text, with their numbers', () => {
  const { col } = makeColumns({ b: i64([2n ** 60n, 5n, 2n ** 60n]) });
  const g = sortedGroups(col('b'), all(3), false);
  assert.equal(Array.from(g.dims[0].values), ['5', String(2n ** 60n)]);
  assert.equal(Array.from(g.dims[0].numbers), [5, 2 ** 60]);
  assert.equal(Array.from(g.counts), [1, 2]);
});

test.run();
