// Tests: counting under one comparison on an Int32 column without a mask (workers/mask/range.ts, workers/group/ranged.ts, direct.ts's pairs) gives what the mask gives, whole and in parts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContextNode } from '../../../src/contract/context.ts';
import type { DistParams, RowRange, Task } from '../../../src/contract/tasks.ts';
import { distribution, distributionGroups, rangedDistributionGroups } from '../../../workers/dist/dist.ts';
import { directGroups, rangedPairGroups } from '../../../workers/group/direct.ts';
import { offsetGroups } from '../../../workers/group/offsets.ts';
import { rangedOffsetGroups } from '../../../workers/group/ranged.ts';
import run from '../../../workers/index.ts';
import { contextMask } from '../../../workers/mask/mask.ts';
import { toRangeFilter } from '../../../workers/mask/range.ts';
import { toGroupsPart } from '../../../workers/split/groups.ts';
import { openTable } from '../../../workers/table/columns.ts';
import { sliceTable } from '../../../workers/table/slice.ts';
import { distinctValues } from '../../../workers/values/distinct.ts';
import { date, f64, i32, makeTableRef } from '../table.ts';
import { mulberry32 } from '../vectors.ts';

const random = mulberry32(83);
const ROWS = 9000;
const int = (lo: number, span: number) => Array.from({ length: ROWS }, () => lo + Math.floor(random() * span));
const ref = {
  ...makeTableRef({
    cat: i32(int(-300, 700)),
    grade: i32(int(-10, 30)),
    d: date(int(19_000, 900)),
    holes: i32(int(0, 50).map((v) => (v % 7 === 0 ? null : v))),
    x: f64(int(0, 1000).map((v) => v / 8)),
  }),
  rows: ROWS,
};
const table = openTable(ref);
const cond = (column: string, operator: string, value: unknown): ContextNode => ({
  field: 1,
  column,
  type: column === 'd' ? 'date' : 'integer',
  operator,
  value,
});

/** One comparison of every operator, on bounds inside, between and beyond the values. */
const CONTEXTS: ContextNode[] = [];
for (const column of ['grade', 'd', 'cat'])
  for (const operator of ['lt', 'lte', 'gt', 'gte', 'exact'])
    for (const value of [0, 5, 5.5, -3.25, 19_300, 1e12, -1e12]) CONTEXTS.push(cond(column, operator, value));
for (const column of ['grade', 'd'])
  for (const value of [
    [-2, 7],
    [2.5, 2.75],
    [7, -2],
    [19_100.5, 19_500],
    [-1e12, 1e12],
  ])
    CONTEXTS.push(cond(column, 'range', value));
CONTEXTS.push({ type: 'and', children: [cond('grade', 'lt', 10)] });

test('a comparison on an Int32 column without nulls is a filter; anything else is not', () => {
  for (const c of CONTEXTS) assert.ok(toRangeFilter(table, c), JSON.stringify(c));
  for (const c of [
    null,
    cond('grade', '-lt', 10), // negated
    cond('grade', 'in', [1, 2]),
    cond('holes', 'lt', 10), // a column with nulls
    cond('x', 'lt', 10), // Float64
    { type: 'or', children: [cond('grade', 'lt', 10)] },
    { type: 'and', children: [cond('grade', 'lt', 10), cond('d', 'gt', 19_200)] },
  ] as (ContextNode | null)[])
    assert.is(toRangeFilter(table, c), null, JSON.stringify(c));
});

test('the groups counted without the mask are those counted under it, for every column kind the path takes', () => {
  for (const c of CONTEXTS) {
    const filter = toRangeFilter(table, c)!;
    const mask = contextMask(table, c);
    for (const column of ['cat', 'grade', 'd']) {
      const opts = { nulls: true, maxGroups: Number.POSITIVE_INFINITY };
      const want = offsetGroups(table.column(column), mask, opts);
      assert.ok(want);
      assert.equal(rangedOffsetGroups(table.column(column), filter, opts), want, `${column} ${JSON.stringify(c)}`);
    }
    // Not this path: a column with nulls, a Float64 column.
    assert.is(rangedOffsetGroups(table.column('holes'), filter, { nulls: true, maxGroups: 1e6 }), null);
    assert.is(rangedOffsetGroups(table.column('x'), filter, { nulls: true, maxGroups: 1e6 }), null);
  }
});

const params: DistParams = {
  nulls: true,
  sort: 'count',
  cluster: false,
  n: null,
  numeric: true,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  axes: [],
};

test('dist and distinct tasks, whole and split in parts, answer as under the mask', async () => {
  for (const c of CONTEXTS.filter((_, i) => i % 3 === 0)) {
    const mask = contextMask(table, c);
    for (const column of ['cat', 'd', 'holes', 'x']) {
      const cols = [table.column(column)];
      const dist: Task = { kind: 'dist', table: ref, columns: [column], context: c, params };
      assert.equal(await run(dist), distribution(cols, mask, params), `dist ${column} ${JSON.stringify(c)}`);
      const distinct: Task = { kind: 'distinct', table: ref, column, context: c };
      assert.equal(await run(distinct), distinctValues(cols[0], mask), `distinct ${column}`);
      // A part of rows [3000, 7000): what the part's own mask would give.
      const rows: RowRange = [3000, 7000];
      const sliced = sliceTable(table, rows);
      const partCols = [sliced.column(column)];
      assert.equal(
        await run({ ...dist, rows } as Task),
        toGroupsPart(distributionGroups(partCols, contextMask(sliced, c), params), partCols),
        `dist part ${column}`,
      );
    }
  }
});

test('two dimensions: the pair counted without the mask is the pair under it, whole and in parts', async () => {
  for (const c of CONTEXTS.filter((_, i) => i % 4 === 1)) {
    const mask = contextMask(table, c);
    const filter = toRangeFilter(table, c)!;
    for (const columns of [
      ['cat', 'grade'],
      ['d', 'cat'],
      ['grade', 'holes'], // a column with nulls: under the mask
    ]) {
      const cols = columns.map((k) => table.column(k));
      const got = rangedPairGroups(cols, filter, { maxGroups: 1e6 });
      if (columns.includes('holes')) assert.is(got, null);
      else
        assert.equal(got, directGroups(cols, mask, { nulls: true, maxGroups: 1e6 }), `${columns} ${JSON.stringify(c)}`);
      // The whole answer moves its points flat (workers/index.ts): compared as groups.
      if (!columns.includes('holes'))
        assert.equal(
          rangedDistributionGroups(cols, filter, params),
          distributionGroups(cols, mask, params),
          `dist ${columns} ${JSON.stringify(c)}`,
        );
      const dist: Task = { kind: 'dist', table: ref, columns, context: c, params };
      const rows: RowRange = [1000, 8000];
      const sliced = sliceTable(table, rows);
      const partCols = columns.map((k) => sliced.column(k));
      assert.equal(
        await run({ ...dist, rows } as Task),
        toGroupsPart(distributionGroups(partCols, contextMask(sliced, c), params), partCols),
        `dist part ${columns}`,
      );
    }
  }
});

test.run();
