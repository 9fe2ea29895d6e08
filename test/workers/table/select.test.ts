// Tests: the pure compute module workers/table/select.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { selectValues } from '../../../workers/table/select.ts';
import { date, dict, f64, i64, makeColumns } from '../table.ts';

const { col } = makeColumns({
  x: f64([3, null, 1, 2]),
  d: date([10, 20, null, 30]),
  big: i64([5n, null, -1n, 9007199254740993n]),
  s: dict(['a', 'b', 'c', 'd']),
  full: f64([4, 3, 2, 1]),
});

const list = (v: ArrayLike<number | bigint>) => Array.from(v);

test('copies the non-null values, in row order, with the column element type', () => {
  const x = selectValues(col('x'), null),
    d = selectValues(col('d'), null),
    big = selectValues(col('big'), null);
  assert.equal([list(x.values), x.nullCount, x.values instanceof Float64Array], [[3, 1, 2], 1, true]);
  assert.equal([list(d.values), d.nullCount, d.values instanceof Int32Array], [[10, 20, 30], 1, true]);
  assert.equal([list(big.values), big.nullCount], [[5n, -1n, 9007199254740993n], 1]);
});

test('keeps only masked records, counting their nulls', () => {
  const s = selectValues(col('x'), Uint8Array.from([0, 1, 1, 0]));
  assert.equal([list(s.values), s.nullCount], [[1], 1]);
});

test('a column without nulls and no mask is copied whole, not shared', () => {
  const s = selectValues(col('full'), null);
  assert.equal(list(s.values), [4, 3, 2, 1]);
  assert.is.not(s.values.buffer, col('full').values.buffer);
});

test('strings hold no numbers', () => {
  assert.throws(() => selectValues(col('s'), null), /holds no numbers/);
});

test.run();
