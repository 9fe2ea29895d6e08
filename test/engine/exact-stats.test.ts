// Tests: stats of adversarial doubles (loaded exactly, as RowBinary) are the same bits in the engine and in memory, equal to a BigInt oracle, in two queries with a few rows back.
import { exact } from '../helpers/exact.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { roundRatio } from '../../src/common/exact-round.ts';
import type { ContextNode } from '../../src/contract/context.ts';
import type { EngineTable } from '../../src/contract/engine.ts';
import type { Pool } from '../../src/contract/pool.ts';
import type { TableRef } from '../../src/contract/storage.ts';
import type { StatsResult, Task } from '../../src/contract/tasks.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import runWorker from '../../workers/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { f64, i64, makeTableRef } from '../workers/table.ts';
import { toEngineQuery } from './fixture.ts';

const pool: Pool = {
  run: async <T>(task: Task) => (await runWorker(task)) as T,
  stats: () => ({ queued: 0, utilization: 0, threads: 1 }),
  close: async () => {},
};

let seed = 20261128;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};

const MAX = 1.7976931348623157e308;
/** Cancellation, 1e308 with 1, subnormals, mixed signs, −0, many equal values, and doubles over every exponent. */
const ADVERSARIAL: (number | null)[] = [
  1e308,
  1,
  -1e308,
  1e308,
  -1e308,
  5e-324,
  -5e-324,
  1e-310,
  2.2250738585072014e-308,
  -2.225073858507201e-308,
  -7.597,
  7.597,
  -0,
  0,
  1e16,
  -1e16,
  0.30000000000000004,
  -0.1,
  3.5,
  null,
  1e-300,
  -1e-300,
  2 ** 53,
  1,
  1,
  null,
  ...Array(300).fill(0.1),
  ...Array.from({ length: 400 }, () => {
    const e = Math.floor(random() * 2046) - 1074;
    return (random() < 0.5 ? -1 : 1) * (1 + random()) * 2 ** Math.max(-1074, Math.min(1023, e));
  }),
];
/** Many distinct values in one binade: 20,000 values, one exponent group. */
const MANY = Array.from({ length: 20_000 }, () => 1 + random());
/** Whole values beyond 2^53 in 64-bit integers, both extremes. */
const BIG = [2n ** 63n - 1n, -(2n ** 63n), 2n ** 53n + 1n, -3n, null, 5n, 2n ** 62n];
/** Whole doubles whose sum passes 2^53 (decimal text, §8), beside ones that are not whole or not within ±2^53. */
const WHOLE = [2 ** 53 + 2, 2 ** 53, 5, -0, 0, null, 3, 2 ** 53 - 1, 0.5, 0.5, -2];

let ch: Cluster;
let engine: EngineTable;
const rows = Math.max(ADVERSARIAL.length, MANY.length);
const at = <T>(xs: T[], i: number): T | null => (i < xs.length ? xs[i] : null);

test.before(async () => {
  ch = await sharedCluster();
  const columns: [string, string][] = [
    ['id', 'Int64'],
    ['x', 'Nullable(Float64)'],
    ['many', 'Nullable(Float64)'],
    ['huge', 'Nullable(Float64)'],
    ['whole', 'Nullable(Float64)'],
    ['big', 'Nullable(Int64)'],
  ];
  await ch.createTable('exact_stats', columns, 'id');
  for (let shard = 0; shard < 2; shard++) {
    const body = toRowBinary(shard);
    const q = encodeURIComponent(`INSERT INTO ${ch.database}.exact_stats_local FORMAT RowBinary`);
    const res = await fetch(`${ch.urls[shard]}/?query=${q}`, { method: 'POST', body });
    if (!res.ok) throw new Error(await res.text());
  }
  engine = {
    engine: 'ch',
    database: ch.database,
    table: 'exact_stats',
    columns: { id: 'integer', x: 'float', many: 'float', huge: 'float', whole: 'float', big: 'biginteger' },
    rows,
  };
});

/** The rows with id % 2 === shard as RowBinary: exact doubles, never through decimal text (18.16 misreads some). */
function toRowBinary(shard: number): Buffer {
  const parts: Buffer[] = [];
  for (let id = shard; id < rows; id += 2) {
    const b = Buffer.alloc(8 + 5 * 9);
    let o = b.writeBigInt64LE(BigInt(id), 0);
    for (const v of [at(ADVERSARIAL, id), at(MANY, id), at(HUGE, id), at(WHOLE, id)]) {
      o = b.writeUInt8(v === null ? 1 : 0, o);
      if (v !== null) o = b.writeDoubleLE(v, o);
    }
    const big = at(BIG, id);
    o = b.writeUInt8(big === null ? 1 : 0, o);
    if (big !== null) o = b.writeBigInt64LE(big, o);
    parts.push(b.subarray(0, o));
  }
  return Buffer.concat(parts);
}

const HUGE = [MAX, MAX, -MAX, 2 ** 960]; // a double sum overflows; the exact one does not

function memoryTable() {
  const ids = Array.from({ length: rows }, (_, i) => i);
  return makeTableRef({
    id: f64(ids),
    x: f64(ids.map((i) => at(ADVERSARIAL, i))),
    many: f64(ids.map((i) => at(MANY, i))),
    huge: f64(ids.map((i) => at(HUGE, i))),
    whole: f64(ids.map((i) => at(WHOLE, i))),
    big: i64(ids.map((i) => at(BIG, i))),
  });
}

const CONTEXTS: (ContextNode | null)[] = [
  null,
  { field: 1, column: 'id', type: 'integer', operator: 'lt', value: 150 },
  { field: 1, column: 'id', type: 'integer', operator: 'gte', value: 3 },
];

