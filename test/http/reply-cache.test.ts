// Tests: the byte-bounded reply cache (src/http/reply-cache.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReplyCache } from '../../src/http/reply-cache.ts';

test('keeps answers by request key (with their ETag) and evicts the least recently used past its byte budget', () => {
  const entry = 200 + 3 * 2 + 256; // the cache's own estimate: body, key characters, overhead
  const cache = createReplyCache(8 * entry);
  for (const k of 'abcdefgh')
    cache.set(`"${k}"`, `e${k}`, Buffer.from(k.repeat(200)), k === 'a' ? ['X-Total-Count', '1'] : []);
  assert.is(cache.get('"a"')?.body.toString(), 'a'.repeat(200));
  assert.equal(cache.get('"a"')?.raw, ['X-Total-Count', '1']);
  assert.is(cache.get('"a"')?.etag, 'ea');
  cache.set('"i"', 'ei', Buffer.from('i'.repeat(200)), []);
  assert.is(cache.get('"b"'), undefined, 'b was least recently used');
  for (const k of 'acdefghi') assert.ok(cache.get(`"${k}"`), k);
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
