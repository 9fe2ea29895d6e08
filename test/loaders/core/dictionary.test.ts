// Dictionaries: code point order, merging and remapping, char versus text (interning: intern.test.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sortByCodePoint, sortDictionary, stringTypeOf } from '../../../loaders/core/dictionary.ts';

test('sorts by code point, where UTF-16 code units disagree (the order: test/common/order.test.ts)', () => {
  // U+FB01 < U+1F600 by code point; by code unit the emoji's lead surrogate 0xD83D comes first.
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

test.run();
