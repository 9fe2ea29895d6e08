// Tests: the Arrow columns whose type their values decide (count's width, labels plain or as a dictionary), decoded by apache-arrow and flechette.
import { tableFromIPC as flechetteFromIPC } from '@uwdata/flechette';
import { tableFromIPC } from 'apache-arrow';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArrowColumn } from '../../src/http/arrow-body.ts';
import { toArrowBytes } from '../../src/http/arrow-body.ts';

const t = suite('Arrow columns decided by their values');

/** One column `c` of `values`, written and read back by both readers: its Arrow type and its values as numbers or strings. */
function roundTrip(kind: ArrowColumn['kind'], values: unknown[]) {
  const bytes = toArrowBytes(values.length, [{ name: 'c', kind, at: (j) => values[j] }], {});
  const a = tableFromIPC(bytes).getChild('c')!;
  const f = flechetteFromIPC(bytes, { useBigInt: true }).getChild('c');
  return {
    bytes,
    type: String(a.type),
    arrow: Array.from({ length: a.length }, (_, j) => a.get(j)),
    flechette: [...f.toArray()],
  };
}

t('count is the narrowest unsigned type that holds its largest count; from 2^32 on Float64, exact', () => {
  const cases: [number, string][] = [
    [0, 'Uint8'],
    [255, 'Uint8'],
    [256, 'Uint16'],
    [65_535, 'Uint16'],
    [65_536, 'Uint32'],
    [2 ** 32 - 1, 'Uint32'],
    [2 ** 32, 'Float64'],
    [2 ** 32 + 1, 'Float64'],
    [2 ** 53 - 1, 'Float64'],
  ];
  for (const [max, type] of cases) {
    const values = [3, max, null, 1];
    const got = roundTrip('count', values);
    assert.is(got.type, type, String(max));
    assert.equal(got.arrow, values, `${max} (apache-arrow)`);
    assert.equal(got.flechette, values, `${max} (flechette)`);
  }
  // Counts near 2^32 keep their last unit: 4294967295 and 4294967296 are not confused.
  const near = roundTrip('count', [2 ** 32 - 1, 2 ** 32, 2 ** 32 + 7]);
  assert.equal(near.arrow, [4_294_967_295, 4_294_967_296, 4_294_967_303]);
  // Nothing but nulls (every count suppressed), and no row: the narrowest type.
  assert.is(roundTrip('count', [null, null]).type, 'Uint8');
  assert.is(roundTrip('count', []).type, 'Uint8');
});

t('a value that is no count (negative, fractional) keeps Float64 as it is', () => {
  for (const values of [
    [1, -1],
    [2.5, 3],
  ]) {
    const got = roundTrip('count', values);
    assert.is(got.type, 'Float64');
    assert.equal(got.arrow, values);
  }
});

t('integer values take the narrowest 8-, 16- or 32-bit type that holds them, signed first; else Float64, exact', () => {
  const cases: [number[], string][] = [
    [[0, 127], 'Int8'],
    [[-128, 5], 'Int8'],
    [[0, 128], 'Uint8'],
    [[0, 255], 'Uint8'],
    [[-1, 128], 'Int16'],
    [[0, 256], 'Int16'],
    [[-32_768, 32_767], 'Int16'],
    [[0, 32_768], 'Uint16'],
    [[0, 49_999], 'Uint16'],
    [[0, 65_535], 'Uint16'],
    [[-1, 32_768], 'Int32'],
    [[0, 65_536], 'Int32'],
    [[-(2 ** 31), 2 ** 31 - 1], 'Int32'],
    [[0, 2 ** 31], 'Uint32'],
    [[0, 2 ** 32 - 1], 'Uint32'],
    [[0, 2 ** 32], 'Float64'],
    [[-(2 ** 31) - 1, 0], 'Float64'],
    [[-1, 2 ** 31], 'Float64'], // no 32-bit type holds both
    [[2 ** 53 - 1, 1], 'Float64'],
    [[1, 2.5], 'Float64'],
    [[0, -0], 'Float64'], // -0 is a double's: an integer type would make it 0
  ];
  for (const [values, type] of cases) {
    const withNull = [...values, null];
    const got = roundTrip('integer', withNull);
    assert.is(got.type, type, String(values));
    assert.equal(got.arrow, withNull, `${values} (apache-arrow)`);
    assert.equal(got.flechette, withNull, `${values} (flechette)`);
    if (type === 'Float64') assert.ok(Object.is(got.arrow[1], values[1]), `${values}: the bits as they are`);
  }
  // Nothing but nulls, and no row: the narrowest type.
  assert.is(roundTrip('integer', [null, null]).type, 'Int8');
  assert.is(roundTrip('integer', []).type, 'Int8');
});

t('labels that repeat are a dictionary, by the narrowest index; unique labels stay Utf8', () => {
  const of = (n: number, distinct: number) => Array.from({ length: n }, (_, j) => `label ${j % distinct} é`);
  const cases: [string[], string][] = [
    [of(1000, 3), 'Dictionary<Int8, Utf8>'],
    [of(1000, 128), 'Dictionary<Int8, Utf8>'],
    [of(1000, 129), 'Dictionary<Int16, Utf8>'],
    [of(100_000, 40_000), 'Dictionary<Int32, Utf8>'],
    [of(1000, 1000), 'Utf8'],
    [of(4, 2), 'Utf8'], // the dictionary's own message outweighs what it saves
    [['[30, 40)', '[40, 50)', '[50, 60]'], 'Utf8'],
  ];
  for (const [labels, type] of cases) {
    const got = roundTrip('label', labels);
    assert.is(got.type, type, `${labels.length} labels`);
    assert.equal(got.arrow, labels, `${type} (apache-arrow)`);
    assert.equal(got.flechette, labels, `${type} (flechette)`);
  }
});

t('a dictionary is fewer bytes than the same labels as Utf8', () => {
  const labels = Array.from({ length: 50_000 }, (_, j) => String(j % 250));
  const dictionary = toArrowBytes(labels.length, [{ name: 'c', kind: 'label', at: (j) => labels[j] }], {});
  const plain = toArrowBytes(labels.length, [{ name: 'c', kind: 'utf8', at: (j) => labels[j] }], {});
  assert.ok(dictionary.length < plain.length / 2, `${dictionary.length} against ${plain.length}`);
});

t('same columns, same bytes: a dictionary id is its column position, not a process-wide counter', () => {
  const labels = Array.from({ length: 600 }, (_, j) => ['a', 'b', 'c'][j % 3]);
  const columns: ArrowColumn[] = [
    { name: 'count', kind: 'count', at: (j) => j },
    { name: 'labels_0', kind: 'label', at: (j) => labels[j] },
    { name: 'labels_1', kind: 'label', at: (j) => labels[(j + 1) % 600] },
  ];
  const first = toArrowBytes(600, columns, { size: 600 });
  toArrowBytes(600, columns.slice(1), {}); // other dictionaries made in between
  assert.ok(toArrowBytes(600, columns, { size: 600 }).equals(first));
  const table = tableFromIPC(first);
  assert.equal(
    table.schema.fields.map((f) => (f.type as { id?: number }).id ?? null),
    [null, 1, 2],
  );
  assert.equal(table.getChild('labels_1')!.get(599), 'a');
});

t.run();
