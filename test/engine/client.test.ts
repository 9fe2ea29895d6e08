// The engine gateway (src/engine/client.ts): the deadline, an unreachable engine, credentials from the environment, cancellation.
import { createServer } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EngineSpec } from '../../src/contract/engine.ts';
import { EngineUnavailableError } from '../../src/contract/errors.ts';
import { createEngineClient, toCredentials } from '../../src/engine/client.ts';
import { type Cluster, SECRET_USER, sharedCluster, toEngineSpec } from '../helpers/clickhouse.ts';

let ch: Cluster;
const spec = (over: Partial<EngineSpec> = {}): EngineSpec => toEngineSpec(ch, over);
const SECRET_ENV = { WH_USER: SECRET_USER.user, WH_PASSWORD: SECRET_USER.password };

test.before(async () => {
  ch = await sharedCluster();
});

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<Error> {
  return p.then(
    () => assert.unreachable('expected a rejection') as never,
    (e: unknown) => e as Error,
  );
}

test('a query slower than the deadline rejects at the deadline with ENGINE_UNAVAILABLE, not when the engine ends', async () => {
  const client = createEngineClient(spec(), { timeoutMs: 300, env: {} });
  try {
    // sleep(3) answers 0 after 3 s; only our timer can end the request first, with this message.
    const err = await rejection(client.query('SELECT sleep(3)'));
    assert.instance(err, EngineUnavailableError);
    assert.is(err.message, 'Engine "wh" did not answer within 0.3 s.');
    assert.equal(await client.query('SELECT 1 AS one'), [{ one: 1 }], 'the client still answers afterwards');
  } finally {
    await client.close();
  }
});

test('the engine enforces the deadline too: max_execution_time is sent with every query', async () => {
  const client = createEngineClient(spec(), { timeoutMs: 1000, env: {} });
  try {
    const [row] = await client.query("SELECT value FROM system.settings WHERE name = 'max_execution_time'");
    assert.is(row.value, '1');
  } finally {
    await client.close();
  }
});

test('queries run read-only (readonly=2): the engine refuses a write, DDL and lifting readonly; reads and their settings answer', async () => {
  const client = createEngineClient(spec(), { timeoutMs: 5000, env: {} });
  try {
    const [row] = await client.query("SELECT value FROM system.settings WHERE name = 'readonly'");
    assert.is(row.value, '2');
    const ddl = await rejection(client.query('CREATE TABLE sorrel_test.readonly_probe (x UInt8) ENGINE = Memory'));
    assert.instance(ddl, EngineUnavailableError);
    assert.is(((ddl as Error).cause as { code?: string }).code, '164', (ddl.cause as Error).message); // READONLY
    const drop = await rejection(client.query('DROP TABLE IF EXISTS sorrel_test.readonly_probe'));
    assert.is(((drop as Error).cause as { code?: string }).code, '164', (drop.cause as Error).message);
    const lift = await rejection(client.query('SELECT 1 SETTINGS readonly = 0'));
    assert.is(((lift as Error).cause as { code?: string }).code, '164', (lift.cause as Error).message);
    assert.equal(await ch.sql('EXISTS TABLE sorrel_test.readonly_probe'), '0\n');
    // What the tree queries send (src/engine/tree/sql.ts).
    assert.equal(await client.query("SELECT 2 AS two SETTINGS distributed_product_mode = 'local'"), [{ two: 2 }]);
  } finally {
    await client.close();
  }
});

test("a session's temporary table is filled by INSERT read-only, with the query's own settings (src/engine/compute/grid.ts)", async () => {
  const client = createEngineClient(spec(), { timeoutMs: 5000, env: {} });
  const opts = { session: `sorrel-client-test-${process.pid}` };
  try {
    await client.query('CREATE TEMPORARY TABLE probe (x UInt64) ENGINE = Memory', undefined, {
      ...opts,
      command: true,
    });
    const settings = { min_insert_block_size_rows: 1000, min_insert_block_size_bytes: 0, max_block_size: 1000 };
    await client.query('INSERT INTO probe SELECT number FROM system.numbers LIMIT 10000', undefined, {
      ...opts,
      command: true,
      settings,
    });
    const [row] = await client.query(
      'SELECT toString(count()) AS n, toString(sum(x)) AS s, toString(uniqExact(blockSize())) AS sizes, toString(min(blockSize())) AS smallest FROM probe',
      undefined,
      opts,
    );
    assert.equal(row, { n: '10000', s: '49995000', sizes: '1', smallest: '1000' }, 'ten blocks of 1,000 rows');
    const [own] = await client.query(
      "SELECT value FROM system.settings WHERE name = 'min_insert_block_size_rows'",
      undefined,
      {
        settings,
      },
    );
    assert.is(own.value, '1000', 'the setting reached the engine');
    const [other] = await client.query("SELECT value FROM system.settings WHERE name = 'min_insert_block_size_rows'");
    assert.is(other.value, '1048576', 'and only that query');
  } finally {
    await client.query('DROP TEMPORARY TABLE IF EXISTS probe', undefined, { ...opts, command: true }).catch(() => {});
    await client.close();
  }
});

