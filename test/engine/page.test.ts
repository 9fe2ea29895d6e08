// Values pages and column summaries on the engine (src/engine/compute/page.ts, summary.ts), over columns named like SQL aliases.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EngineTable } from '../../src/contract/engine.ts';
import { createEngineClient, type EngineClient } from '../../src/engine/client.ts';
import { engineValuesPage } from '../../src/engine/compute/page.ts';
import { engineSummary } from '../../src/engine/compute/summary.ts';
import { type Cluster, sharedCluster, toEngineSpec } from '../helpers/clickhouse.ts';

let ch: Cluster;
let client: EngineClient;
let table: EngineTable;

// Columns named as the queries' aliases once were (`n`, `d`, `z`): an alias would shadow them.
test.before(async () => {
  ch = await sharedCluster();
  client = createEngineClient(toEngineSpec(ch), { timeoutMs: 30_000, env: {} });
  await ch.createTable(
    'aliased',
    [
      ['n', 'Int32'],
      ['d', 'Nullable(String)'],
      ['z', 'Nullable(DateTime)'],
    ],
    'n',
  );
  await ch.insert('aliased', [
    { n: 3, d: 'b', z: '2024-05-06 07:08:09' },
    { n: 1, d: 'a', z: null },
    { n: 2, d: null, z: '1999-12-31 23:59:59' },
    { n: 3, d: 'b', z: '2024-05-06 07:08:09' },
    { n: 10, d: 'B a', z: null },
  ]);
  table = {
    engine: 'wh',
    database: ch.database,
    table: 'aliased',
    columns: { n: 'integer', d: 'char', z: 'datetime' },
    rows: 5,
  };
});

test.after(async () => {
  await client?.close();
});

test('a summary is the count, nulls, the distinct count up to a bound and the range, in storage units', async () => {
  assert.equal(await engineSummary(client.query, table, 'n', 10), {
    count: 5,
    null_count: 0,
    distinct: 4,
    min: 1,
    max: 10,
  });
  assert.equal(await engineSummary(client.query, table, 'd', Number.POSITIVE_INFINITY), {
    count: 4,
    null_count: 1,
    distinct: 3,
    min: 'B a',
    max: 'b',
  });
  assert.equal(await engineSummary(client.query, table, 'z', 2), {
    count: 3,
    null_count: 2,
    distinct: 2,
    min: Date.UTC(1999, 11, 31, 23, 59, 59),
    max: Date.UTC(2024, 4, 6, 7, 8, 9),
  });
});

test('a distinct count is exact up to its bound and null beyond it, or not counted at all', async () => {
  const distinct = async (column: string, upTo: number | null) =>
    (await engineSummary(client.query, table, column, upTo)).distinct;
  assert.is(await distinct('d', 3), 3, 'at the bound: exact (nulls are not a value)');
  assert.is(await distinct('d', 2), null, 'over the bound: null, not the bound');
  assert.is(await distinct('n', 4), 4, 'the two rows of 3 are one value');
  assert.is(await distinct('n', 3), null);
  assert.is(await distinct('n', null), null, 'not asked: not counted');
});

test('a page is sorted by value (numbers numerically, strings by code point) with exact counts', async () => {
  const page = (column: string, offset: number, limit: number) =>
    engineValuesPage(client.query, table, column, null, null, { offset, limit });
  assert.equal(await page('n', 0, 10), { count: 4, nullCount: 0, values: [1, 2, 3, 10], counts: [1, 1, 2, 1] });
  assert.equal(await page('n', 2, 1), { count: 4, nullCount: 0, values: [3], counts: [2] });
  assert.equal(await page('d', 0, 10), { count: 3, nullCount: 1, values: ['B a', 'a', 'b'], counts: [1, 1, 2] });
});

test('a query keeps matching labels, exact then prefix then the rest, ties by value', async () => {
  const q = (text: string, negated = false) => ({
    terms: [{ text, negated, phrase: false }],
    positive: negated ? '' : text,
  });
  const page = (query: ReturnType<typeof q>) =>
    engineValuesPage(client.query, table, 'd', null, query, { offset: 0, limit: 10 });
  // Labels folded: "B a" → "b a", "a", "b". Query "b": "b" exact, "b a" prefix.
  assert.equal(await page(q('b')), { count: 2, nullCount: 1, values: ['b', 'B a'], counts: [2, 1] });
  assert.equal(await page(q('a')), { count: 2, nullCount: 1, values: ['a', 'B a'], counts: [1, 1] });
  assert.equal(await page(q('a', true)), { count: 1, nullCount: 1, values: ['b'], counts: [2] });
  // A number's label is its JavaScript text: "10" and "1" hold "1".
  const numbers = await engineValuesPage(client.query, table, 'n', null, q('1'), { offset: 0, limit: 10 });
  assert.equal(numbers.values, [1, 10]);
});

test('a seeded draw returns the values at the drawn positions, in value order', async () => {
  // The draw memory makes over the same 4 values (src/common/random.ts drawIndices), read back by position.
  const drawn = await engineValuesPage(client.query, table, 'n', null, null, { random: 2, seed: 5 });
  assert.is(drawn.count, 4);
  assert.is(drawn.values.length, 2);
  const all = [1, 2, 3, 10];
  const { drawIndices } = await import('../../src/common/random.ts');
  assert.equal(
    drawn.values,
    drawIndices(4, 2, 5).map((i) => all[i]),
  );
});

test.run();
