// Interning while loading: strings and UTF-8 bytes to codes in first-seen order, one table for text, one for bytes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createInterner, intern, internBytes } from '../../../loaders/core/intern.ts';

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

test('a value met as text and as bytes gets one code, whichever way it came first', () => {
  const d = createInterner();
  const short = intern(d, 'é');
  const long = intern(d, 'déjà vu, encore');
  const bytes = Buffer.from('xé|déjà vu, encore|ñandú'); // UTF-8: é at 1-3, the phrase at 4-21, ñandú at 22-29
  assert.is(internBytes(d, bytes, 1, 3), short);
  assert.is(internBytes(d, bytes, 4, 21), long);
  const later = internBytes(d, bytes, 22, bytes.length);
  assert.is(intern(d, 'ñandú'), later);
  assert.equal(d.values, ['é', 'déjà vu, encore', 'ñandú']);
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

test('long values that differ only in their middle bytes are told apart', () => {
  const d = createInterner();
  const head = 'h'.repeat(40),
    tail = 't'.repeat(40);
  const words = Array.from({ length: 3000 }, (_, i) => `${head}${String(i).padStart(5, '0')}${tail}`);
  const b = Buffer.from(words.join(''));
  const at = (i: number) => [i * 85, i * 85 + 85] as const;
  for (let i = 0; i < words.length; i++) assert.is(internBytes(d, b, ...at(i)), i);
  for (let i = words.length - 1; i >= 0; i--) assert.is(internBytes(d, b, ...at(i)), i);
  assert.equal(d.values, words);
});

test('8 and 9 bytes (packed in the slot, kept in the arena) and the empty value are distinct values', () => {
  const d = createInterner();
  const b = Buffer.from('abcdefgh|abcdefghi|abcdefgh|');
  assert.equal(
    [internBytes(d, b, 0, 8), internBytes(d, b, 9, 18), internBytes(d, b, 19, 27), internBytes(d, b, 28, 28)],
    [0, 1, 0, 2],
  );
  assert.equal(d.values, ['abcdefgh', 'abcdefghi', '']);
});

test('bytes that are not UTF-8 decode to U+FFFD as TextDecoder does; byte strings that decode alike share a code', () => {
  const d = createInterner();
  // 0xFF 0xFF 0xFF 0xFF packs into the word -1; 12 bytes of 0xFE go to the arena.
  const b = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xfe, 0xfe, 0xfe, 0xfe, 0x61, 0xc3, ...Array(12).fill(0xfe)]);
  assert.is(internBytes(d, b, 0, 4), 0);
  assert.is(internBytes(d, b, 4, 8), 0);
  assert.is(internBytes(d, b, 8, 10), 1);
  assert.is(internBytes(d, b, 10, 22), 2);
  assert.is(internBytes(d, b, 0, 4), 0);
  assert.equal(d.values, ['\ufffd'.repeat(4), 'a\ufffd', '\ufffd'.repeat(12)]);
  assert.equal(d.values, [
    new TextDecoder().decode(b.subarray(0, 4)),
    new TextDecoder().decode(b.subarray(8, 10)),
    new TextDecoder().decode(b.subarray(10, 22)),
  ]);
});

test('any bytes, UTF-8 or not, give the text TextDecoder gives (20,000 seeded random byte strings)', () => {
  const d = createInterner();
  const decoder = new TextDecoder();
  const edges = [0x00, 0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
  let seed = 20261126;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let t = 0; t < 20_000; t++) {
    const b = Uint8Array.from({ length: 1 + Math.floor(next() * 20) }, () =>
      next() < 0.6 ? edges[Math.floor(next() * edges.length)] : Math.floor(next() * 256),
    );
    assert.is(d.values[internBytes(d, b, 0, b.length)], decoder.decode(b));
  }
});

test.run();