test('an engine nobody listens on is unreachable, named, without its address', async () => {
  const port = await new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
  const client = createEngineClient(spec({ url: `http://127.0.0.1:${port}` }), { timeoutMs: 5000, env: {} });
  try {
    const err = await rejection(client.query('SELECT 1'));
    assert.instance(err, EngineUnavailableError);
    assert.is(err.message, 'Engine "wh" is unreachable (ECONNREFUSED).');
    assert.not.match(err.message, String(port)); // the cause (for the log) may name host and port
    assert.is(await client.ping(500), false);
  } finally {
    await client.close();
  }
});

test('credentials come from the named environment variables; a wrong password fails without showing it', async () => {
  const ok = createEngineClient(spec({ userEnv: 'WH_USER', passwordEnv: 'WH_PASSWORD' }), {
    timeoutMs: 5000,
    env: SECRET_ENV,
  });
  const wrong = createEngineClient(spec({ userEnv: 'WH_USER', passwordEnv: 'WH_PASSWORD' }), {
    timeoutMs: 5000,
    env: { ...SECRET_ENV, WH_PASSWORD: `${SECRET_USER.password}-x` },
  });
  try {
    // Sent: without them the engine would take the query as `default`, and the wrong password too.
    assert.equal(await ok.query('SELECT 1 AS one'), [{ one: 1 }]);
    const err = await rejection(wrong.query('SELECT 1'));
    assert.instance(err, EngineUnavailableError);
    assert.match(err.message, /^Engine "wh" failed \(ClickHouse error \d+\)\.$/);
    const everything = `${err.message} ${(err.cause as Error).message} ${err.stack}`;
    assert.not.match(everything, SECRET_USER.password);
    assert.not.match(everything, SECRET_USER.user);
  } finally {
    await ok.close();
    await wrong.close();
  }
});

test('a credential variable that is not set is a problem naming the variable, not its value', () => {
  const { problems } = toCredentials(spec({ userEnv: 'WH_USER', passwordEnv: 'WH_PASSWORD' }), { WH_USER: 'u' });
  assert.equal(problems, ['engines.wh: `password_env` names WH_PASSWORD, which is not set in the environment.']);
});

test("the caller's AbortSignal cancels a query as an AbortError (the client went away), not an outage", async () => {
  const client = createEngineClient(spec(), { timeoutMs: 10_000, env: {} });
  try {
    const controller = new AbortController();
    const pending = client.query('SELECT sleep(2)', controller.signal);
    setTimeout(() => controller.abort(), 100);
    const err = await rejection(pending);
    assert.is(err.name, 'AbortError');
    assert.not.instance(err, EngineUnavailableError);
  } finally {
    await client.close();
  }
});

/**
 * The slow scans of this process's clients running on shard `i` (by the query_id prefix every engine
 * query carries, and the scan's text: the `sleep(n)` queries of the tests before, cancelled, run on
 * until their sleep ends, which KILL QUERY cannot cut short).
 */
async function running(i: number): Promise<number> {
  return Number(
    await ch.sql(
      "SELECT count() FROM system.processes WHERE initial_query_id LIKE 'sorrel-wh-%' AND query LIKE '%sleepEachRow%'",
      i,
    ),
  );
}

/** Polls `check` every 50 ms until it holds, at most `tries` times; resolves with whether it held. */
async function eventually(check: () => Promise<boolean>, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A Distributed table whose scan sleeps 10 ms a row, 10 rows a block: ~10 s per shard, on both shards. */
const slow = () => `SELECT sum(sleepEachRow(0.01)) AS s FROM ${ch.database}.slow SETTINGS max_block_size = 10`;

test('a cancelled query is killed on the engine: it leaves system.processes on both shards', async () => {
  await ch.createTable('slow', [['x', 'UInt64']], 'x');
  await ch.insert(
    'slow',
    Array.from({ length: 2000 }, (_, x) => ({ x })),
  );
  const client = createEngineClient(spec(), { timeoutMs: 30_000, env: {} });
  try {
    const controller = new AbortController();
    const pending = client.query(slow(), controller.signal);
    assert.ok(await eventually(async () => (await running(0)) > 0 && (await running(1)) > 0), 'running on both shards');
    controller.abort();
    assert.is((await rejection(pending)).name, 'AbortError');
    // Without KILL QUERY, 18.16 would go on for ~10 s after the HTTP request closed: 2 s is the bound here.
    assert.ok(
      await eventually(async () => (await running(0)) === 0 && (await running(1)) === 0, 40),
      'killed on both shards',
    );
  } finally {
    await client.close();
  }
});

test('a query past its deadline is killed on the engine too', async () => {
  // (The engine's own max_execution_time, 1 s here, would end it as well, a little later.)
  const late = createEngineClient(spec(), { timeoutMs: 700, env: {} });
  try {
    assert.instance(await rejection(late.query(slow())), EngineUnavailableError);
    assert.ok(
      await eventually(async () => (await running(0)) === 0 && (await running(1)) === 0),
      'killed on both shards',
    );
  } finally {
    await late.close();
  }
});

test.run();
