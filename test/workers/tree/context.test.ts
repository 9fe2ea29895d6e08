// Tests: context → selected entities (workers/tree/context.ts), answers worked out on the tiny tree (tree-tiny.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TreeContextNode } from '../../../src/contract/tree.ts';
import { contextEntities } from '../../../workers/tree/context.ts';
import { tiny } from './tiny.ts';

const { tree } = await tiny();
const c = (dataset: string, column: string, operator: string, value: unknown): TreeContextNode => ({
  field: 1,
  dataset,
  column,
  type: 'integer',
  operator,
  value,
});
/** Selected patients by id (entity i is patient i + 1). */
const ids = (node: TreeContextNode | null) => {
  const m = contextEntities(tree, node);
  return m === null ? null : Array.from(m).flatMap((b, e) => (b ? [e + 1] : []));
};

test('no context selects every entity', () => {
  assert.is(ids(null), null);
});

test('a condition on a child table holds for entities with at least one matching row of J(T)', () => {
  assert.equal(ids(c('labs', 'test', 'exact', 'na')), [1, 3]); // lab 5 (na) is not joined
  assert.equal(ids(c('labs', 'value', 'gt', 100)), [1]); // 135 is on a dangling visit
  assert.equal(ids(c('visits', 'kind', 'exact', 'out')), [1, 2]); // visit 14 has no patient
  assert.equal(ids(c('labs', 'value', 'isnull', true)), [3]);
});

test('a negated operator is NOT of the positive form over entities: no row at all satisfies it', () => {
  assert.equal(ids(c('labs', 'test', '-exact', 'na')), [2, 4]); // p2 has only hb; p4 has no labs
  assert.equal(ids(c('labs', 'value', '-isnull', true)), [1, 2, 4]);
  assert.equal(ids(c('visits', 'kind', '-in', ['er'])), [2, 4]);
});

test('a condition on a lookup holds through any referencing row', () => {
  assert.equal(ids(c('sites', 'region', 'exact', 'north')), [1, 2]); // p1 and p2 visited A; C has no visit
  assert.equal(ids(c('sites', 'region', 'exact', 'south')), [1]);
  assert.equal(ids(c('sites', 'beds', 'isnull', true)), []); // C (null beds) is in no J(sites) row
});

test('a condition on the root is a row condition', () => {
  assert.equal(ids(c('patients', 'age', 'gte', 40)), [2, 4]);
  assert.equal(ids(c('patients', 'age', '-gte', 40)), [1, 3]);
});

test('branches combine entity sets, not rows', () => {
  // No single lab is na with a value below 13, yet p1 has an na lab and a lab below 13.
  assert.equal(ids({ type: 'and', children: [c('labs', 'test', 'exact', 'na'), c('labs', 'value', 'lt', 13)] }), [1]);
  assert.equal(
    ids({ type: 'or', children: [c('sites', 'region', 'exact', 'south'), c('patients', 'age', 'isnull', true)] }),
    [1, 3],
  );
  assert.equal(ids({ type: 'and', children: [] }), [1, 2, 3, 4]);
  assert.equal(ids({ type: 'or', children: [] }), []);
});

test.run();
