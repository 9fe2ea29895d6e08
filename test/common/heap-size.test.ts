// Tests: the heap-size estimate (src/common/heap-size.ts) against V8's 64-bit layout worked out by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toHeapBytes } from '../../src/common/heap-size.ts';

test('strings: a 24-byte header, then one or two bytes a character, in 8-byte words', () => {
  assert.is(toHeapBytes('abc'), 24 + 8);
  assert.is(toHeapBytes('a'.repeat(20)), 24 + 24);
  assert.is(toHeapBytes('é€'), 24 + 8); // two-byte: 4 bytes, one word
});

test('numbers: small integers are free, others a 16-byte heap number; arrays of numbers hold them unboxed', () => {
  assert.is(toHeapBytes(7), 0);
  assert.is(toHeapBytes(2.5), 16);
  assert.is(toHeapBytes([1, 2.5]), 48 + 16);
  assert.is(toHeapBytes([2.5, 'ab']), 48 + 16 + 16 + 24 + 8);
});

test('objects, buffers, shared and repeated parts', () => {
  assert.is(toHeapBytes({ a: 'x' }), 24 + 8 + 24 + 8);
  assert.is(toHeapBytes(Buffer.alloc(1000)), 200 + 1000);
  assert.is(toHeapBytes(Object.freeze({ a: 'x'.repeat(1000) })), 0); // the snapshot's, not the entry's
  const part = { a: 1 };
  assert.is(toHeapBytes([part, part]), 48 + 16 + 24 + 8);
  const loop: Record<string, unknown> = {};
  loop.self = loop;
  assert.is(toHeapBytes(loop), 24 + 8);
});

test.run();
