// Tests: the pure compute module workers/mask/mask.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContextNode } from '../../../src/contract/context.ts';
import type { InternalType } from '../../../src/contract/model.ts';
import { openTable } from '../../../workers/table/columns.ts';
import { fold } from '../../../src/common/fold.ts';
import { contextMask } from '../../../workers/mask/mask.ts';
import { bool, date, datetime, dict, f64, i64, makeTableRef, time } from '../table.ts';

// Row:            0        1         2     3        4
const table = openTable(
  makeTableRef({
    n: f64([1, 2, null, 4, 5]),
    s: dict(['Apple', 'Éclair', null, 'apple', 'Banana']),
    b: bool([true, false, null, true, false]),
    big: i64([1n, 9007199254740993n, null, -5n, 0n]),
    d: date([0, 10, null, 20, 30]),
    t: time([0, 1000, null, 60_000, 3_600_000]),
    dt: datetime([0, 1e12, null, 1.5e12, 2e12]),
  }),
);

const types: Record<string, InternalType> = {
  n: 'float',
  s: 'text',
  b: 'boolean',
  big: 'biginteger',
  d: 'date',
  t: 'time',
  dt: 'datetime',
};
const cond = (column: string, operator: string, value: unknown): ContextNode => ({
  field: 1,
  column,
  type: types[column],
  operator,
  value,
});
const rows = (node: ContextNode | null) => {
  const m = contextMask(table, node);
  return m === null ? null : Array.from(m).flatMap((v, i) => (v ? [i] : []));
};

const cases: [string, string, unknown, number[]][] = [
  ['n', 'exact', 2, [1]],
  ['n', '-exact', 2, [0, 2, 3, 4]],
  ['n', 'exact', null, [2]],
  ['n', '-exact', null, [0, 1, 3, 4]],
  ['n', 'in', [1, 5], [0, 4]],
  ['n', '-in', [1, 5], [1, 2, 3]],
  ['n', 'in', [1, null], [0, 2]],
  ['n', 'lt', 4, [0, 1]],
  ['n', 'lte', 4, [0, 1, 3]],
  ['n', 'gt', 2, [3, 4]],
  ['n', 'gte', 2, [1, 3, 4]],
  ['n', 'range', [2, 4], [1, 3]],
  ['n', '-range', [2, 4], [0, 2, 4]],
  ['n', 'isnull', true, [2]],
  ['n', 'isnull', false, [0, 1, 3, 4]],
  ['n', '-isnull', true, [0, 1, 3, 4]],
  ['n', '-isnull', false, [2]],
  ['s', 'exact', 'apple', [3]],
  ['s', '-exact', 'apple', [0, 1, 2, 4]],
  ['s', 'exact', 'Cherry', []],
  ['s', 'iexact', 'APPLE', [0, 3]],
  ['s', '-iexact', 'apple', [1, 2, 4]],
  ['s', 'iexact', 'eclair', [1]],
  ['s', 'icontains', 'CLA', [1]],
  ['s', 'icontains', 'p', [0, 3]],
  ['s', '-icontains', 'p', [1, 2, 4]],
  ['s', 'icontains', 'É', [0, 1, 3]], // 'É' folds to 'e': Apple, Éclair, apple
  ['s', 'in', ['Banana', 'Zed'], [4]],
  ['s', '-in', ['Banana', 'Zed'], [0, 1, 2, 3]],
  ['s', 'isnull', true, [2]],
  ['b', 'exact', true, [0, 3]],
  ['b', '-exact', true, [1, 2, 4]],
  ['b', 'exact', false, [1, 4]],
  ['b', 'in', [true, false], [0, 1, 3, 4]],
  ['b', '-in', [true], [1, 2, 4]],
  ['big', 'exact', '9007199254740993', [1]],
  ['big', '-exact', '9007199254740993', [0, 2, 3, 4]],
  ['big', 'gt', '0', [0, 1]],
  ['big', 'lt', '0', [3]],
  ['big', 'range', ['-5', '1'], [0, 3, 4]],
  ['big', 'in', ['1', '-5'], [0, 3]],
  ['d', 'gte', 10, [1, 3, 4]],
  ['d', 'range', [10, 20], [1, 3]],
  ['d', '-range', [10, 20], [0, 2, 4]],
  ['t', 'lt', 60_000, [0, 1]],
  ['dt', 'gt', 1e12, [3, 4]],
];

for (const [column, operator, value, expected] of cases) {
  test(`${column} ${operator} ${JSON.stringify(value)} keeps rows ${JSON.stringify(expected)}`, () => {
    assert.equal(rows(cond(column, operator, value)), expected);
  });
}

test('a negated operator keeps exactly the records its positive form drops, nulls included', () => {
  for (const [column, operator, value] of cases) {
    if (operator.startsWith('-')) continue;
    const pos = rows(cond(column, operator, value))!,
      neg = rows(cond(column, `-${operator}`, value))!;
    assert.equal(
      [...pos, ...neg].sort((a, b) => a - b),
      [0, 1, 2, 3, 4],
      `${column} ${operator}`,
    );
  }
});

test('and keeps records matching every child, or those matching any', () => {
  assert.equal(rows({ type: 'and', children: [cond('n', 'gt', 1), cond('s', 'iexact', 'apple')] }), [3]);
  assert.equal(rows({ type: 'or', children: [cond('n', 'exact', 1), cond('n', 'isnull', true)] }), [0, 2]);
});

test('branches nest', () => {
  const node: ContextNode = {
    type: 'or',
    children: [{ type: 'and', children: [cond('n', 'gt', 1), cond('n', 'lt', 5)] }, cond('b', 'exact', true)],
  };
  assert.equal(rows(node), [0, 1, 3]);
});

test('an empty and keeps every record, an empty or none', () => {
  assert.equal(rows({ type: 'and', children: [] }), [0, 1, 2, 3, 4]);
  assert.equal(rows({ type: 'or', children: [] }), []);
  assert.equal(rows({ type: 'and', children: [cond('n', 'gt', 1), { type: 'or', children: [] }] }), []);
});

test('no context means no mask', () => {
  assert.is(rows(null), null);
});

test('the mask has one byte per row, not per padded buffer slot', () => {
  assert.is(contextMask(table, cond('n', 'gt', 0))!.length, 5);
});

test('folding ignores case and accents', () => {
  assert.is(fold('Crème BRÛLÉE'), 'creme brulee');
  assert.is(fold('Ångström'), fold('angstrom'));
});

test('an operator that does not fit the column is an error', () => {
  assert.throws(() => contextMask(table, cond('s', 'lt', 'b')), /does not apply/);
  assert.throws(() => contextMask(table, cond('n', 'icontains', '1')), /does not apply/);
});

test.run();
