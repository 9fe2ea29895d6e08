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

test.run();
