// Tests: the precomputed section codec (src/snapshot/file/codec.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toPrecomputed, toPrecomputedBytes, type Precomputed } from '../../../src/snapshot/file/codec.ts';
import { type FieldValues, toFieldValues } from '../../../src/snapshot/field-values.ts';
import type { StatsResult } from '../../../src/contract/tasks.ts';

/** A field's values as plain lists, to compare with what the codec decodes. */
type PrecomputedField = { values: (number | string)[]; labels: string[]; counts: number[]; nullCount: number };
const toValues = (f: PrecomputedField): FieldValues => toFieldValues(f.values, f.counts, f.nullCount, f.labels);
const toPlain = (f: FieldValues | undefined): PrecomputedField | undefined =>
  f && { values: Array.from(f.values), labels: [...f.labels()], counts: Array.from(f.counts), nullCount: f.nullCount };

const stats: StatsResult = {
  count: 4,
  null_count: 1,
  distinct: 3,
  min: -0.5,
  max: 12,
  mean: 4.375,
  stddev: 5.4,
  sum: 17.5,
  quantiles: { p05: -0.35, p25: 0.25, p50: 3, p75: 7.5, p95: 11.1 },
};
const dateStats: StatsResult = {
  count: 2,
  null_count: 0,
  distinct: 2,
  min: 0,
  max: 1,
  mean: null,
  stddev: null,
  sum: null,
  quantiles: null,
};
const fields: [number, PrecomputedField][] = [
  [7, { values: [-0.5, 0, 3, 12], labels: ['-0.5', '0', '3', '12'], counts: [1, 2, 1, 1], nullCount: 1 }], // labels = String(value)
  [
    3,
    {
      values: ['Adelie', 'Gentoo', 'Zürich ☃'],
      labels: ['Adelie', 'Gentoo', 'Zürich ☃'],
      counts: [152, 124, 1],
      nullCount: 0,
    },
  ], // labels = values
  [9, { values: [0, 1], labels: ['1970-01-01', '1970-01-02'], counts: [5_000_000_000, 3], nullCount: 2 }], // own labels, counts past u32
  [4, { values: ['9007199254740993', '12'], labels: ['9007199254740993', '12'], counts: [1, 1], nullCount: 0 }], // biginteger text
  [5, { values: [1, 'x'], labels: ['one', 'ex'], counts: [1, 1], nullCount: 0 }], // mixed (not produced today)
  [6, { values: [], labels: [], counts: [], nullCount: 10 }],
];
const input = (order: 'forward' | 'reverse'): Precomputed => {
  const f = order === 'forward' ? fields : [...fields].reverse();
  const s: [number, StatsResult][] =
    order === 'forward'
      ? [
          [7, stats],
          [9, dateStats],
        ]
      : [
          [9, dateStats],
          [7, stats],
        ];
  return { values: new Map(f.map(([id, v]) => [id, toValues(v)])), stats: new Map(s) };
};

test('round-trips values, labels, counts, null counts and stats exactly', () => {
  const back = toPrecomputed(toPrecomputedBytes(input('forward')));
  assert.equal([...back.values.keys()], [3, 4, 5, 6, 7, 9], 'id order');
  for (const [id, f] of fields) assert.equal(toPlain(back.values.get(id)), f, `field ${id}`);
  assert.ok(Object.is(back.values.get(7)!.values[0], -0.5));
  assert.equal(back.stats.get(7), stats);
  assert.equal(back.stats.get(9), dateStats);
  assert.equal(
    Object.keys(back.stats.get(7)!),
    ['count', 'null_count', 'distinct', 'min', 'max', 'mean', 'stddev', 'sum', 'quantiles'],
    "the workers' key order",
  );
  assert.equal(Object.keys(back.stats.get(7)!.quantiles!), ['p05', 'p25', 'p50', 'p75', 'p95']);
});

test("gives the same bytes whatever the maps' insertion order", () => {
  assert.equal(toPrecomputedBytes(input('forward')), toPrecomputedBytes(input('reverse')));
});

