// Tests: workers/table/slice.ts, a table's rows [start, end) as a table of their own.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bitAt, isValid, openTable } from '../../../workers/table/columns.ts';
import { sliceTable } from '../../../workers/table/slice.ts';
import { bool, dict, f64, makeTableRef } from '../table.ts';

const flags = [true, null, false, true, true, null, false, false, true, null, true];
const table = openTable(
  makeTableRef({
    b: bool(flags),
    s: dict(['a', 'b', null, 'c', 'a', 'b', 'c', null, 'a', 'b', 'c']),
    x: f64([0, 1, 2, 3, 4, null, 6, 7, 8, 9, 10]),
  }),
);

test('a slice reads the rows from `start` on: booleans and nulls by the moved bit offset, values by index', () => {
  const part = sliceTable(table, [3, 10]);
  assert.is(part.rows, 7);
  const b = part.column('b');
  assert.equal(
    Array.from({ length: 7 }, (_, i) => (isValid(b, i) ? bitAt(b, i) === 1 : null)),
    flags.slice(3, 10),
  );
  assert.is(b.nullCount, 2);
  const x = part.column('x');
  assert.equal(Array.from(x.values as Float64Array), [3, 4, 0, 6, 7, 8, 9]);
  assert.equal([isValid(x, 2), x.nullCount], [false, 1]);
  const s = part.column('s');
  assert.equal([s.dictionary, s.nullCount, s.length], [table.column('s').dictionary, 1, 7]);
});

test('a slice without a null in its rows has no validity bitmap; the whole range is the table itself', () => {
  const x = sliceTable(table, [6, 11]).column('x');
  assert.equal([x.validity, x.nullCount], [null, 0]);
  assert.is(sliceTable(table, [0, 11]), table);
  assert.is(sliceTable(table, [2, 5]), sliceTable(table, [2, 5]), 'cached per thread');
});

test('rows outside the table are an error', () => {
  assert.throws(() => sliceTable(table, [5, 12]), /outside table/);
  assert.throws(() => sliceTable(table, [4, 3]), /outside table/);
});

test.run();
