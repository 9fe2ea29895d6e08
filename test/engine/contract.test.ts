// The engine contract (API.md §14): the same rows as files and as ClickHouse tables answer every request byte for byte alike.
//
// The oracle is the in-memory backend: one seeded fixture (a table of every type the engine maps,
// and a model tree with dangling and null links) is written as NDJSON files and loaded into the
// two-shard cluster; two servers serve the same catalog, one over the files and one over the
// engine, and each of several hundred seeded requests (values, dist, stats, entities, naive and
// aware, three users) must get the same status and the same body bytes from both. ETags may
// differ: the data versions do (file hashes against the engine's fingerprint).
import { writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pino } from 'pino';
import { type Config, DEFAULT_CONFIG } from '../../src/config.ts';
import { type Running, startServer } from '../../src/serve/server.ts';
import { type Cluster, SECRET_USER, sharedCluster } from '../helpers/clickhouse.ts';
import { PASSWORD_ENV, USER_ENV } from '../helpers/engine/catalog.ts';
import { compareAll, describe } from '../helpers/engine/compare.ts';
import { fieldInfos } from '../helpers/engine/fields.ts';
import { createFixture, type Fixture } from '../helpers/engine/fixture.ts';
import { HEADERS, makeRequests, makeValuesRequests, type Request } from '../helpers/engine/requests.ts';
import { createWide, WIDE } from '../helpers/engine/wide.ts';
import { startTestServer, testConfig } from '../helpers/server.ts';

// Small limits, so the fixture's 1,500 rows reach the grid (API.md §13) and TOO_MANY_GROUPS.
const CONFIG = { baseUrl: 'http://sorrel.test', maxGroups: 1000, maxClusterPoints: 600 };

let ch: Cluster;
let fixture: Fixture;
let files: Running;
let engine: Running | null;
let engineFailure = '';
/** The same engine catalog with SORREL_SEARCH_VALUES_PER_FIELD = 3: most fields' values are pushed down page by page. */
let pushed: Running | null;
let requests: Request[];
let valuesRequests: Request[];

test.before(async () => {
  ch = await sharedCluster();
  fixture = await createFixture(ch, 'sorrel_contract');
  // The engine entry names these variables; the password user proves credentials travel from the environment.
  process.env[USER_ENV] = SECRET_USER.user;
  process.env[PASSWORD_ENV] = SECRET_USER.password;
  files = await startTestServer(fixture.fileCatalog, CONFIG);
  engine = await startEngineServer(fixture.engineCatalog);
  pushed = await startEngineServer(fixture.engineCatalog, { searchValuesPerField: BOUND });
  // The generator takes each field's operators from the in-memory backend (the oracle).
  const listed = (await (await fetch(`${files.url}/api/fields/`, { headers: HEADERS.admin })).json()) as any[];
  const infos = fieldInfos(
    fixture.datasets,
    new Map(listed.map((f) => [f.id, f.operators.map((o: string[]) => o[0])])),
  );
  requests = makeRequests(infos);
  valuesRequests = makeValuesRequests(infos);
});

/** Starts the engine-backed server; if its catalog does not load, closes it and keeps the reason for the tests. */
async function startEngineServer(catalog: string, over: Partial<Config> = {}): Promise<Running | null> {
  const running = await startServer(catalog, testConfig({ ...CONFIG, ...over }), pino({ level: 'silent' }));
  try {
    await running.ready;
    return running;
  } catch (e) {
    engineFailure = (e as Error).message;
    await running.close();
    return null;
  }
}

test.after(async () => {
  await Promise.all([files?.close(), engine?.close(), pushed?.close()]);
});

test('the engine holds the fixture rows, spread over both shards', async () => {
  for (const d of fixture.datasets) {
    const total = Number(await ch.sql(`SELECT count() FROM ${fixture.database}.${d.name}`));
    assert.is(total, d.rows.length, d.name);
  }
  const local = await Promise.all([0, 1].map((i) => ch.sql(`SELECT count() FROM ${fixture.database}.obs_local`, i)));
  assert.ok(
    local.every((n) => Number(n) > 0),
    `obs on both shards: ${local.map((n) => n.trim())}`,
  );
});

