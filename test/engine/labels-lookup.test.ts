// The labels of one answer's values (src/engine/compute/labels.ts): asked in queries of at most 2,000 literals, one row back per value found.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EngineQuery } from '../../src/contract/engine.ts';
import { engineValueLabels } from '../../src/engine/compute/labels.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';

let ch: Cluster;

test.before(async () => {
  ch = await sharedCluster();
});

test("the labels of an answer's values: 2,000 literals a query, non-finite numbers too", async () => {
  // 5,003 float values, each on one row labelled 'n<i>': quarters, then NaN and ±Infinity.
  await ch.createTable(
    'labelled_many',
    [
      ['id', 'UInt64'],
      ['x', 'Float64'],
      ['name', 'String'],
    ],
    'id',
  );
  const x = 'multiIf(number = 5000, nan, number = 5001, inf, number = 5002, -inf, number / 4)';
  // Into one shard's local table: an INSERT through the Distributed table reaches the other shard
  // asynchronously, so a query right after it could miss rows (it once missed the +Infinity row).
  await ch.sql(
    `INSERT INTO ${ch.database}.labelled_many_local SELECT number, ${x}, concat('n', toString(number)) FROM numbers(5003)`,
    0,
  );
  const table = { engine: 'ch', database: ch.database, table: 'labelled_many', columns: { x: 'float', name: 'text' } };
  const sent: string[] = [];
  const query: EngineQuery = async (sql) => {
    sent.push(sql);
    const res = await fetch(ch.url, { method: 'POST', body: `${sql} FORMAT JSON` });
    if (!res.ok) throw new Error(await res.text());
    return ((await res.json()) as { data: Record<string, unknown>[] }).data;
  };
  // 4,100 asked: the integers 0 … 1250 (values of rows 0, 4, … 4996; 1250 is none), 2000 … 4845 (none), and the three non-finite.
  const asked = [
    ...Array.from({ length: 1251 }, (_, i) => i),
    ...Array.from({ length: 2846 }, (_, i) => 2000 + i),
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  const got = await engineValueLabels(query, table as never, 'x', 'name', asked);
  const labelOf = new Map(got.values.map((v, i) => [v, got.labels[i]]));
  assert.is(sent.length, 3, 'three queries of at most 2,000 values');
  assert.is(labelOf.get(0), 'n0');
  assert.is(labelOf.get(1249), 'n4996');
  assert.is(labelOf.get(1250), undefined, 'no such value');
  assert.is(labelOf.get(0.25), undefined, 'not asked');
  // The non-finite values' rows are found (their labels come back); the engine's JSON writes the values
  // themselves as null, as it does for every engine answer (a limit of the value mapping, not of labels).
  assert.equal(got.labels.filter((l) => Number(l.slice(1)) >= 5000).sort(), ['n5000', 'n5001', 'n5002']);
  assert.is(labelOf.get(1000), 'n4000');
  assert.is(labelOf.get(1249.75), undefined, 'not asked');
  assert.is(got.values.length, 1250 + 3, 'one row per value found');
});

test.run();
