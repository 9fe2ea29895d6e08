// Serving engine datasets (API.md §14): load, /readyz and /metrics per engine, versions on reload and `refresh`, the built file.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../src/catalog/read.ts';
import { createEngines } from '../../src/engine/clients.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { type Running, startServer } from '../../src/serve/server.ts';
import { loadBuiltSnapshot, toSnapshotInput } from '../../src/snapshot/build/built.ts';
import { prepareSnapshot } from '../../src/snapshot/build/create.ts';
import { SnapshotFileError } from '../../src/contract/errors.ts';
import { writeSnapshotFile } from '../../src/snapshot/file/container.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import { createPeople, writeEngineCatalog } from '../helpers/engine.ts';
import { get, testConfig } from '../helpers/server.ts';

const CONFIG = testConfig({ metricsPublic: true });
let ch: Cluster;

test.before(async () => {
  ch = await sharedCluster();
});

async function serve(source: string, config = CONFIG): Promise<Running> {
  const running = await startServer(source, config, pino({ level: 'silent' }), undefined, runTableTask);
  await running.ready;
  return running;
}

test('an engine dataset serves its values, and /readyz and /metrics report its engine by name', async () => {
  await createPeople(ch, 'people_a');
  const s = await serve(writeEngineCatalog(ch, 'people_a'));
  try {
    const values = await get(s.url, '/api/fields/2/values/');
    assert.is(values.status, 200);
    assert.equal(
      values.body.values.map((v: { value: string; count: number }) => [v.value, v.count]),
      [
        ['Lima', 1],
        ['Oslo', 3],
        ['Pune', 1],
      ],
    );
    const field = await get(s.url, '/api/fields/1/');
    assert.equal([field.body.internal_type, field.body.simple_type], ['integer', 'number']);
    const ready = await get(s.url, '/readyz');
    assert.is(ready.status, 200);
    assert.equal(ready.body.engines, { wh: 'up' });
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    const ok = /sorrel_engine_queries_total\{engine="wh",outcome="ok"\} (\d+)/.exec(metrics);
    assert.ok(ok && Number(ok[1]) >= 4, 'describe, facts, fingerprint and profiles were counted');
    assert.match(metrics, /sorrel_engine_query_duration_seconds_count\{engine="wh"\} \d+/);
  } finally {
    await s.close();
  }
});

test('a reload over unchanged rows keeps the version and ETags; one changed row changes both', async () => {
  await createPeople(ch, 'people_b');
  const s = await serve(writeEngineCatalog(ch, 'people_b'));
  try {
    const before = await get(s.url, '/api/fields/2/values/');
    const version = s.state.snapshot!.version;
    assert.equal(await s.reload(), { ok: true, version, problems: [] });
    assert.is((await get(s.url, '/api/fields/2/values/')).headers.get('etag'), before.headers.get('etag'));
    await ch.insert('people_b', [{ id: 7, city: 'Lima' }]);
    const after = await s.reload();
    assert.ok(after.ok && after.version !== version, 'a new version');
    const changed = await get(s.url, '/api/fields/2/values/');
    assert.is.not(changed.headers.get('etag'), before.headers.get('etag'));
    assert.equal(changed.body.values[0], { value: 'Lima', label: 'Lima', count: 2 });
  } finally {
    await s.close();
  }
});

test('with `refresh`, a changed row is noticed without a signal and swapped in', async () => {
  await createPeople(ch, 'people_c');
  const s = await serve(writeEngineCatalog(ch, 'people_c', { refresh: 1 }));
  try {
    const version = s.state.snapshot!.version;
    await ch.insert('people_c', [{ id: 8, city: 'Rome' }]);
    const deadline = Date.now() + 15_000;
    while (s.state.snapshot!.version === version && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    assert.is.not(s.state.snapshot!.version, version, 'the refresh reloaded');
    assert.is(s.state.snapshot!.datasets.get('people')!.rows, 7);
  } finally {
    await s.close();
  }
});

test('a built file keeps the engine tables by reference; served, it checks their fingerprint and refuses a changed one', async () => {
  await createPeople(ch, 'people_d');
  const catalog = writeEngineCatalog(ch, 'people_d');
  const file = join(catalog, '..', 'people.sorrel');
  const spec = loadCatalog(catalog);
  const engines = createEngines({ timeoutMs: 10_000, env: {} });
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 1000 });
  try {
    const parts = await prepareSnapshot(spec, pool, {
      engines: { set: engines.open(spec.engines), run: runTableTask },
    });
    assert.equal(parts.datasets.get('people')!.parts, []);
    await writeSnapshotFile(file, toSnapshotInput(parts));
    // One base URL, as behind one balancer: the links, and so the ETags, do not name each server's port.
    const fleet = { ...CONFIG, baseUrl: 'http://sorrel.test' };
    const fromCatalog = await serve(catalog, fleet);
    const fromFile = await serve(file, fleet);
    try {
      assert.is(fromFile.state.snapshot!.version, fromCatalog.state.snapshot!.version);
      const [a, b] = await Promise.all([fromCatalog, fromFile].map((r) => get(r.url, '/api/fields/2/values/')));
      assert.is(b.text, a.text);
      assert.is(b.headers.get('etag'), a.headers.get('etag'));
    } finally {
      await fromCatalog.close();
      await fromFile.close();
    }
    await ch.insert('people_d', [{ id: 9, city: 'Oslo' }]);
    const err = await loadBuiltSnapshot(file, pool, (s) => ({
      set: engines.open(s.engines),
      run: runTableTask,
    })).catch((e: unknown) => e);
    assert.instance(err, SnapshotFileError);
    assert.match(
      (err as Error).message,
      /engine table of people changed since the build \(fingerprint or types differ\); build the file again/,
    );
  } finally {
    await pool.close();
    await engines.close();
    rmSync(join(catalog, '..'), { recursive: true, force: true });
  }
});

test.run();
