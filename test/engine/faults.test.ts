// Engine faults (API.md §14): a shard stopped mid-run gives 503 ENGINE_UNAVAILABLE with Retry-After; credentials appear nowhere.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Running, startServer } from '../../src/serve/server.ts';
import { type Cluster, SECRET_USER, startCluster } from '../helpers/clickhouse.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import { createPeople, writeEngineCatalog } from '../helpers/engine.ts';
import { get, testConfig } from '../helpers/server.ts';

let ch: Cluster;
let s: Running;
let log = '';
const seen: string[] = []; // every body and header the tests received

// uvu swallows an error thrown by a `before` hook (a CI run once showed 0 of 5 and no message):
// the set-up's error is kept and thrown by each test instead.
let setupError: unknown = null;
test.before(async () => {
  try {
    await setUp();
  } catch (err) {
    setupError = err;
  }
});
test.before.each(() => {
  if (setupError) throw setupError;
});

async function setUp() {
  ch = await startCluster(); // its own: these tests stop shards
  await createPeople(ch, 'people');
  process.env.SORREL_TEST_WH_USER = SECRET_USER.user;
  process.env.SORREL_TEST_WH_PASSWORD = SECRET_USER.password;
  const sink = new Writable({
    write(chunk, _enc, done) {
      log += chunk;
      done();
    },
  });
  const catalog = writeEngineCatalog(ch, 'people', {
    user_env: 'SORREL_TEST_WH_USER',
    password_env: 'SORREL_TEST_WH_PASSWORD',
  });
  s = await startServer(
    catalog,
    testConfig({ engineTimeoutMs: 5000, metricsPublic: true }),
    pino({ level: 'debug' }, sink),
    undefined,
    runTableTask,
  );
  await s.ready;
}
test.after(async () => {
  await s?.close();
  await ch?.stop();
  delete process.env.SORREL_TEST_WH_USER;
  delete process.env.SORREL_TEST_WH_PASSWORD;
});

/** GET with the answer recorded for the leak check. */
async function fetchSeen(path: string) {
  const got = await get(s.url, path);
  seen.push(got.text, JSON.stringify([...got.headers]));
  return got;
}

const aware = (city: string) =>
  `/api/fields/2/values/?aware=true&context=${encodeURIComponent(JSON.stringify({ field: 2, operator: 'exact', value: city }))}`;

test('with both shards up, a pushed-down request answers', async () => {
  assert.is((await fetchSeen(aware('Oslo'))).status, 200);
});

test('a shard stopped mid-run makes pushed-down requests 503 ENGINE_UNAVAILABLE with Retry-After; /readyz stays 200', async () => {
  await ch.stopShard(1);
  const got = await fetchSeen(aware('Lima'));
  assert.is(got.status, 503);
  assert.is(got.body.code, 'ENGINE_UNAVAILABLE');
  assert.is(got.body.status, 503);
  assert.match(got.body.message, /^Engine "wh" failed \(ClickHouse error \d+\)\. Retry shortly\.$/);
  assert.is(got.headers.get('retry-after'), '5');
  // Answers that need no engine query still come from the snapshot.
  assert.is((await fetchSeen('/api/fields/2/values/')).status, 200);
  const ready = await fetchSeen('/readyz');
  assert.is(ready.status, 200);
  assert.equal(ready.body.engines, { wh: 'up' }, 'the engine entry (shard 0) still answers a ping');
});

test('with the engine itself down, /readyz says so and stays 200; requests fail fast as unreachable', async () => {
  await ch.stopShard(0);
  const ready = await fetchSeen('/readyz');
  assert.is(ready.status, 200);
  assert.equal(ready.body.engines, { wh: 'down' });
  const got = await fetchSeen(aware('Pune'));
  assert.is(got.status, 503);
  assert.is(got.body.message, 'Engine "wh" is unreachable (ECONNREFUSED). Retry shortly.');
});

test('started again, the engine answers the same request', async () => {
  await ch.startShard(0);
  await ch.startShard(1);
  assert.is((await fetchSeen(aware('Pune'))).status, 200);
  assert.equal((await fetchSeen('/readyz')).body.engines, { wh: 'up' });
});

test('the credentials are nowhere: not in the log, error bodies, /readyz or /metrics', async () => {
  const metrics = await fetchSeen('/metrics');
  assert.match(metrics.text, /sorrel_engine_errors_total\{engine="wh"\} [1-9]/);
  await s.reload();
  await new Promise((r) => setTimeout(r, 300)); // the log is batched (src/log.ts)
  const everything = `${log}\n${seen.join('\n')}`;
  assert.match(log, /reloaded/, 'the log was captured');
  for (const secret of [SECRET_USER.password, SECRET_USER.user]) assert.not.match(everything, secret);
});

test.run();
