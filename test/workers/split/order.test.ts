// Tests: workers/split/order.ts, the orders of answer values, against independent oracles.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { byCodePoint, byDecimal } from '../../../workers/split/order.ts';
import { byCodePoint as oracle } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

const sign = (x: number) => Math.sign(x);

test('strings in code point order, not UTF-16 order: U+FF5E before U+1F600', () => {
  assert.ok(byCodePoint('～', '😀') < 0);
  assert.ok('～' > '😀', 'UTF-16 units order them the other way');
  const r = mulberry32(7);
  const chars = ['a', 'Z', 'é', '～', '😀', '\uE000', '\uD7FF', '𝄞', ''];
  const word = () => Array.from({ length: Math.floor(r() * 4) }, () => chars[Math.floor(r() * chars.length)]).join('');
  for (let i = 0; i < 2000; i++) {
    const [a, b] = [word(), word()];
    assert.is(sign(byCodePoint(a, b)), sign(oracle(a, b)), `${a} vs ${b}`);
  }
});

test('64-bit integers as decimal text in numeric order', () => {
  const r = mulberry32(8);
  const big = () => BigInt(Math.floor((r() - 0.5) * 2 ** 40)) * BigInt(Math.floor(r() * 2 ** 22));
  for (let i = 0; i < 2000; i++) {
    const [a, b] = [big(), big()];
    assert.is(sign(byDecimal(String(a), String(b))), a < b ? -1 : a > b ? 1 : 0, `${a} vs ${b}`);
  }
});

test.run();
