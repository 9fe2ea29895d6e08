// The bitmap helper (src/common/bitmap.ts): Arrow's bit order, and a null bitmap meaning all set.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isBitSet, packBits } from '../../src/common/bitmap.ts';

test('packs bits least significant first, eight to a byte', () => {
  assert.equal([...packBits([1, 0, 1, 1, 0, 0, 0, 0, 1])], [0b00001101, 0b00000001]);
});

test('reads bits back, and a null bitmap has every bit set', () => {
  const bits = packBits([0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
  assert.equal(
    [0, 1, 2, 9].map((i) => isBitSet(bits, i)),
    [false, true, false, true],
  );
  assert.ok(isBitSet(null, 12345));
});

test.run();
