// Growable buffers: trimming to the values pushed, by a view when nearly full, by a copy otherwise.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { trimmed } from '../../../loaders/rows/growable.ts';

test('a nearly full buffer is trimmed by a view, a mostly empty one by a copy', () => {
  const full = Float64Array.from({ length: 800 }, (_, i) => i);
  const view = trimmed(full, 750);
  assert.is(view.length, 750);
  assert.is(view.buffer, full.buffer);
  assert.is(view[749], 749);
  const copy = trimmed(full, 100);
  assert.is(copy.length, 100);
  assert.is.not(copy.buffer, full.buffer);
  assert.equal([...copy.subarray(98)], [98, 99]);
  assert.is(trimmed(full, 800), full);
});

test.run();
