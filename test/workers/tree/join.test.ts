// Tests: J(T) as join rows (workers/tree/join.ts) on the hand-worked tree, and a child of a lookup.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { joinRows, type JoinRows } from '../../../workers/tree/join.ts';
import { dict, f64 } from '../table.ts';
import { makeTree } from './fixture.ts';
import { tiny } from './tiny.ts';

/** The joined (entity, row) pairs, in join-row order. */
const pairs = (j: JoinRows) =>
  Array.from({ length: j.length }, (_, i) => [j.entity ? j.entity[i] : i, j.row ? j.row[i] : i]).filter(
    ([e, r]) => e >= 0 && r >= 0,
  );

test('the root and child tables are their own rows', async () => {
  const { tree } = await tiny();
  assert.equal(joinRows(tree, 'patients'), { length: 4, entity: null, row: null });
  assert.equal(pairs(joinRows(tree, 'visits')), [
    [0, 0],
    [0, 1],
    [1, 2],
    [2, 3],
    [1, 5],
  ]);
  assert.equal(pairs(joinRows(tree, 'labs')), [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 3],
    [2, 6],
    [1, 7],
  ]);
});

test('a lookup table joins over the rows of its anchor: one join row per visit', async () => {
  const { tree } = await tiny();
  const j = joinRows(tree, 'sites');
  assert.is(j.length, 6);
  assert.equal(pairs(j), [
    [0, 0],
    [0, 1],
    [1, 0],
  ]);
});

test('a child of a lookup multiplies join rows: each visit meets every staff row of its site', async () => {
  // patients ← visits → sites ← staff
  const { tree } = await makeTree('patients', {
    patients: { key: 'id', columns: { id: f64([1, 2, 3]) } },
    sites: { key: 'id', columns: { id: dict(['A', 'B', 'C']) } },
    visits: {
      links: [
        { column: 'p', to: 'patients' },
        { column: 's', to: 'sites' },
      ],
      columns: { p: f64([1, 2, 2, 3, 1]), s: dict(['A', 'B', 'A', 'C', null]) },
    },
    staff: { links: [{ column: 's', to: 'sites' }], columns: { s: dict(['A', 'B', 'A', 'X']) } },
  });
  // visit 0 (p1, A) → staff 0, 2; visit 1 (p2, B) → staff 1; visit 2 (p2, A) → staff 0, 2; visit 3 (p3, C) → none.
  assert.equal(pairs(joinRows(tree, 'staff')), [
    [0, 0],
    [0, 2],
    [1, 1],
    [1, 0],
    [1, 2],
  ]);
});

test('a lookup of a lookup composes the links', async () => {
  // patients → towns → regions: J(regions) over patients' rows.
  const { tree } = await makeTree('patients', {
    patients: { links: [{ column: 'town', to: 'towns' }], columns: { town: dict(['x', 'y', null, 'x']) } },
    towns: {
      key: 'name',
      links: [{ column: 'region', to: 'regions' }],
      columns: { name: dict(['x', 'y']), region: f64([2, 1]) },
    },
    regions: { key: 'id', columns: { id: f64([1, 2]) } },
  });
  const j = joinRows(tree, 'regions');
  assert.equal(
    [j.entity, pairs(j)],
    [
      null,
      [
        [0, 1],
        [1, 0],
        [3, 1],
      ],
    ],
  );
});

test.run();
