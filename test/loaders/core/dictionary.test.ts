// Dictionaries: code point order, merging and remapping, char versus text.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  compareCodePoints,
  createInterner,
  intern,
  internBytes,
  sortByCodePoint,
  sortDictionary,
  stringTypeOf,
} from '../../../loaders/core/dictionary.ts';

test('orders by code point, where UTF-16 code units disagree', () => {
  // U+FB01 < U+1F600 by code point; by code unit the emoji's lead surrogate 0xD83D comes first.
  assert.ok(compareCodePoints('ﬁ', '😀') < 0);
  assert.ok('ﬁ' > '😀');
  assert.ok(compareCodePoints('a', 'ab') < 0);
  assert.is(compareCodePoints('x', 'x'), 0);
  assert.equal(sortByCodePoint(['😀', 'ﬁ', 'Z', 'a', 'É', '']), ['', 'Z', 'a', 'É', 'ﬁ', '😀']);
  assert.equal(sortByCodePoint(['b', 'a', 'B']), ['B', 'a', 'b']);
});

test('matches UTF-8 byte order on a mixed sample', () => {
  const sample = ['\uffff', '\ud800\udc00', '\ue000', 'z', '\u00ff', '\ud7ff', '😀', '𝄞', 'ﬁg'];
  const byBytes = [...sample].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  assert.equal(sortByCodePoint([...sample]), byBytes);
});

test('sortDictionary sorts, merges duplicates, drops unused entries and remaps codes', () => {
  const codes = new Int32Array([1, 3, 5, 4, 2]);
  const validity = new Uint8Array([0b11011]); // row 2 null
  const sorted = sortDictionary(['😀', 'pear', 'ﬁg', 'apple', 'pear', 'unused'], codes, validity);
  assert.equal(sorted, ['apple', 'pear', 'ﬁg']);
  assert.equal([...codes], [1, 0, 0, 1, 2]);
});

test('char up to 255 code points, text beyond', () => {
  assert.is(stringTypeOf(['a'.repeat(255)]), 'char');
  assert.is(stringTypeOf(['a'.repeat(256)]), 'text');
  assert.is(stringTypeOf(['😀'.repeat(200)]), 'char');
});

test('interns UTF-8 bytes: one code per distinct value, its string made once, past many table growths', () => {
  const d = createInterner();
  const words = Array.from({ length: 5000 }, (_, i) =>
    i % 3 === 0 ? `café ${i}` : i % 3 === 1 ? `日本${i}` : `n${i}😀`,
  );
  words.push('', 'x'.repeat(300), `${'x'.repeat(299)}y`);
  const b = Buffer.from(words.join('\n'));
  const spans: [number, number][] = [];
  for (let start = 0, i = 0; i <= b.length; i++) {
    if (i === b.length || b[i] === 10) {
      spans.push([start, i]);
      start = i + 1;
    }
  }
  const codes = spans.map(([s, e]) => internBytes(d, b, s, e));
  assert.equal(
    codes,
    words.map((_, i) => i),
  );
  assert.equal(d.values, words);
  // Again, in reverse: every value is found, none added.
  for (let i = spans.length - 1; i >= 0; i--) assert.is(internBytes(d, b, spans[i][0], spans[i][1]), i);
  assert.is(d.values.length, words.length);
});

test('a value met as text and as bytes may get two codes; sortDictionary merges them', () => {
  const d = createInterner();
  const a = intern(d, 'é');
  const bytes = Buffer.from('xé');
  const b = internBytes(d, bytes, 1, 3);
  assert.is.not(a, b);
  const codes = Int32Array.from([a, b, a]);
  assert.equal(sortDictionary(d.values, codes, null), ['é']);
  assert.equal([...codes], [0, 0, 0]);
});

test('text interned after many values met as bytes gets codes past theirs (both tables share the codes)', () => {
  const d = createInterner();
  const b = Buffer.from(Array.from({ length: 200 }, (_, i) => `v${i}`).join(''));
  let at = 0;
  for (let i = 0; i < 200; i++) {
    const len = `v${i}`.length;
    assert.is(internBytes(d, b, at, at + len), i);
    at += len;
  }
  for (let i = 0; i < 100; i++) assert.is(intern(d, `w${i}`), 200 + i);
  for (let i = 0; i < 100; i++) assert.is(intern(d, `w${i}`), 200 + i);
  assert.is(d.values.length, 300);
});

test.run();
