// Tests: group keys of tree distributions (workers/tree/keys.ts) past Int32 keys, through treeGroups.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { treeGroups } from '../../../workers/tree/dist.ts';
import { f64 } from '../table.ts';
import { makeTree } from './fixture.ts';

// 1300 rows. a…f: (m · row) mod 1300, permutations of 0..1299 (m prime to 1300). p1…p5: (m · (row >> 1))
// mod 650, so rows 2i and 2i + 1 share them; `row` tells those two apart. Values 0..n-1 rank as
// themselves, and sorted by their first column the groups below come in row order.
const ROWS = 1300;
const VALUES: Record<string, (r: number) => number> = {
  a: (r) => r,
  b: (r) => (7 * r) % ROWS,
  c: (r) => (11 * r) % ROWS,
  d: (r) => (17 * r) % ROWS,
  e: (r) => (19 * r) % ROWS,
  f: (r) => (21 * r) % ROWS,
  p1: (r) => r >> 1,
  p2: (r) => (3 * (r >> 1)) % 650,
  p3: (r) => (7 * (r >> 1)) % 650,
  p4: (r) => (9 * (r >> 1)) % 650,
  p5: (r) => (11 * (r >> 1)) % 650,
  row: (r) => r,
};
const columns = Object.fromEntries(
  Object.entries(VALUES).map(([name, v]) => [name, f64(Array.from({ length: ROWS }, (_, r) => v(r)))]),
);
const { tree } = await makeTree('t', { t: { key: 'a', columns } });

/** Every row its own group, groups in row order, each dimension's rank the row's value. */
const expectRowGroups = (names: string[]) => {
  const g = treeGroups(
    tree,
    't',
    names.map((column) => ({ dataset: 't', column, path: [] })),
    null,
    { nulls: true, maxGroups: 1e6 },
  );
  assert.is(g.size, ROWS);
  assert.ok(g.counts.every((c) => c === 1));
  names.forEach((name, k) => {
    assert.equal(
      Array.from(g.dims[k].ranks),
      Array.from({ length: ROWS }, (_, r) => VALUES[name](r)),
    );
  });
};

test('two dimensions (Int32 keys, built in place): one group per row, in order', () => {
  expectRowGroups(['a', 'f']);
});

test('three dimensions of 1301 ranks (Float64 keys): one group per row, in order', () => {
  expectRowGroups(['a', 'b', 'c']);
});

test('keys densified before they pass 2^53 keep rows apart that differ only in the last dimension', () => {
  // 651^5 · 1301 > 2^53: without densifying, rows 2i and 2i + 1 would share a key.
  expectRowGroups(['p1', 'p2', 'p3', 'p4', 'p5', 'row']);
});

test.run();
