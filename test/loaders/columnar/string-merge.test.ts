// Tests: two threads' pieces of a string column joined (loaders/columnar/string-merge.ts), against one converter over every row.
import * as arrow from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Column } from '../../../loaders/core/column.ts';
import { sortDictionary } from '../../../loaders/core/dictionary.ts';
import { createStringConverter } from '../../../loaders/columnar/strings.ts';
import { mergeStringPieces } from '../../../loaders/columnar/string-merge.ts';

// Row groups of unequal sizes (not multiples of 8, so a group's nulls share bitmap bytes with its
// neighbours'), with nulls, empty strings, non-ASCII (sorted by code point, not UTF-16 unit), values
// repeated across groups and values met in one row only.
const groupRows = [5, 13, 1, 9, 7, 0, 11];
const rows = groupRows.reduce((n, r) => n + r, 0);
const pool = ['', 'a', 'É', '😀', 'ﬁ', 'b', 'a b', '\u00ff', 'Z'];
const valueAt = (r: number): string | null =>
  r % 6 === 2 ? null : r % 10 === 7 ? `unique-${r}-ß` : pool[(r * 7 + 3) % pool.length];
const values = Array.from({ length: rows }, (_, r) => valueAt(r));
const starts = groupRows.map((_, g) => groupRows.slice(0, g).reduce((n, r) => n + r, 0));
const group = (g: number, type: arrow.DataType = new arrow.Utf8()) =>
  arrow.vectorFromArray(values.slice(starts[g], starts[g] + groupRows[g]), type).data[0];

// One converter over every row, then the normaliser's sort: what a one-thread read stores.
function oneThread(): { dictionary: string[]; codes: number[]; validity: number[] | null; nullCount: number } {
  const c = createStringConverter({ file: 'x', name: 's', type: new arrow.Utf8(), rows });
  for (let g = 0; g < groupRows.length; g++) c.add(group(g));
  const column = c.finish();
  const codes = column.values as Int32Array;
  const dictionary = sortDictionary(column.dictionary!, codes, column.validity);
  return {
    dictionary,
    codes: [...codes],
    validity: column.validity && [...column.validity],
    nullCount: column.nullCount,
  };
}

// Each thread's piece: the row groups `owner` gives it, each added at its own first row.
function pieces(owner: number[], type: arrow.DataType = new arrow.Utf8()): (Column | null)[] {
  return [0, 1].map((t) => {
    const mine = owner.flatMap((o, g) => (o === t ? [g] : []));
    if (mine.length === 0) return null;
    const c = createStringConverter({ file: 'x', name: 's', type, rows });
    for (const g of [...mine].reverse()) c.add(group(g, type), starts[g]); // any order
    return c.finish(mine.reduce((n, g) => n + groupRows[g], 0));
  });
}

const plain = (c: Column) => ({
  dictionary: c.dictionary,
  codes: [...(c.values as Int32Array)],
  validity: c.validity && [...c.validity],
  nullCount: c.nullCount,
});

test('interleaved row groups give the dictionary, codes and nulls of one thread', () => {
  const expected = oneThread();
  assert.ok(expected.nullCount > 0 && expected.dictionary.includes('') && expected.dictionary.includes('😀'));
  // Alternating groups, and a split where one thread has a single group and the empty one.
  for (const owner of [
    [0, 1, 0, 1, 0, 1, 0],
    [1, 1, 1, 0, 1, 0, 1],
  ]) {
    const merged = mergeStringPieces('s', pieces(owner), Int32Array.from(owner), groupRows);
    assert.equal(plain(merged), expected, JSON.stringify(owner));
    assert.is(merged.sortedDictionary, true);
    assert.is(merged.type, 'char');
    assert.is(merged.length, rows);
  }
});

test('all row groups on either thread: the other piece is null', () => {
  const expected = oneThread();
  for (const t of [0, 1]) {
    const owner = groupRows.map(() => t);
    const merged = mergeStringPieces('s', pieces(owner), Int32Array.from(owner), groupRows);
    assert.equal(plain(merged), expected);
  }
});

test('a thread that read only a row group without rows may have no piece', () => {
  const owner = [0, 0, 0, 0, 0, 1, 0]; // group 5 has no rows
  const [mine] = pieces(owner.map(() => 0));
  assert.equal(plain(mergeStringPieces('s', [mine, null], Int32Array.from(owner), groupRows)), oneThread());
});

test('LargeUtf8 pieces, and a column without nulls has no bitmap', () => {
  const owner = [1, 0, 1, 0, 0, 1, 1];
  const large = mergeStringPieces('s', pieces(owner, new arrow.LargeUtf8()), Int32Array.from(owner), groupRows);
  assert.equal(plain(large), oneThread());
  const full = createStringConverter({ file: 'x', name: 's', type: new arrow.Utf8(), rows: 4 });
  full.add(arrow.vectorFromArray(['b', 'a'], new arrow.Utf8()).data[0], 2);
  const other = createStringConverter({ file: 'x', name: 's', type: new arrow.Utf8(), rows: 4 });
  other.add(arrow.vectorFromArray(['a', 'c'], new arrow.Utf8()).data[0], 0);
  const merged = mergeStringPieces('s', [full.finish(2), other.finish(2)], Int32Array.from([1, 0]), [2, 2]);
  assert.equal(plain(merged), { dictionary: ['a', 'b', 'c'], codes: [0, 2, 1, 0], validity: null, nullCount: 0 });
});

test('a row group that no thread read is a loader bug, not a silent zero', () => {
  const owner = [0, 0, 0, 0, 0, 0, 0];
  const [mine] = pieces(owner);
  assert.throws(
    () => mergeStringPieces('s', [mine, null], Int32Array.from([0, 0, 1, 0, 0, 0, 0]), groupRows),
    /group 2/,
  );
});

test.run();
