// Chunk converters: validity gathered from chunks of any length and offset, against a row-by-row oracle.
import * as arrow from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createConverters } from '../../../loaders/columnar/to-columns.ts';

// Nulls at pseudo-random rows (about one in three), so every byte has a different pattern.
const valuesOf = (length: number, seed: number) =>
  Array.from({ length }, (_, i) => ((i * 7 + seed * 13) % 3 === 0 || (i + seed) % 11 === 0 ? null : i + seed));

// The validity and values a converter gives for `chunks`, and the oracle: row by row from the arrays.
const convert = (chunks: arrow.Data[], expected: (number | null)[]) => {
  const field = new arrow.Field('x', new arrow.Float64(), true);
  const [converter] = createConverters([field], expected.length, 'x.arrow', {});
  for (const d of chunks) converter.add(d);
  const column = converter.finish();
  const valid = Array.from({ length: column.length }, (_, i) => (column.validity![i >> 3] & (1 << (i & 7))) !== 0);
  const lastBits = column.validity![column.validity!.length - 1] >> (column.length & 7 || 8);
  return {
    got: { valid, nullCount: column.nullCount, bytes: column.validity!.length, lastBits },
    want: {
      valid: expected.map((x) => x !== null),
      nullCount: expected.filter((x) => x === null).length,
      bytes: (expected.length + 7) >> 3,
      lastBits: 0,
    },
  };
};

test('validity from chunks whose lengths are not multiples of 8 lands on the right rows', () => {
  const lengths = [5, 13, 8, 3, 16, 1, 27];
  const arrays = lengths.map((n, k) => valuesOf(n, k));
  const chunks = arrays.map((a) => arrow.vectorFromArray(a, new arrow.Float64()).data[0]);
  const { got, want } = convert(chunks, arrays.flat());
  assert.equal(got, want);
});

test('validity from sliced chunks, at byte and at bit offsets', () => {
  const whole = valuesOf(64, 5);
  const vector = arrow.vectorFromArray(whole, new arrow.Float64());
  const parts = [
    [0, 3],
    [3, 16],
    [16, 45],
    [45, 64],
  ];
  const chunks = parts.map(([from, to]) => vector.slice(from, to).data[0]);
  assert.equal(
    chunks.map((d) => d.offset),
    [0, 3, 16, 45],
  );
  const { got, want } = convert(chunks, whole);
  assert.equal(got, want);
});

test.run();
