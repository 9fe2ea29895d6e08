// Tests: src/engine/sql/context.ts — a context selects in the engine exactly the rows workers/mask/mask.ts selects in memory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContextNode } from '../../src/contract/context.ts';
import type { EngineQuery } from '../../src/contract/engine.ts';
import { toSqlCondition, toSqlWhere } from '../../src/engine/sql/context.ts';
import { toSqlTable } from '../../src/engine/sql/literal.ts';
import { openTable, type TableView } from '../../workers/table/columns.ts';
import { contextMask } from '../../workers/mask/mask.ts';
import { sharedCluster } from '../helpers/clickhouse.ts';
import { toRand } from '../helpers/fuzz.ts';
import { drawContext } from './contexts.ts';
import { loadRows, makeRows, toEngineQuery, toTableRef } from './fixture.ts';

let query: EngineQuery;
let from: string;
let memory: TableView;

test.before(async () => {
  const ch = await sharedCluster();
  const rows = makeRows(11, 700);
  const table = await loadRows(ch, 'ctx', rows);
  query = toEngineQuery(ch);
  from = toSqlTable(table.database, table.table);
  memory = openTable(toTableRef(rows));
});

const expected = (node: ContextNode | null) => {
  const m = contextMask(memory, node);
  return Array.from({ length: memory.rows }, (_, i) => i).filter((i) => m === null || m[i] === 1);
};

/** The ids each WHERE selects, several contexts per query (each a groupArrayIf over the same rows). */
async function selected(wheres: string[]): Promise<number[][]> {
  const cols = wheres.map((w, k) => `arraySort(groupArrayIf(id, ${w})) AS w${k}`).join(', ');
  const [row] = await query(`SELECT ${cols} FROM ${from}`);
  return wheres.map((_, k) => (row[`w${k}`] as string[]).map(Number));
}

test('every operator of every type, with nulls, negation and out-of-range bounds, selects the rows the mask selects', async () => {
  const r = toRand(5);
  for (let batch = 0; batch < 40; batch++) {
    const nodes = Array.from({ length: 8 }, () => drawContext(r));
    const got = await selected(nodes.map(toSqlWhere));
    nodes.forEach((node, k) => {
      assert.equal(got[k], expected(node), JSON.stringify(node));
    });
  }
});

test('a context in WHERE: no context, an empty and, an empty or', async () => {
  for (const node of [null, { type: 'and', children: [] }, { type: 'or', children: [] }] as (ContextNode | null)[]) {
    const rows = await query(`SELECT id FROM ${from} WHERE ${toSqlWhere(node)} ORDER BY id`);
    assert.equal(
      rows.map((x) => Number(x.id)),
      expected(node),
    );
  }
});

test('conditions compile against any column expression (as a tree task qualifies them)', async () => {
  const sql = toSqlCondition('`t`.`i`', 'integer', '-range', [-3, 4]);
  assert.is(sql, 'NOT (ifNull((toFloat64(`t`.`i`) >= -3 AND toFloat64(`t`.`i`) <= 4), 0))');
  const rows = await query(`SELECT count() AS n FROM ${from} AS t WHERE ${sql}`);
  const node: ContextNode = { field: 1, column: 'i', type: 'integer', operator: '-range', value: [-3, 4] };
  assert.is(Number(rows[0].n), expected(node).length);
});

test('bounds outside a column’s range fold to constants; the rest are typed literals', () => {
  const c = (type: 'date' | 'datetime' | 'biginteger', operator: string, value: unknown) =>
    toSqlCondition('x', type, operator, value);
  assert.is(c('date', 'lt', -5), '0');
  assert.is(c('date', 'gte', -5), 'isNotNull(x)');
  assert.is(c('date', 'gt', 18262.5), "ifNull(x >= toDate('2020-01-02'), 0)");
  assert.is(c('datetime', 'exact', 1_000_001), '0');
  assert.is(c('datetime', 'lt', 1_000_001), 'ifNull(x <= toDateTime(1000), 0)');
  assert.is(c('datetime', 'in', [1000, 1500, null]), '(isNull(x) OR ifNull(x IN (toDateTime(1)), 0))');
  assert.is(c('biginteger', 'lte', '99999999999999999999'), 'isNotNull(x)');
  assert.is(c('biginteger', '-exact', '9007199254740993'), 'NOT (ifNull(x = 9007199254740993, 0))');
  assert.is(c('biginteger', 'range', ['-9223372036854775808', '5']), 'ifNull(x <= 5, 0)');
});

test.run();
