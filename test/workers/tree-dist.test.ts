// Tests: grouped distinct-entity counts across tables joined row by row (workers/tree-dist.ts), on the tiny tree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findBase } from '../../src/catalog/tree-join.ts';
import type { DistParams } from '../../src/contract/tasks.ts';
import { treeDistribution } from '../../workers/tree-dist.ts';
import { tiny } from './tree-tiny.ts';

const { tree } = await tiny();
const params = (p: Partial<DistParams> = {}): DistParams => ({
  nulls: false,
  sort: 'fields',
  cluster: true,
  n: null,
  numeric: false,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  axes: [],
  ...p,
});
const dist = (dims: [string, string][], p: Partial<DistParams> = {}, selected: Uint8Array | null = null) => {
  const found = findBase(
    tree.shape,
    dims.map(([dataset, column]) => ({ dataset, column })),
  );
  if (found.base === null) throw new Error(found.message);
  const r = treeDistribution(tree, found.base, found.dimensions, selected, params(p));
  return { ...r, data: r.data.map((pt) => [...pt.values, pt.count]) };
};

test('labs joined to sites: distinct patients per (test, region)', () => {
  // Joined labs: 0 (p1, A north, hb), 1 (p1, A north, na), 2 (p1, B south, hb), 3 (p2, A north, hb),
  // 6 (p3, no site, na), 7 (p2, site Z dangles, hb).
  assert.equal(
    dist([
      ['labs', 'test'],
      ['sites', 'region'],
    ]).data,
    [
      ['hb', 'north', 2],
      ['hb', 'south', 1],
      ['na', 'north', 1],
    ],
  );
  const all = dist(
    [
      ['labs', 'test'],
      ['sites', 'region'],
    ],
    { nulls: true },
  );
  assert.equal(all.data, [
    ['hb', 'north', 2],
    ['hb', 'south', 1],
    ['hb', null, 1],
    ['na', 'north', 1],
    ['na', null, 1],
  ]);
  assert.is(all.size, 5);
});

test('visits joined to patients; sort by count', () => {
  // Joined visits: 0 (p1 F er), 1 (p1 F out), 2 (p2 M out), 3 (p3 F er), 5 (p2 M null kind).
  assert.equal(
    dist(
      [
        ['visits', 'kind'],
        ['patients', 'sex'],
      ],
      { sort: 'count' },
    ).data,
    [
      ['er', 'F', 2],
      ['out', 'F', 1],
      ['out', 'M', 1],
    ],
  );
});

test('one lookup dimension counts entities, not referencing rows', () => {
  assert.equal(dist([['sites', 'region']]).data, [
    ['north', 2],
    ['south', 1],
  ]);
  assert.equal(
    dist([
      ['sites', 'beds'],
      ['sites', 'region'],
    ]).data,
    [
      [10, 'north', 2],
      [20, 'south', 1],
    ],
  );
});

test('numeric dimensions go through outliers unchanged; a context restricts entities', () => {
  const r = dist(
    [
      ['labs', 'value'],
      ['patients', 'age'],
    ],
    { numeric: true },
  );
  assert.equal(
    [...r.data, ...r.outliers.map((pt) => [...pt.values, pt.count])].sort(
      (a, b) => (a[0] as number) - (b[0] as number),
    ),
    [
      [9, 40, 1],
      [12, 30, 1],
      [13, 40, 1],
      [14, 30, 1],
      [140, 30, 1],
    ],
  );
  assert.equal(dist([['labs', 'test']], {}, Uint8Array.of(0, 0, 1, 1)).data, [['na', 1]]);
});

test('too many groups is reported', () => {
  const r = dist([['labs', 'value']], { maxGroups: 4 });
  assert.equal([r.tooMany, r.data], [true, []]);
});

test.run();
