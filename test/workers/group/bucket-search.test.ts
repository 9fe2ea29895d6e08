// Tests: ranking by the bucket index (workers/group/bucket-search.ts) against a plain indexOf over the sorted values.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { search, searchBucket, toBucketIndex } from '../../../workers/group/bucket-search.ts';
import { mulberry32 } from '../vectors.ts';

function sortedDistinct(values: Float64Array): Float64Array {
  return Float64Array.from(new Set(values.slice().sort()));
}

test('finds every value of skewed data where a plain scan finds it', () => {
  const rnd = mulberry32(4);
  // Mostly near 0, a few huge: long buckets at one end, empty ones elsewhere; -0 beside 0.
  const values = Float64Array.from({ length: 100_000 }, (_, i) =>
    i === 7 ? -0 : i === 8 ? 0 : rnd() < 0.001 ? rnd() * 1e12 : Math.round(rnd() ** 4 * 1e6) / 1e3,
  );
  const sorted = sortedDistinct(values);
  const ix = toBucketIndex(sorted);
  assert.ok(ix !== null);
  const position = new Map(Array.from(sorted, (v, i) => [v, i]));
  for (let i = 0; i < values.length; i++) {
    const want = position.get(values[i]);
    assert.is(searchBucket(ix!, values[i]), want);
    if (i % 97 === 0) assert.is(search(sorted, values[i]), want);
  }
});

test('small or constant arrays get no index; a value outside the range stays in bounds', () => {
  assert.is(toBucketIndex(Float64Array.of(1, 2, 3)), null);
  const sorted = Float64Array.from({ length: 1 << 16 }, (_, i) => i / 2);
  const ix = toBucketIndex(sorted)!;
  assert.is(searchBucket(ix, -5), 0);
  assert.ok(searchBucket(ix, 1e9) <= sorted.length);
  assert.is(searchBucket(ix, 100.5), 201);
});

test.run();