test('adversarial doubles: the engine and memory give the same bits, and they are the oracle’s', async () => {
  const query = toEngineQuery(ch);
  const memory = memoryTable();
  for (const column of ['x', 'many', 'huge', 'whole', 'big']) {
    for (const context of CONTEXTS) {
      const task = (table: TableRef): Task => ({ kind: 'stats', table, column, context });
      const want = (await runWorker(task(memory))) as StatsResult;
      const got = await runTableTask(task({ key: 'engine', generation: 0, parts: [], engine }), { query, pool });
      assert.equal(got, want, `${column} ${JSON.stringify(context)}`);
      if (column === 'big') continue;
      const kept = ({ x: ADVERSARIAL, many: MANY, huge: HUGE, whole: WHOLE }[column] as (number | null)[])
        .map((v, i) => [v, i] as const)
        .filter(
          ([v, i]) =>
            v !== null &&
            (context === null || ((context as { operator: string }).operator === 'lt' ? i < 150 : i >= 3)),
        )
        .map(([v]) => v as number);
      const n = BigInt(kept.length),
        s = kept.reduce((a, v) => a + exact(v), 0n),
        q = kept.reduce((a, v) => a + exact(v) ** 2n, 0n);
      assert.is(want.sum, roundRatio(s, 1n, -1074), `${column} sum`);
      assert.is(want.mean, roundRatio(s, n, -1074), `${column} mean`);
      if (n > 1n) assert.is(want.stddev, Math.sqrt(roundRatio(n * q - s * s, n * (n - 1n), -2148)), `${column} stddev`);
    }
  }
});

test('hand-worked: 1e308 + 1 − 1e308 is 1, and MAX + MAX − MAX is MAX where doubles give 0 and Infinity', async () => {
  const query = toEngineQuery(ch);
  const stats = (column: string, value: number) =>
    runTableTask(
      {
        kind: 'stats',
        table: { key: 'engine', generation: 0, parts: [], engine },
        column,
        context: { field: 1, column: 'id', type: 'integer', operator: 'lt', value },
      },
      { query, pool },
    ) as Promise<StatsResult>;
  assert.is((await stats('x', 3)).sum, 1);
  assert.is((await stats('huge', 3)).sum, MAX);
  assert.is((await stats('big', 2)).sum, -1); // 2^63 − 1 − 2^63, exactly
  assert.is((await stats('big', 7)).sum, '4620693217682128898'); // −1 + (2^53 + 1) − 3 + 5 + 2^62: exact text beyond 2^53
});

const ids = (lo: number, hi: number): ContextNode => ({
  type: 'and',
  children: [
    { field: 1, column: 'id', type: 'integer', operator: 'gte', value: lo },
    { field: 1, column: 'id', type: 'integer', operator: 'lt', value: hi },
  ],
});

/** A stats answer over the engine and in memory, with the row counts of the queries the engine answered. */
async function statsOf(column: string, context: ContextNode | null) {
  const received: number[] = [];
  const base = toEngineQuery(ch);
  const query = async (sql: string, signal?: AbortSignal) => {
    const r = await base(sql, signal);
    received.push(r.length);
    return r;
  };
  const task = (table: TableRef): Task => ({ kind: 'stats', table, column, context });
  const got = (await runTableTask(task({ key: 'engine', generation: 0, parts: [], engine }), {
    query,
    pool,
  })) as StatsResult;
  assert.equal(got, await runWorker(task(memoryTable())), `${column} ${JSON.stringify(context)}: engine = memory`);
  return { got, received };
}

test('hand-worked: whole doubles past 2^53 sum to decimal text, −0 and +0 are one distinct value, nulls are not', async () => {
  // ids 1–7: 2^53, 5, −0, 0, null, 3, 2^53 − 1: six values, five distinct, all whole within ±2^53
  const whole = (await statsOf('whole', ids(1, 8))).got;
  assert.equal([whole.count, whole.null_count, whole.distinct], [6, 1, 5]);
  assert.is(whole.sum, '18014398509481991'); // 2^54 + 7, exactly
  // with 2^53 + 2 (beyond 2^53): 2^54 + 2^53 + 9 is a double, rounded to the multiple of 4 nearest
  assert.is((await statsOf('whole', ids(0, 8))).got.sum, 27021597764222984);
  // with 0.5, 0.5 and −2 (not all whole): 2^54 + 6 rounds to even, 2^54 + 8, where its text would be …990
  assert.is((await statsOf('whole', ids(1, 11))).got.sum, 18014398509481992);
});

test('one stats answer sends two queries: the groups by sign and exponent with the nulls, then distinct, extremes and quantiles', async () => {
  for (const column of ['x', 'many', 'huge', 'whole', 'big'])
    for (const context of [...CONTEXTS, ids(1, 8)]) {
      const { received } = await statsOf(column, context);
      assert.is(received.length, 2, `${column} ${JSON.stringify(context)}: ${received.length} queries`);
    }
  // No non-null value kept: the groups alone (here the one of the nulls).
  const none = await statsOf('whole', ids(5, 6));
  assert.equal(none.received, [1]);
  assert.equal([none.got.count, none.got.null_count, none.got.distinct, none.got.sum], [0, 1, 0, null]);
});

test('what crosses the wire for a stats answer: a few rows per exponent, not one per distinct value', async () => {
  const { got, received } = await statsOf('many', null);
  assert.is(got.distinct, MANY.length);
  // one group (every value in [1, 2) has one sign and exponent, no nulls), then the one row of query 2
  assert.equal(received, [1, 1]);
});

test.run();
