// Tests: src/common/order.ts, the one code point order and the one 64-bit decimal order, against independent oracles.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareCodePoints, compareDecimal } from '../../src/common/order.ts';
import { mulberry32 } from '../workers/vectors.ts';

const sign = (x: number) => Math.sign(x);
/** Oracle: UTF-8 bytes compared, which is code point order (RFC 3629 §1). */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
/** Oracle: the code points themselves, from the string iterator. */
function byPoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!),
    y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

test('strings in code point order where UTF-16 units disagree: U+FB01 and U+FF5E before U+1F600', () => {
  assert.ok(compareCodePoints('ﬁ', '😀') < 0);
  assert.ok('ﬁ' > '😀', 'UTF-16 units order them the other way');
  assert.ok(compareCodePoints('～', '😀') < 0);
  assert.ok(compareCodePoints('\uffff', '\ud800\udc00') < 0); // U+FFFF < U+10000
  assert.ok(compareCodePoints('\ud7ff', '\ue000') < 0);
  assert.ok(compareCodePoints('a', 'ab') < 0);
  assert.ok(compareCodePoints('', 'a') < 0);
  assert.is(compareCodePoints('x', 'x'), 0);
  assert.ok(compareCodePoints('B', 'a') < 0);
});

test('code point order agrees with UTF-8 byte order and with the code points on random words', () => {
  const r = mulberry32(7);
  const chars = ['a', 'Z', 'é', 'ﬁ', '～', '😀', '\uE000', '\uD7FF', '\uFFFF', '𝄞', '\u{10FFFF}', ''];
  const word = () => Array.from({ length: Math.floor(r() * 4) }, () => chars[Math.floor(r() * chars.length)]).join('');
  for (let i = 0; i < 3000; i++) {
    const [a, b] = [word(), word()];
    assert.is(sign(compareCodePoints(a, b)), sign(byBytes(a, b)), `${a} vs ${b} (bytes)`);
    assert.is(sign(compareCodePoints(a, b)), sign(byPoints(a, b)), `${a} vs ${b} (code points)`);
  }
});

test('64-bit integers as decimal text in numeric order, at the edges of the range too', () => {
  const edges = [-(2n ** 63n), -(2n ** 53n) - 1n, -10n, -9n, -1n, 0n, 1n, 9n, 10n, 2n ** 53n + 1n, 2n ** 63n - 1n];
  for (const a of edges)
    for (const b of edges)
      assert.is(sign(compareDecimal(String(a), String(b))), a < b ? -1 : a > b ? 1 : 0, `${a} vs ${b}`);
  const r = mulberry32(8);
  const big = () => BigInt(Math.floor((r() - 0.5) * 2 ** 40)) * BigInt(Math.floor(r() * 2 ** 22));
  for (let i = 0; i < 3000; i++) {
    const [a, b] = [big(), big()];
    assert.is(sign(compareDecimal(String(a), String(b))), a < b ? -1 : a > b ? 1 : 0, `${a} vs ${b}`);
  }
});

test('decimal text is not compared as text: 9 before 10, -10 before -9', () => {
  assert.ok(compareDecimal('9', '10') < 0);
  assert.ok('9' > '10');
  assert.ok(compareDecimal('-10', '-9') < 0);
  assert.ok(compareDecimal('-1', '0') < 0);
});

test.run();
