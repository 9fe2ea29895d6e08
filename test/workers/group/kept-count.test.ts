// Tests: counts per slot over the rows a mask keeps (workers/group/kept-count.ts), against a byte-at-a-time loop.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addKept } from '../../../workers/group/kept-count.ts';
import { mulberry32 } from '../vectors.ts';

/** The oracle: one row at a time, the mask byte tested. */
function oracle(values: ArrayLike<number>, length: number, min: number, mask: Uint8Array, card: number): number[] {
  const out = new Array<number>(card).fill(0);
  for (let i = 0; i < length; i++) if (mask[i] === 1) out[values[i] - min]++;
  return out;
}

const random = mulberry32(19);
const card = 37,
  min = -5;

test('every density and every length (a whole number of words or not) counts as the byte-at-a-time loop', () => {
  for (const length of [0, 1, 3, 4, 5, 8, 13, 1000, 1003]) {
    const ints = Int32Array.from({ length }, () => min + Math.floor(random() * card));
    const doubles = Float64Array.from(ints);
    for (const density of [0, 0.05, 0.5, 1]) {
      const mask = Uint8Array.from({ length }, () => (random() < density ? 1 : 0));
      for (const values of [ints, doubles]) {
        const slots = new Float64Array(card);
        addKept(values, length, min, mask, slots);
        const label = `${values.constructor.name}, ${length} rows, density ${density}`;
        assert.equal(Array.from(slots), oracle(values, length, min, mask, card), label);
      }
    }
  }
});

test('a mask that does not start on a 4-byte boundary, or longer than the rows counted, reads only its first rows', () => {
  const length = 101;
  const ints = Int32Array.from({ length }, () => min + Math.floor(random() * card));
  const bytes = Uint8Array.from({ length: length + 9 }, () => (random() < 0.3 ? 1 : 0));
  for (const at of [1, 2, 3, 4]) {
    const mask = bytes.subarray(at); // at least `length` bytes: the ones past it are not rows
    const slots = new Float64Array(card);
    addKept(ints, length, min, mask, slots);
    assert.equal(Array.from(slots), oracle(ints, length, min, mask, card), `mask from byte ${at}`);
  }
});

test('adds to the counts already in the slots', () => {
  const slots = Float64Array.of(2, 0, 1);
  addKept(Int32Array.of(0, 2, 2, 1, 0), 5, 0, Uint8Array.of(1, 1, 0, 0, 1), slots);
  assert.equal(Array.from(slots), [4, 0, 2]);
});

test.run();
