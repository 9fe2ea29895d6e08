// Tests: workers/split/order.ts, which order each column's answer values merge in (the rules: test/common/order.test.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AxisSpec } from '../../../src/contract/tasks.ts';
import type { ColumnView } from '../../../workers/table/columns.ts';
import { toCompare } from '../../../workers/split/order.ts';

const column = (kind: ColumnView['kind']): ColumnView => ({
  kind,
  values: new Float64Array(0),
  validity: null,
  offset: 0,
  length: 0,
  nullCount: 0,
  temporal: false,
});
const sorted = (col: ColumnView, values: (number | string)[], axis?: AxisSpec) =>
  [...values].sort(toCompare(col, axis));

test('dictionary strings merge by code point, not UTF-16 unit', () => {
  assert.equal(sorted(column('dict'), ['😀', '～', 'b', 'B']), ['B', 'b', '～', '😀']);
});

test('64-bit integers (decimal text) merge by value, not as text', () => {
  assert.equal(sorted(column('i64'), ['10', '9', '-10', '-9', '9223372036854775807', '0']), [
    '-10',
    '-9',
    '0',
    '9',
    '10',
    '9223372036854775807',
  ]);
});

test('numbers merge numerically; a binned axis holds bin indexes whatever the column', () => {
  assert.equal(sorted(column('f64'), [10, 9, -1.5]), [-1.5, 9, 10]);
  assert.equal(sorted(column('i32'), [10, 9, -1]), [-1, 9, 10]);
  const bins: AxisSpec = { kind: 'bins', bins: { width: 1, start: 0, count: 20, inv: 0, base: 0 } };
  assert.equal(sorted(column('dict'), [10, 9, 2], bins), [2, 9, 10]);
});

test.run();
