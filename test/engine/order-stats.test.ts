// Exact order statistics by selection on the engine (src/engine/compute/order-stats.ts): every sampled rank of adversarial doubles and 64-bit integers, as a sort gives it, in bounded rounds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bitsToDouble } from '../../src/common/exact-round.ts';
import {
  fromFloatKey,
  fromIntegerKey,
  orderStatistics,
  toFloatKeyPrefix,
  toFloatKeySql,
  toBitsSql,
  toIntegerKeySql,
} from '../../src/engine/compute/order-stats.ts';
import { statsSql } from '../../src/engine/compute/stats.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { toEngineQuery } from './fixture.ts';

let seed = 20261129;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};

/** Both signs, ±0, subnormals, the extremes and infinities, runs of equal values, and 12,000 values in one binade (several rounds). */
const X: (number | null)[] = [
  ...[-0, 0, 5e-324, -5e-324, 1e-310, -1e-310, Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, null],
  ...[2.2250738585072014e-308, -7.597, 7.597, 1e16, -1e16, 2 ** 53, 1, 1, 1, null, -1, -1],
  ...Array(500).fill(0.1),
  ...Array.from({ length: 12_000 }, () => 1 + Math.floor(random() * 3000) * 2 ** -40),
  ...Array.from(
    { length: 800 },
    () => (random() < 0.5 ? -1 : 1) * (1 + random()) * 2 ** (Math.floor(random() * 2000) - 1000),
  ),
];
/** The 64-bit extremes, both signs, and neighbours that differ in the low bits only. */
const K: (bigint | null)[] = [
  ...[2n ** 63n - 1n, -(2n ** 63n), 0n, -1n, 1n, null, 2n ** 53n + 1n, 2n ** 53n + 3n, -(2n ** 62n)],
  ...Array.from(
    { length: 3000 },
    () => BigInt(Math.floor(random() * 2 ** 20)) * 2n ** 40n + BigInt(Math.floor(random() * 4)),
  ),
];

let ch: Cluster;
const rows = Math.max(X.length, K.length);

test.before(async () => {
  ch = await sharedCluster();
  await ch.createTable(
    'order_stats',
    [
      ['id', 'Int64'],
      ['x', 'Nullable(Float64)'],
      ['k', 'Nullable(Int64)'],
    ],
    'id',
  );
  for (let shard = 0; shard < 2; shard++) {
    const parts: Buffer[] = [];
    for (let id = shard; id < rows; id += 2) {
      const b = Buffer.alloc(26);
      let o = b.writeBigInt64LE(BigInt(id), 0);
      const [x, k] = [X[id] ?? null, K[id] ?? null];
      o = b.writeUInt8(x === null ? 1 : 0, o);
      if (x !== null) o = b.writeDoubleLE(x, o);
      o = b.writeUInt8(k === null ? 1 : 0, o);
      if (k !== null) o = b.writeBigInt64LE(k, o);
      parts.push(b.subarray(0, o));
    }
    const q = encodeURIComponent(`INSERT INTO ${ch.database}.order_stats_local FORMAT RowBinary`);
    const res = await fetch(`${ch.urls[shard]}/?query=${q}`, { method: 'POST', body: Buffer.concat(parts) });
    if (!res.ok) throw new Error(await res.text());
  }
});

/** Every 41st rank, the first and last, and those at the edges of the runs of equal values. */
function sampledRanks(n: number): number[] {
  const ranks = new Set([0, 1, n - 2, n - 1]);
  for (let r = 0; r < n; r += 41) ranks.add(r);
  return [...ranks].filter((r) => r >= 0 && r < n).sort((a, b) => a - b);
}

/** Runs the selection, recording each round's rows back. */
async function select(key: string, column: string, bits: number, counts: Map<bigint, number>, ranks: number[]) {
  const query = toEngineQuery(ch);
  const received: number[] = [];
  const from = `FROM ${ch.database}.order_stats WHERE (1) AND isNotNull(${column})`;
  const found = await orderStatistics(
    async (sql) => {
      const r = await query(sql);
      received.push(r.length);
      return r;
    },
    { from, key, bits, counts },
    ranks,
  );
  return { found, received };
}

test('doubles: the value at every sampled rank is the sorted array’s, −0 as +0', async () => {
  const values = X.filter((v): v is number => v !== null).map((v) => v + 0);
  const sorted = [...values].sort((a, b) => a - b);
  const view = new DataView(new ArrayBuffer(8));
  const counts = new Map<bigint, number>();
  for (const v of values) {
    view.setFloat64(0, v);
    const prefix = toFloatKeyPrefix(Number(view.getBigUint64(0) >> 52n));
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const ranks = sampledRanks(sorted.length);
  const bits = toBitsSql('toFloat64(assumeNotNull(x)) + 0');
  const { found, received } = await select(toFloatKeySql(bits), 'x', 12, counts, ranks);
  for (const r of ranks) assert.ok(bitsToDouble(fromFloatKey(found.get(r)!)) === sorted[r], `rank ${r}`);
  // Four rounds at most (52 fraction bits, 13 a round), each ≤ 8,192 groups per rank still sought.
  assert.ok(received.length >= 2 && received.length <= 4, String(received));
  assert.ok(
    received.every((n) => n <= 8192 * ranks.length),
    String(received),
  );
});

test('64-bit integers: the value at every sampled rank is the sorted array’s, both extremes exact', async () => {
  const values = K.filter((v): v is bigint => v !== null);
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const counts = new Map<bigint, number>([
    [0n, values.filter((v) => v < 0n).length],
    [1n, values.filter((v) => v >= 0n).length],
  ]);
  const ranks = sampledRanks(sorted.length);
  const { found, received } = await select(toIntegerKeySql('toUInt64(assumeNotNull(k))'), 'k', 1, counts, ranks);
  for (const r of ranks) assert.is(fromIntegerKey(found.get(r)!), sorted[r], `rank ${r}`);
  assert.is(fromIntegerKey(found.get(0)!), -(2n ** 63n));
  assert.is(fromIntegerKey(found.get(sorted.length - 1)!), 2n ** 63n - 1n);
  assert.ok(received.length >= 1 && received.length <= 5, String(received));
});

test('stats by selection are the stats by quantilesExact, naive and in a context, doubles and integers', async () => {
  const query = toEngineQuery(ch);
  for (const [column, type] of [
    ['x', 'float'],
    ['k', 'biginteger'],
  ] as const)
    for (const where of ['1', 'id % 3 = 1', 'id < 40']) {
      const src = { from: `${ch.database}.order_stats`, where, column, type };
      const sent: string[] = [];
      const recorded = (sql: string) => {
        sent.push(sql);
        return query(sql);
      };
      const selected = await statsSql(recorded, src, undefined, 0);
      assert.equal(selected, await statsSql(query, src), `${column} where ${where}`);
      assert.ok(sent.some((q) => /_o_p/.test(q)) && !sent.some((q) => /quantilesExact/.test(q)), sent.join('\n'));
    }
});

test('a rank beyond the rows counted is an error, not a wrong value', async () => {
  const err = await select(toIntegerKeySql('toUInt64(assumeNotNull(k))'), 'k', 1, new Map([[1n, 2]]), [5]).catch(
    (e: Error) => e,
  );
  assert.instance(err, Error);
  assert.match((err as Error).message, /beyond the 2 rows counted/);
});

test.run();
