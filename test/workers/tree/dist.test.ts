// Tests: grouped distinct-entity counts across tables joined row by row (workers/tree/dist.ts), on the tiny tree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findBase } from '../../../src/catalog/tree-join.ts';
import type { DistParams } from '../../../src/contract/tasks.ts';
import { treeDistribution, treeGroups } from '../../../workers/tree/dist.ts';
import { dict, f64 } from '../table.ts';
import { makeTree } from './fixture.ts';
import { tiny } from './tiny.ts';

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

// 1,000 patients, 20,000 labs (lab i belongs to patient i mod 1,000): `value` i + 0.5, one value per
// lab; `a` and `b` 300 codes each whose pairs differ on every lab; `flag` present on the first 500 labs.
const LABS = 20_000;
const wide = await makeTree('patients', {
  patients: { key: 'id', columns: { id: f64(Array.from({ length: 1000 }, (_, i) => i)) } },
  labs: {
    links: [{ column: 'patient_id', to: 'patients' }],
    columns: {
      patient_id: f64(Array.from({ length: LABS }, (_, i) => i % 1000)),
      value: f64(Array.from({ length: LABS }, (_, i) => i + 0.5)),
      a: dict(Array.from({ length: LABS }, (_, i) => `a${i % 300}`)),
      b: dict(Array.from({ length: LABS }, (_, i) => `b${Math.floor(i / 300) % 300}`)),
      flag: dict(Array.from({ length: LABS }, (_, i) => (i < 500 ? 'y' : null))),
    },
  },
});
const labGroups = (columns: string[], nulls: boolean, maxGroups: number) =>
  treeGroups(
    wide.tree,
    'labs',
    columns.map((column) => ({ dataset: 'labs', column, path: [] })),
    null,
    { nulls, maxGroups },
  );
const keyedOf = (g: ReturnType<typeof labGroups>) => ('keyed' in g ? g.keyed : null);

test('a dimension with more distinct values than maxGroups is refused while it is ranked, before any key', () => {
  for (const nulls of [false, true]) {
    const g = labGroups(['value'], nulls, 1000);
    assert.equal([g.tooMany, keyedOf(g)], [true, 0]);
    assert.equal(
      [labGroups(['value', 'a'], true, 1000).tooMany, keyedOf(labGroups(['value', 'a'], true, 1000))],
      [true, 0],
    );
  }
  // Without the limit, every lab is its own group.
  assert.is(labGroups(['value'], false, LABS).size, LABS);
});

test('too many pairs of few values each stop at the first block of 4,096 join rows past the limit', () => {
  const g = labGroups(['a', 'b'], false, 1000);
  assert.equal([g.tooMany, keyedOf(g)], [true, 4096]); // every lab its own pair: 4,096 > 1,000 in the first block
  assert.is(labGroups(['a', 'b'], false, LABS).size, LABS);
});

test('without nulls, only the rows that make groups count towards a refusal', () => {
  // 20,000 values, but only the 500 labs with a flag make groups (nulls dropped): not refused.
  const g = labGroups(['value', 'flag'], false, 1000);
  assert.equal([g.tooMany, g.size], [false, 500]);
  assert.equal(Array.from(g.counts), new Array(500).fill(1)); // one patient each (labs 0..499: patients 0..499)
  assert.equal(Array.from(g.dims[0].values).slice(0, 2), [0.5, 1.5]);
  // With nulls, the other 19,500 labs make groups (value, null): refused.
  assert.ok(labGroups(['value', 'flag'], true, 1000).tooMany);
});

test.run();
