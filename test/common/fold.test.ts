// The one folding rule (src/common/fold.ts), shared by search (API.md §5) and context operators (§6).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../src/common/fold.ts';
import { normalizeText } from '../../src/search/text.ts';

test('lower-cases and removes every combining mark, spacing ones included', () => {
  assert.is(fold('Éclair CRÈME'), 'eclair creme');
  assert.is(fold('e\u0301'), 'e'); // nonspacing acute (Mn)
  assert.is(fold('\u0915\u093e'), '\u0915'); // Devanagari vowel sign aa is a spacing mark (Mc)
});

test('search normalisation is the same folding plus whitespace collapsing', () => {
  assert.is(normalizeText('  Crème   Brûlée '), fold('Crème Brûlée'));
});

test.run();
