// Tests: the byte-bounded reply cache (src/http/reply-cache.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toHeapBytes } from '../../src/common/heap-size.ts';
import { createReplyCache } from '../../src/http/reply-cache.ts';

test('keeps answers by request key (with their ETag) and evicts the least recently used past its byte budget', () => {
  // The cache's own weight of an entry: body, key, header list, and a fixed 400 for its objects.
  const raw = (k: string) => ['X-Total-Count', k === 'a' ? '1' : '2'];
  const weight = (k: string) => 400 + 200 + toHeapBytes(`"${k}"`) + toHeapBytes(raw(k));
  const cache = createReplyCache([...'abcdefgh'].reduce((n, k) => n + weight(k), 0));
  for (const k of 'abcdefgh') cache.set(`"${k}"`, `e${k}`, Buffer.from(k.repeat(200)), raw(k));
  assert.is(cache.get('"a"')?.body.toString(), 'a'.repeat(200));
  assert.equal(cache.get('"a"')?.raw, ['X-Total-Count', '1']);
  assert.is(cache.get('"a"')?.etag, 'ea');
  cache.set('"i"', 'ei', Buffer.from('i'.repeat(200)), raw('i'));
  assert.is(cache.get('"b"'), undefined, 'b was least recently used');
  for (const k of 'acdefghi') assert.ok(cache.get(`"${k}"`), k);
});

test('keeps a small body in memory of its own, not as a slice of a shared slab', () => {
  const cache = createReplyCache(1 << 20);
  const pooled = Buffer.from('x'.repeat(100)); // cut from Node's shared 8 KiB pool
  assert.ok(pooled.buffer.byteLength > pooled.length);
  cache.set('"k"', 'e', pooled, []);
  const kept = cache.get('"k"')!.body;
  assert.is(kept.toString(), 'x'.repeat(100));
  assert.is(kept.buffer.byteLength, 100);
});

test('skips answers larger than an eighth of the budget, and everything when the budget is 0', () => {
  const cache = createReplyCache(4000);
  cache.set('"big"', 'e', Buffer.alloc(1000), []);
  assert.is(cache.get('"big"'), undefined);
  const off = createReplyCache(0);
  off.set('"a"', 'e', Buffer.from('x'), []);
  assert.is(off.get('"a"'), undefined);
});

test.run();
