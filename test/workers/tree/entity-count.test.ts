// Tests: distinct entities per key (workers/tree/entity-count.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../../src/common/random.ts';
import { countEntities, isClustered } from '../../../workers/tree/entity-count.ts';

const count = (keys: number[], entity: number[] | null, card: number, entities: number, bitsetBytes?: number) =>
  Array.from(countEntities(Int32Array.from(keys), entity && Int32Array.from(entity), card, entities, bitsetBytes));

test('each entity counts once per key, whatever its number of rows', () => {
  // key 0: entities 0, 1 → 2; key 1: entity 0 → 1; key 2: entity 2 → 1 (its -1 key row skipped).
  const keys = [0, 0, 1, 0, 1, 2, -1];
  assert.equal(count(keys, [0, 0, 0, 1, 0, 2, 2], 3, 3), [2, 1, 1]); // not clustered: entity 0 comes back (bitset)
  assert.equal(count(keys, [0, 0, 0, 1, 0, 2, 2], 3, 3, 0), [2, 1, 1]); // the same by buckets per key
  // Clustered: key 0 at entity 0 only → 1; key 1 at entities 0 and 1 → 2; key 2 at entity 2 → 1.
  assert.equal(count(keys, [0, 0, 0, 0, 1, 2, 2], 3, 3), [1, 2, 1]);
});

test('the clustered pass, the key sets (≤ 32 keys), the bitset and the buckets agree on random rows', () => {
  const r = mulberry32(5);
  for (let round = 0; round < 50; round++) {
    const n = Math.floor(r() * 300),
      card = 1 + Math.floor(r() * 40),
      entities = 1 + Math.floor(r() * 70);
    const keys = Array.from({ length: n }, () => Math.floor(r() * (card + 1)) - 1);
    const entity = Array.from({ length: n }, () => Math.floor(r() * (entities + 1)) - 1);
    const naive = Array.from(
      { length: card },
      (_, k) => new Set(entity.filter((e, j) => keys[j] === k && e >= 0)).size,
    );
    assert.equal(count(keys, entity, card, entities), naive, `${card <= 32 ? 'key sets' : 'bitset'}, round ${round}`);
    assert.equal(count(keys, entity, card, entities, 0), naive, `buckets, round ${round}`);
    const order = entity
      .map((e, j) => [e, j])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map(([, j]) => j);
    assert.equal(
      count(
        order.map((j) => keys[j]),
        order.map((j) => entity[j]),
        card,
        entities,
      ),
      naive,
      `clustered, round ${round}`,
    );
  }
});

test('key sets of 8, 16 and 32 bits count their highest key', () => {
  // Keys card - 1 and 0 at entities 0, 1, 2 (unclustered: entity 0 comes back): key card - 1 → 2 entities, key 0 → 2.
  for (const card of [8, 16, 32]) {
    const counts = Array(card).fill(0);
    counts[0] = 2;
    counts[card - 1] = 2;
    assert.equal(count([card - 1, 0, card - 1, 0, 0], [0, 1, 2, 0, 1], card, 3), counts, `card ${card}`);
  }
});

test('rows without an entity are skipped', () => {
  assert.equal(count([0, 0, 1], [-1, 3, -1], 2, 4), [1, 0]);
});

test('no entity array: join row j is entity j, so rows count', () => {
  assert.equal(count([1, 1, 0, -1], null, 2, 4), [1, 2]);
});

test('clustering ignores rows without an entity', () => {
  assert.ok(isClustered(Int32Array.of(2, 2, -1, 2, 0, 1, 1), 3));
  assert.not.ok(isClustered(Int32Array.of(2, 0, 2), 3));
});

test.run();
