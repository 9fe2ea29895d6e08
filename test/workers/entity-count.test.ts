// Tests: distinct entities per key (workers/entity-count.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countEntities, isClustered, orderByEntity } from '../../workers/entity-count.ts';

const count = (keys: number[], entity: number[] | null, card: number, entities: number) =>
  Array.from(countEntities(Int32Array.from(keys), entity && Int32Array.from(entity), card, entities));

test('each entity counts once per key, whatever its number of rows', () => {
  // key 0: entities 0, 1 → 2; key 1: entity 0 → 1; key 2: entity 2 → 1 (its -1 key row skipped).
  const keys = [0, 0, 1, 0, 1, 2, -1];
  assert.equal(count(keys, [0, 0, 0, 1, 0, 2, 2], 3, 3), [2, 1, 1]);          // not clustered: entity 0 comes back
  // Clustered: key 0 at entity 0 only → 1; key 1 at entities 0 and 1 → 2; key 2 at entity 2 → 1.
  assert.equal(count(keys, [0, 0, 0, 0, 1, 2, 2], 3, 3), [1, 2, 1]);
});

test('rows without an entity are skipped', () => {
  assert.equal(count([0, 0, 1], [-1, 3, -1], 2, 4), [1, 0]);
});

test('no entity array: join row j is entity j, so rows count', () => {
  assert.equal(count([1, 1, 0, -1], null, 2, 4), [1, 2]);
});

test('clustering ignores rows without an entity; the order is a stable counting sort', () => {
  assert.ok(isClustered(Int32Array.of(2, 2, -1, 2, 0, 1, 1), 3));
  assert.not.ok(isClustered(Int32Array.of(2, 0, 2), 3));
  assert.equal(Array.from(orderByEntity(Int32Array.of(2, 0, -1, 2, 0, 1), 3)), [1, 4, 5, 0, 3]);
});

test.run();