test('stores numbers as float64, counts as narrow as they fit, and skips labels that repeat the values', () => {
  const one = (f: PrecomputedField) => toPrecomputedBytes({ values: new Map([[1, toValues(f)]]), stats: new Map() });
  const n = 100_000;
  const values = Array.from({ length: n }, (_, i) => i * 0.5);
  const numeric = one({ values, labels: values.map(String), counts: values.map(() => 3), nullCount: 0 });
  assert.ok(
    numeric.byteLength < n * 9 + 400,
    `${numeric.byteLength} bytes: 8 per value + 1 per count (all 3) + a small index`,
  );
  const words = Array.from({ length: n }, (_, i) => `w${i}`);
  const strings = one({ values: words, labels: words, counts: words.map(() => 1), nullCount: 0 });
  const text = words.join('').length;
  assert.ok(
    strings.byteLength < text + n * 5 + 400,
    `${strings.byteLength} bytes: the text once, 4 per offset, 1 per count`,
  );
});

test('refuses damaged bytes with a message', () => {
  assert.throws(() => toPrecomputed(new Uint8Array(2)), /damaged: shorter than its header/);
  const b = toPrecomputedBytes(input('forward'));
  assert.throws(
    () => toPrecomputed(b.subarray(0, b.byteLength - 8)),
    /damaged: an array at \d+ \(\d+ bytes\) is out of bounds/,
  );
  const c = Uint8Array.from(b);
  c[4] = 0x20; // the index's opening brace
  c[5] = 0x7d;
  assert.throws(() => toPrecomputed(c), /damaged: its index is not JSON/);
});

test('decodes from a view that does not start on an aligned offset', () => {
  const b = toPrecomputedBytes(input('forward'));
  const shifted = new Uint8Array(b.byteLength + 3);
  shifted.set(b, 3);
  assert.equal(toPlain(toPrecomputed(shifted.subarray(3)).values.get(7)), fields[0][1]);
});

test('stores counts in the narrowest unsigned type that holds them (a key column: a byte each)', () => {
  const n = 100_000;
  const values = Array.from({ length: n }, (_, i) => i);
  const size = (counts: number[]) =>
    toPrecomputedBytes({ values: new Map([[1, toFieldValues(values, counts, 0, String)]]), stats: new Map() })
      .byteLength;
  const ones = size(values.map(() => 1));
  const wide = size(values.map((i) => (i === 7 ? 70_000 : 1)));
  assert.ok(ones < n * 9 + 400, `${ones} bytes: 8 per value + 1 per count + a small index`);
  assert.ok(wide > n * 12 && wide < n * 12 + 400, `${wide} bytes: a count past 65535 makes them u32`);
  for (const counts of [
    [1, 255, 3],
    [256, 65_535],
    [65_536, 1],
    [2 ** 32, 1],
  ]) {
    const back = toPrecomputed(
      toPrecomputedBytes({
        values: new Map([[1, toFieldValues([1, 2, 3].slice(0, counts.length), counts, 0, String)]]),
        stats: new Map(),
      }),
    ).values.get(1)!;
    assert.equal(Array.from(back.counts), counts);
  }
});

test("decodes numbers and counts as views of the section's bytes, and labels equal to String(value) one by one", () => {
  const b = toPrecomputedBytes(input('forward'));
  const f = toPrecomputed(b).values.get(7)!;
  assert.ok(f.values instanceof Float64Array && f.values.buffer === b.buffer, 'values: no copy');
  assert.ok(f.counts instanceof Uint8Array && f.counts.buffer === b.buffer, 'counts: no copy');
  assert.equal([f.label(0), f.label(3)], ['-0.5', '12']);
  assert.is(f.labels(), f.labels(), 'all the labels are made once');
});

test('writes the same bytes for typed arrays and lazy labels as for plain lists', () => {
  const values = [-3, 0.25, 7, 1e21];
  const plain = toValues({ values, labels: values.map(String), counts: [1, 2, 3, 4], nullCount: 5 });
  const typed = toFieldValues(Float64Array.from(values), Uint8Array.from([1, 2, 3, 4]), 5, String);
  const bytes = (f: FieldValues) => toPrecomputedBytes({ values: new Map([[1, f]]), stats: new Map() });
  assert.equal(bytes(typed), bytes(plain));
});

test.run();
