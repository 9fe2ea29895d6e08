// The one LRU (src/common/lru.ts): recency order, weight bound, replacement and deletion.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLru } from '../../src/common/lru.ts';

test('evicts the least recently used entry past the weight bound', () => {
  const lru = createLru<string, number>(3);
  lru.set('a', 1);
  lru.set('b', 2);
  lru.set('c', 3);
  assert.is(lru.get('a'), 1); // a is now the most recent
  lru.set('d', 4);
  assert.equal([lru.has('a'), lru.has('b'), lru.has('c'), lru.has('d')], [true, false, true, true]);
  assert.equal([lru.size, lru.weight], [3, 3]);
});

test('weights entries (bytes) and keeps an entry heavier than the bound alone', () => {
  const lru = createLru<string, string>(10);
  lru.set('a', 'x', 4);
  lru.set('b', 'y', 4);
  lru.set('c', 'z', 4); // 12 > 10: a goes
  assert.equal([lru.has('a'), lru.size, lru.weight], [false, 2, 8]);
  lru.set('big', 'w', 50);
  assert.equal([lru.size, lru.weight, lru.get('big')], [1, 50, 'w']);
});

test('replacing an entry updates its weight; delete removes it', () => {
  const lru = createLru<string, number>(100);
  lru.set('a', 1, 10);
  lru.set('a', 2, 30);
  assert.equal([lru.get('a'), lru.weight, lru.size], [2, 30, 1]);
  lru.delete('a');
  assert.equal([lru.get('a'), lru.weight, lru.size], [undefined, 0, 0]);
});

test('agrees with a plain list in recency order over random gets, sets and deletes', () => {
  // The oracle: entries in an array, least recent first; a get or set moves the entry to the end,
  // and a set drops entries from the front while over the bound, never the one just set.
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const max = 20;
  const lru = createLru<string, number>(max);
  const model: { key: string; value: number; weight: number }[] = [];
  for (let step = 0; step < 5000; step++) {
    const key = `k${random(12)}`;
    const op = random(10);
    const at = model.findIndex((e) => e.key === key);
    if (op < 5) {
      const got = lru.get(key);
      assert.is(got, at < 0 ? undefined : model[at].value, `get ${key} at step ${step}`);
      if (at >= 0) model.push(...model.splice(at, 1));
    } else if (op < 9) {
      const weight = 1 + random(6);
      lru.set(key, step, weight);
      if (at >= 0) model.splice(at, 1);
      model.push({ key, value: step, weight });
      let total = model.reduce((n, e) => n + e.weight, 0);
      while (total > max && model.length > 1) total -= model.shift()!.weight;
    } else {
      lru.delete(key);
      if (at >= 0) model.splice(at, 1);
    }
    assert.is(lru.size, model.length, `size at step ${step}`);
    assert.is(
      lru.weight,
      model.reduce((n, e) => n + e.weight, 0),
      `weight at step ${step}`,
    );
  }
  for (const e of model) assert.ok(lru.has(e.key), e.key);
});

test.run();