test('the requests reach every kind of answer on the file backend', async () => {
  const { answers: got } = await compareAll(files.url, files.url, requests);
  const statuses = new Set(got.map((a) => a.status));
  for (const s of [200, 400, 404, 422]) assert.ok(statuses.has(s), `some request answers ${s}`);
  const ok = got.filter((a) => a.status === 200).length;
  assert.ok(ok > requests.length * 0.75, `${ok} of ${requests.length} are 200`);
  const bodies = got.filter((a) => a.status === 200).map((a) => a.text);
  const some = (what: string, re: RegExp) =>
    assert.ok(
      bodies.some((b) => re.test(b)),
      what,
    );
  some('a clustered dist', /"clustered":true/);
  some('a dist gathered on the grid', /"cells":\d+/);
  some('a binned axis', /"bins":\{"width"/);
  some('an interval axis', /"interval":"(year|quarter|month|week|day|hour)"/);
  some('an outlier', /"outliers":\[\{/);
  some('a random draw', /^\[\{"value"/);
  some('a 64-bit integer as a string', /"value":"-?\d{16,}"/);
  some('a non-ASCII value', /"value":"[^"]*[^ -~]/);
  some('stats with quantiles', /"p95":-?\d/);
  const counts = new Set(bodies.filter((b) => b.startsWith('{"name":"patient"')).map((b) => JSON.parse(b).count));
  assert.ok(counts.size > 5, `entity counts vary with the context (${[...counts]})`);
});

test('every request gets the same status and body bytes from the engine as from the files', async () => {
  assert.ok(engine, `the engine catalog did not load: ${engineFailure}`);
  const { mismatches } = await compareAll(files.url, engine.url, requests);
  if (process.env.SORREL_CONTRACT_REPORT)
    writeFileSync(process.env.SORREL_CONTRACT_REPORT, JSON.stringify(mismatches, null, 1));
  assert.ok(mismatches.length === 0, describe(mismatches));
});

// The search bound of the pushed server: fields with more distinct values keep none in Sorrel.
const BOUND = 3;

test('with the values pushed down page by page, every values, dist and stats request gets the same bytes', async () => {
  assert.ok(pushed, `the engine catalog did not load: ${engineFailure}`);
  // A field search (`?query=` on the lists) differs by design beyond the bound (docs/engines.md: accents are not folded).
  const asked = [...requests, ...valuesRequests].filter((r) => !/^\/api\/(fields|concepts)\/\?.*query=/.test(r.path));
  const { answers, mismatches } = await compareAll(files.url, pushed.url, asked);
  assert.ok(mismatches.length === 0, describe(mismatches));
  // The extra requests reach pages, query orders and draws (not only refusals).
  const extra = answers.slice(asked.length - valuesRequests.length);
  assert.ok(extra.filter((a) => a.status === 200).length > valuesRequests.length * 0.8, 'most extra requests are 200');
  assert.ok(
    extra.some((a) => a.status === 404 && /PAGE_NOT_FOUND/.test(a.text)),
    'a page past the end',
  );
});

test('beyond the bound, a search over the labels of numbers, dates, datetimes and label columns gets the same bytes', async () => {
  assert.ok(pushed);
  // Digits and ASCII punctuation only: what folding leaves as it is, so pushed text fields answer as in
  // memory too; and the one-letter site codes as words, which label visit kinds (a tree table's field).
  const sites = ['"a"', '"b"', '"c"', '"d"', '"e"', '"g"'];
  const terms = ['.875', '-4', '"4.5"', '2024-0', '12:3', '9007199254740993', 'e+', '-2024', '"-1.125"', '0', ...sites];
  const asked = terms.flatMap((t) =>
    ['anon', 'admin'].flatMap((user) =>
      ['fields', 'concepts'].map((list) => ({
        path: `/api/${list}/?query=${encodeURIComponent(t)}`,
        user: user as 'anon',
      })),
    ),
  );
  const { answers, mismatches } = await compareAll(files.url, pushed.url, asked);
  assert.ok(mismatches.length === 0, describe(mismatches));
  // The typed fields are found by their values' labels alone.
  const found = (i: number) => (JSON.parse(answers[i].text) as { id: number }[]).map((f) => f.id);
  assert.ok(found(terms.indexOf('.875') * 4 + 2).includes(8), 'an eighth found in the Eighths field');
  assert.ok(found(terms.indexOf('2024-0') * 4 + 2).includes(14), 'a day found in the Day field');
  assert.ok(
    sites.some((t) => found(terms.indexOf(t) * 4 + 2).includes(35)),
    'a site found in the visit kinds it labels',
  );
});

test('beyond the bound Sorrel holds no values of an engine field: only its summary', async () => {
  assert.ok(pushed);
  const snapshot = pushed.state.snapshot!;
  const held = [...snapshot.summaries.keys()].filter((id) => snapshot.values.has(id));
  for (const id of held) {
    // A held field was counted at or under the bound: text, a boolean, or a number the catalog makes enumerable.
    const { distinct } = snapshot.summaries.get(id)!;
    assert.ok(distinct !== null && distinct <= BOUND, `field ${id} is held with ${distinct} values`);
  }
  // Fields with a label column past the bound: their pages carry the labels the engine chose.
  for (const id of [19, 20, 33, 34, 35, 36, 37]) assert.ok(!snapshot.values.has(id), `label field ${id} not held`);
  // Numbers, dates and datetimes the catalog makes enumerable or searchable, and label columns' labels, past the bound: pushed like text.
  for (const id of [4, 8, 14, 15, 30, 19, 20, 33, 35, 36, 37]) {
    const f = snapshot.fields.get(id)!;
    assert.ok(f.enumerable || f.searchable, `field ${id} is searched by value`);
    assert.ok(!snapshot.values.has(id) && snapshot.pushed.has(id), `field ${id} pushed`);
  }
  assert.ok(snapshot.summaries.size - held.length >= 10, `${snapshot.summaries.size - held.length} fields pushed`);
  // The model tree's fields too (API.md §12): their values, entity counts and stats come from the engine per request.
  for (const id of [22, 24, 27, 28, 30])
    assert.ok(
      snapshot.summaries.has(id) && !snapshot.values.has(id) && !snapshot.stats.has(id),
      `tree field ${id} pushed`,
    );
});

test('a clustered dist over more than 50,000 groups: the same bytes from the engine grid as from memory (1-D and 2-D, naive and aware)', async () => {
  // Default limits (M = 50,000): 130,000 rows, each with its own x.
  const wide = await createWide(ch, 'sorrel_contract_wide', 130_000);
  const config = { ...DEFAULT_CONFIG, host: '127.0.0.1', port: 0, poolThreads: 1 };
  const servers = await Promise.all(
    [wide.fileCatalog, wide.engineCatalog].map(async (catalog) => {
      const s = await startServer(catalog, config, pino({ level: 'silent' }));
      await s.ready;
      return s;
    }),
  );
  try {
    const context = encodeURIComponent(JSON.stringify({ field: WIDE.k, operator: 'lt', value: 5 }));
    const paths = [
      '',
      `?aware=1&context=${context}`,
      `?dimensions=${WIDE.y}`,
      `?dimensions=${WIDE.y}&aware=1&context=${context}`,
      '?nulls=true&sort=count',
      `?dimensions=${WIDE.y}&nulls=true&n=7`,
      '?n=9999999',
    ].map((q) => ({ path: `/api/fields/${WIDE.x}/dist/${q}`, user: 'anon' as const }));
    const { answers, mismatches } = await compareAll(servers[0].url, servers[1].url, paths, 2);
    for (const [i, a] of answers.slice(0, 6).entries()) {
      assert.is(a.status, 200, paths[i].path);
      const body = JSON.parse(a.text);
      assert.ok(
        body.size > 50_000 && body.cells > 0 && body.outliers.length > 0,
        `${paths[i].path}: ${body.size} groups on the grid`,
      );
    }
    assert.is(answers[6].status, 400, 'n past the cells');
    assert.ok(mismatches.length === 0, describe(mismatches));
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
});

test.run();
