// Tests: the per-snapshot memo (src/snapshot/memo.ts) runs each key once and never holds more than its bytes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { remember, toMemoBytes } from '../../src/snapshot/memo.ts';

const KiB = 1024;

test('a key is computed once; its answer is weighed by its bytes', async () => {
  const owner = {};
  let runs = 0;
  const make = async () => {
    runs++;
    return Buffer.alloc(10 * KiB);
  };
  const a = await remember(owner, 'k', make, 64 * KiB);
  const b = await remember(owner, 'k', make, 64 * KiB);
  assert.is(a, b);
  assert.is(runs, 1);
  // 10 KiB of body plus the entry, the Buffer's objects and the key: more than the body, far less than twice it.
  assert.ok(toMemoBytes(owner) > 10 * KiB && toMemoBytes(owner) < 11 * KiB, `${toMemoBytes(owner)}`);
});

test('an answer heavier than the whole memo is not kept (served, then computed again)', async () => {
  const owner = {};
  let runs = 0;
  const make = async () => {
    runs++;
    return Buffer.alloc(100 * KiB);
  };
  assert.is((await remember(owner, 'big', make, 64 * KiB)).length, 100 * KiB);
  await new Promise((r) => setImmediate(r));
  assert.is(toMemoBytes(owner), 0);
  await remember(owner, 'big', make, 64 * KiB);
  assert.is(runs, 2);
});

test('many answers: the least recently used go, the total stays within the bound', async () => {
  const owner = {};
  for (let i = 0; i < 50; i++) {
    await remember(owner, `k${i}`, async () => Buffer.alloc((1 + (i % 7)) * 3 * KiB), 40 * KiB);
    await new Promise((r) => setImmediate(r));
    assert.ok(toMemoBytes(owner) <= 40 * KiB, `after ${i + 1}: ${toMemoBytes(owner)}`);
  }
  assert.ok(toMemoBytes(owner) > 20 * KiB, 'it fills');
});

test('a failed answer is not kept', async () => {
  const owner = {};
  await remember(owner, 'x', () => Promise.reject(new Error('no')), 64 * KiB).catch(() => {});
  await new Promise((r) => setImmediate(r));
  assert.is(toMemoBytes(owner), 0);
});

test.run();
