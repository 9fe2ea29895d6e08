// Tests: values with distinct-entity counts (workers/tree/distinct.ts), worked out on the tiny tree (tree-tiny.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contextEntities } from '../../../workers/tree/context.ts';
import { treeDistinct } from '../../../workers/tree/distinct.ts';
import { tiny } from './tiny.ts';

const { tree } = await tiny();

test('the root counts its rows', () => {
  assert.equal(treeDistinct(tree, 'patients', 'sex', null), { values: ['F', 'M'], counts: [2, 2], nullCount: 0 });
  assert.equal(treeDistinct(tree, 'patients', 'age', null), { values: [30, 40, 50], counts: [1, 1, 1], nullCount: 1 });
});

test('a child table counts entities with at least one joined row carrying the value', () => {
  // hb: p1 (labs 0, 2), p2 (labs 3, 7); na: p1 (lab 1), p3 (lab 6); labs 4 and 5 are not joined.
  assert.equal(treeDistinct(tree, 'labs', 'test', null), { values: ['hb', 'na'], counts: [2, 2], nullCount: 0 });
  assert.equal(treeDistinct(tree, 'labs', 'value', null), {
    values: [9, 12, 13, 14, 140],
    counts: [1, 1, 1, 1, 1],
    nullCount: 1,
  });
  // er: p1, p3; out: p1, p2 (visit 14 has no patient); null: p2 (visit 15).
  assert.equal(treeDistinct(tree, 'visits', 'kind', null), { values: ['er', 'out'], counts: [2, 2], nullCount: 1 });
  // biginteger values come back as decimal text; visit 14 has no patient.
  assert.equal(treeDistinct(tree, 'visits', 'visit_id', null), {
    values: ['10', '11', '12', '13', '15'],
    counts: [1, 1, 1, 1, 1],
    nullCount: 0,
  });
});

test('a lookup counts the entities reaching each row through the referencing table', () => {
  // J(sites): (p1, A north 10), (p1, B south 20), (p2, A north 10).
  assert.equal(treeDistinct(tree, 'sites', 'region', null), {
    values: ['north', 'south'],
    counts: [2, 1],
    nullCount: 0,
  });
  assert.equal(treeDistinct(tree, 'sites', 'beds', null), { values: [10, 20], counts: [2, 1], nullCount: 0 });
  assert.equal(treeDistinct(tree, 'sites', 'site_id', null), { values: ['A', 'B'], counts: [2, 1], nullCount: 0 });
});

test('a context restricts to the entities it selects', () => {
  const south = contextEntities(tree, {
    field: 1,
    dataset: 'sites',
    column: 'region',
    type: 'text',
    operator: 'exact',
    value: 'south',
  });
  assert.equal(treeDistinct(tree, 'labs', 'test', south), { values: ['hb', 'na'], counts: [1, 1], nullCount: 0 });
  assert.equal(treeDistinct(tree, 'visits', 'kind', south), { values: ['er', 'out'], counts: [1, 1], nullCount: 0 });
  const none = new Uint8Array(4);
  assert.equal(treeDistinct(tree, 'labs', 'value', none), { values: [], counts: [], nullCount: 0 });
});

test.run();
