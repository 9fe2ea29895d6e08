// Growable buffers: trimming to the values pushed, always by a view (an untouched tail costs no memory).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { trimmed } from '../../../loaders/rows/growable.ts';

test('a buffer is trimmed by a view, however empty its tail: never a second copy of the column', () => {
  const full = Float64Array.from({ length: 800 }, (_, i) => i);
  const view = trimmed(full, 750);
  assert.is(view.length, 750);
  assert.is(view.buffer, full.buffer);
  assert.is(view[749], 749);
  const mostlyEmpty = trimmed(full, 100);
  assert.is(mostlyEmpty.length, 100);
  assert.is(mostlyEmpty.buffer, full.buffer);
  assert.equal([...mostlyEmpty.subarray(98)], [98, 99]);
  assert.is(trimmed(full, 800), full);
});

test.run();
