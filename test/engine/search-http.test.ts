// Search over engine values end to end (API.md §14 Search): field and concept lists answer alike over a file and over the engine, pushed or not.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../src/catalog/read.ts';
import { createEngines } from '../../src/engine/clients.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { toSnapshotInput } from '../../src/snapshot/build/built.ts';
import { prepareSnapshot } from '../../src/snapshot/build/create.ts';
import { writeSnapshotFile } from '../../src/snapshot/file/container.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import type { EngineRunner } from '../../src/engine/runner.ts';
import { runSearchTask } from '../../src/engine/search/index.ts';
import { type Running, startServer } from '../../src/serve/server.ts';
import { testConfig } from '../helpers/server.ts';
import { type Cluster, startCluster } from '../helpers/clickhouse.ts';
import { NAMES } from './search-fixture.ts';

const CONFIG = testConfig({ baseUrl: 'http://sorrel.test' });
const PINNED = '2026-01-01T00:00:00.000';
const ROWS = [...NAMES, null].map((name, i) => ({ id: i + 1, name, city: i % 3 === 0 ? 'Nîmes' : 'Lyon' }));
const QUERIES = [
  'cafe',
  'café',
  'caf',
  '"au lait"',
  'istanbul',
  'kelvin k',
  'strasse',
  '"blood pressure"',
  '"pressure"',
  '-cafe',
  'blood -"pressure"',
  "it's",
  "'",
  '\\',
  '%',
  '_',
  '`',
  "') or 1=1 --",
  '"drop table"',
  'x\x01y',
  '日本',
  'ａｂｃ',
  'egalite',
  'nimes',
  'lyon cafe',
  'name',
  'zzz',
  '"multi space"',
  'tab separated',
];

/** The runner of this test's engine tasks: pushed value searches, and the table tasks of engine-sql. */
const run: EngineRunner = (task, ctx, signal) =>
  task.kind === 'value-match' || task.kind === 'value-accented'
    ? runSearchTask(task, ctx, signal)
    : runTableTask(task, ctx, signal);

let ch: Cluster;
let servers: Running[] = [];

/** The same catalog over `names.ndjson` or over the engine table `es_http`. */
function writeCatalog(dir: string, engine: boolean): string {
  const path = join(dir, engine ? 'engine.json' : 'file.json');
  const dataset = engine ? { engine: 'wh', table: 'es_http' } : { file: 'names.ndjson' };
  writeFileSync(
    path,
    JSON.stringify({
      title: 'Search',
      modified: PINNED,
      ...(engine ? { engines: { wh: { kind: 'clickhouse', url: ch.url, database: ch.database } } } : {}),
      datasets: [{ name: 'names', ...dataset, data_modified: PINNED }],
      fields: [
        { id: 1, dataset: 'names', column: 'id', name: 'Id' },
        { id: 2, dataset: 'names', column: 'name', name: 'Patient name', searchable: true },
        { id: 3, dataset: 'names', column: 'city', name: 'City', enumerable: true },
      ],
      concepts: [
        { id: 1, name: 'Patient', fields: [2] },
        { id: 2, name: 'Place', fields: [3] },
      ],
    }),
  );
  return path;
}

async function serve(catalog: string, searchValuesPerField: number): Promise<Running> {
  const s = await startServer(catalog, { ...CONFIG, searchValuesPerField }, pino({ level: 'silent' }), undefined, run);
  servers.push(s);
  await s.ready;
  return s;
}

// A cluster of its own, stopped after the tests: sharedCluster()'s servers keep the test process alive.
test.before(async () => {
  ch = await startCluster();
  await ch.createTable(
    'es_http',
    [
      ['id', 'Int64'],
      ['name', 'Nullable(String)'],
      ['city', 'String'],
    ],
    'id',
  );
  await ch.insert('es_http', ROWS);
});
test.after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  await ch?.stop();
});

test('over the bound the engine answers value searches; under it the index does; both as the file dataset', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-search-'));
  writeFileSync(join(dir, 'names.ndjson'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
  const file = await serve(writeCatalog(dir, false), 0);
  const under = await serve(writeCatalog(dir, true), 100_000);
  // 12: fewer than the 28 names (pushed), more than their 10 accented ones (held by the index); City has 2 values.
  const over = await serve(writeCatalog(dir, true), 12);
  assert.equal([...under.state.snapshot!.pushed.keys()], []);
  assert.equal([...over.state.snapshot!.pushed.keys()], [2]);
  for (const q of QUERIES) {
    for (const list of ['fields', 'concepts']) {
      const path = `/api/${list}/?query=${encodeURIComponent(q)}`;
      const [a, b, c] = await Promise.all([file, under, over].map(async (s) => (await fetch(s.url + path)).text()));
      assert.is(b, a, `${path}: under the bound`);
      assert.is(c, a, `${path}: over the bound`);
    }
  }
  // The queries reach values: a search only the names can satisfy finds the name field and its concept.
  const hit = (await (await fetch(`${over.url}/api/fields/?query=caf%C3%A9%20noir`)).json()) as { id: number }[];
  assert.equal(
    hit.map((f) => f.id),
    [2],
  );
});

test('a built file keeps the values it held and pushes the value search of the fields it did not', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-search-built-'));
  writeFileSync(join(dir, 'names.ndjson'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
  const file = await serve(writeCatalog(dir, false), 0);
  const catalog = writeCatalog(dir, true);
  const spec = loadCatalog(catalog);
  const engines = createEngines({ timeoutMs: 10_000, env: {} });
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 1000 });
  const built = join(dir, 'names.sorrel');
  try {
    // Built with a bound of 12: the 28 names are not held; served with the default bound (100,000).
    const parts = await prepareSnapshot(spec, pool, {
      engines: { set: engines.open(spec.engines), run },
      searchValues: 12,
    });
    assert.not.ok(parts.values.has(2), 'the names are not in the file');
    await writeSnapshotFile(built, toSnapshotInput(parts));
  } finally {
    await Promise.all([pool.close(), engines.close()]);
  }
  const served = await serve(built, 100_000);
  assert.equal([...served.state.snapshot!.pushed.keys()], [2]);
  for (const q of QUERIES) {
    const path = `/api/fields/?query=${encodeURIComponent(q)}`;
    const [a, b] = await Promise.all([file, served].map(async (s) => (await fetch(s.url + path)).text()));
    assert.is(b, a, path);
  }
});

test.run();
