// A worker thread that dies mid-task: that request is a 500 INTERNAL (§9, nothing internal), the pool replaces the thread.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Running, startServer } from '../../src/serve/server.ts';
import { FIXTURE_CATALOG, get, testConfig } from '../helpers/server.ts';

const FLAG = join(mkdtempSync(join(tmpdir(), 'sorrel-die-')), 'die');
process.env.SORREL_TEST_DIE_FILE = FLAG; // read by the worker threads when they start
let s: Running;
let n = 0;
/** An aware distribution no request asked before: no cache answers it, a task computes it. */
const fresh = () =>
  `/api/fields/3/dist/?aware=true&context=${encodeURIComponent(JSON.stringify({ field: 4, operator: 'lt', value: 100 + n++ }))}`;

test.before(async () => {
  s = await startServer(
    FIXTURE_CATALOG,
    testConfig({ poolThreads: 2, metricsPublic: true }),
    pino({ level: 'silent' }),
    new URL('../fixtures/dying-worker.ts', import.meta.url),
  );
  await s.ready;
  await s.warmed; // no warm-up task left to die in a request's stead
});
test.after(async () => {
  await s.close();
});

test('the request whose worker thread dies is a 500 INTERNAL with no internals; the next one is answered', async () => {
  assert.is((await get(s.url, fresh())).status, 200);
  writeFileSync(FLAG, '');
  const died = await get(s.url, fresh());
  assert.equal([died.status, died.body.code], [500, 'INTERNAL']);
  assert.equal(Object.keys(died.body).sort(), ['code', 'message', 'status']);
  assert.not.match(died.text, /exit|worker|thread|\.ts|at /i);
  for (let i = 0; i < 4; i++) assert.is((await get(s.url, fresh())).status, 200);
});

test('with tasks in flight on both threads, only the one that died fails; the pool is whole again', async () => {
  writeFileSync(FLAG, '');
  const answers = await Promise.all(Array.from({ length: 8 }, () => get(s.url, fresh())));
  const statuses = answers.map((a) => a.status).sort();
  assert.equal(statuses, [200, 200, 200, 200, 200, 200, 200, 500]);
  const later = await Promise.all(Array.from({ length: 8 }, () => get(s.url, fresh())));
  assert.ok(later.every((a) => a.status === 200));
  assert.is(s.pool.stats().threads, 2);
  assert.match((await get(s.url, '/metrics')).text, /\nsorrel_pool_threads 2\n/);
});

test.run();
