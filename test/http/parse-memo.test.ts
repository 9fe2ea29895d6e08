// The parse memo (src/http/parse-memo.ts): one entry per raw URL and who asks, bounded in variants and bytes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createParseMemo, type KnownRequest } from '../../src/http/parse-memo.ts';

const known = (key: string): KnownRequest<unknown> => ({ parsed: { params: {}, canonical: [['key', key]] }, key });

test('recalls a parse only for the same URL, visibility, base URL and route', () => {
  const memo = createParseMemo();
  const a = known('a');
  memo.keep('/api/fields/1/', 'anon', 'http://x', 'field', a);
  assert.is(memo.recall('/api/fields/1/', 'anon', 'http://x', 'field'), a);
  assert.is(memo.recall('/api/fields/1/', 'admin', 'http://x', 'field'), undefined);
  assert.is(memo.recall('/api/fields/1/', 'anon', 'http://y', 'field'), undefined);
  assert.is(memo.recall('/api/fields/1/', 'anon', 'http://x', 'values'), undefined);
  assert.is(memo.recall('/api/fields/2/', 'anon', 'http://x', 'field'), undefined);
});

test('keeps the 8 latest variants of one URL', () => {
  const memo = createParseMemo();
  for (let i = 0; i < 10; i++) memo.keep('/api/', `user${i}`, 'http://x', 'root', known(`k${i}`));
  assert.is(memo.recall('/api/', 'user0', 'http://x', 'root'), undefined);
  assert.is(memo.recall('/api/', 'user1', 'http://x', 'root'), undefined);
  for (let i = 2; i < 10; i++) assert.is(memo.recall('/api/', `user${i}`, 'http://x', 'root')?.key, `k${i}`);
});

test('forgets the least recently used URL past its byte bound', () => {
  const memo = createParseMemo(2000); // each entry weighs about 600 bytes here (its key, parse and URL)
  memo.keep('/a/', 'anon', 'http://x', 'r', known('a'));
  memo.keep('/b/', 'anon', 'http://x', 'r', known('b'));
  memo.keep('/c/', 'anon', 'http://x', 'r', known('c'));
  assert.ok(memo.recall('/a/', 'anon', 'http://x', 'r')); // /a/ is now the most recent
  memo.keep('/d/', 'anon', 'http://x', 'r', known('d'));
  assert.ok(memo.recall('/a/', 'anon', 'http://x', 'r'));
  assert.is(memo.recall('/b/', 'anon', 'http://x', 'r'), undefined);
  assert.ok(memo.recall('/d/', 'anon', 'http://x', 'r'));
});

test.run();
