// A label column's field on an engine (API.md §3, §14): held up to the bound, pushed beyond it with the labels memory chooses.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../src/catalog/read.ts';
import { createEngines } from '../../src/engine/clients.ts';
import { runEngineTask } from '../../src/engine/run.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { toSnapshotInput } from '../../src/snapshot/build/built.ts';
import { prepareSnapshot } from '../../src/snapshot/build/create.ts';
import { writeSnapshotFile } from '../../src/snapshot/file/container.ts';
import { type Running, startServer } from '../../src/serve/server.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { testConfig } from '../helpers/server.ts';
import { toRecordedQueries } from '../helpers/engine/recorded.ts';

const PINNED = '2026-01-01T00:00:00.000';
const TABLE = 'labelled';
const JSON_BODY = { 'Content-Type': 'application/json' };

// Each code's labels, worked out by hand: the label most of its rows carry, nulls apart; a tie goes
// to the smallest label in code-point order ('Z' 0x5A < 'z' 0x7A; 'Ａ' U+FF21 < '😀' U+1F600, though
// JavaScript's < on UTF-16 puts the emoji's surrogate first); no label at all: the code itself.
const NAMES: [string | null, (string | null)[]][] = [
  ['a', ['Beta', 'Beta', 'alpha']], // Beta
  ['b', ['zed', 'Zed']], // Zed
  ['c', [null, null]], // c
  ['d', ['é', 'f']], // f
  ['e', ['😀', 'Ａ']], // Ａ
  ['f', ['x', null, null, null]], // x
  [null, ['ghost']], // a null code: no value, no label
];
const LABELS = ['Beta', 'Zed', 'c', 'f', 'Ａ', 'x'];
const ROWS = NAMES.flatMap(([code, names]) => names.map((name) => ({ code, name }))).map((r, i) => ({ id: i, ...r }));

let ch: Cluster;
let dir: string;
const servers: Running[] = [];

test.before(async () => {
  ch = await sharedCluster();
  await ch.createTable(
    TABLE,
    [
      ['id', 'Int64'],
      ['code', 'Nullable(String)'],
      ['name', 'Nullable(String)'],
    ],
    'id',
  );
  await ch.insert(TABLE, ROWS);
  dir = mkdtempSync(join(tmpdir(), 'sorrel-labels-'));
  writeFileSync(join(dir, 'rows.ndjson'), ROWS.map((r) => JSON.stringify(r)).join('\n'));
});

test.after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** The same catalog over the file or over the engine table: field 2 is the code labelled by the name. */
function writeCatalog(engine: boolean): string {
  const path = join(dir, engine ? 'engine.json' : 'file.json');
  const source = engine ? { engine: 'wh', table: TABLE } : { file: 'rows.ndjson' };
  writeFileSync(
    path,
    JSON.stringify({
      title: 'Labels',
      modified: PINNED,
      ...(engine ? { engines: { wh: { kind: 'clickhouse', url: ch.url, database: ch.database } } } : {}),
      datasets: [{ name: 'rows', ...source, data_modified: PINNED, columns: { code: 'text', name: 'text' } }],
      fields: [
        { id: 1, dataset: 'rows', column: 'id', name: 'Id' },
        { id: 2, dataset: 'rows', column: 'code', name: 'Code', label_column: 'name', enumerable: true },
      ],
      concepts: [{ id: 1, name: 'Coded', fields: [2] }],
    }),
  );
  return path;
}

/** Prepares the engine catalog with `bound`, recording each query and the rows it answered. */
async function start(bound: number) {
  const spec = loadCatalog(writeCatalog(true));
  const engines = createEngines({ timeoutMs: 10_000, env: {} });
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 1000 });
  const sent: { sql: string; rows: number }[] = [];
  try {
    const set = engines.open(spec.engines);
    const queries = toRecordedQueries(set.queries, sent);
    const parts = await prepareSnapshot(spec, pool, {
      engines: { set: { ...set, queries }, run: runEngineTask },
      searchValues: bound,
    });
    return { parts, sent };
  } finally {
    await Promise.all([pool.close(), engines.close()]);
  }
}

async function serve(catalog: string, searchValuesPerField: number): Promise<Running> {
  const s = await startServer(
    catalog,
    testConfig({ baseUrl: 'http://sorrel.test', searchValuesPerField }),
    pino({ level: 'silent' }),
  );
  servers.push(s);
  await s.ready;
  return s;
}

test('at or under the bound the labels are held: one row per value, chosen as by hand', async () => {
  const { parts, sent } = await start(6);
  const held = parts.values.get(2)!;
  assert.equal(Array.from(held.values), ['a', 'b', 'c', 'd', 'e', 'f']);
  assert.equal(held.labels(), LABELS);
  const labelled = sent.filter((q) => /sorrel_label/.test(q.sql));
  assert.equal(
    labelled.map((q) => q.rows),
    [6],
    'one query, one row per value (not one per value and label)',
  );
});

test('beyond the bound start-up reads at most the bound of values or labels, and holds none', async () => {
  const { parts, sent } = await start(3);
  assert.not.ok(parts.values.has(2), 'the labels are not held');
  assert.is(parts.summaries!.get(2)!.distinct, 6, 'the distinct count, stopped at max(bound, 30) + 1');
  for (const q of sent) if (!q.sql.startsWith('DESCRIBE')) assert.ok(q.rows <= 4, `${q.rows} rows: ${q.sql}`);
  // The accented labels the index holds for the field (at most the bound + 1 read): only 'Ａ' was chosen.
  assert.equal(parts.pushed!.get(2)!.accented, ['Ａ']);
});

test('beyond the bound, pages, queries, draws, dists and searches over the labels answer as the file does', async () => {
  const file = await serve(writeCatalog(false), 3);
  const pushed = await serve(writeCatalog(true), 3);
  assert.ok(!pushed.state.snapshot!.values.has(2) && pushed.state.snapshot!.pushed.has(2));
  const page = (await (await fetch(`${pushed.url}/api/fields/2/values/?limit=0`)).json()) as {
    values: { value: string; label: string; count: number }[];
  };
  assert.equal(
    page.values.map((v) => [v.value, v.label, v.count]),
    [
      ['a', 'Beta', 3],
      ['b', 'Zed', 2],
      ['c', 'c', 2],
      ['d', 'f', 2],
      ['e', 'Ａ', 2],
      ['f', 'x', 4],
    ],
  );
  const context = encodeURIComponent(JSON.stringify({ field: 1, operator: 'gte', value: 3 }));
  const paths = [
    '/api/fields/2/values/',
    '/api/fields/2/values/?limit=2&page=2',
    '/api/fields/2/values/?query=beta',
    '/api/fields/2/values/?query=z',
    '/api/fields/2/values/?query=a',
    '/api/fields/2/values/?query=-x',
    '/api/fields/2/values/?query=%22zed%22',
    '/api/fields/2/values/?query=%EF%BD%81', // 'ａ': folded as the label 'Ａ' is
    '/api/fields/2/values/?random=3&seed=5',
    '/api/fields/2/values/?random=2&seed=5&query=e',
    '/api/fields/2/values/?random=2&seed=5&query=nothing', // an empty draw
    `/api/fields/2/values/?aware=true&context=${context}`,
    `/api/fields/2/values/?aware=true&context=${context}&query=x`,
    `/api/fields/2/values/?aware=true&context=${context}&random=2&seed=9`,
    '/api/fields/2/dist/',
    '/api/fields/2/dist/?nulls=true&sort=count',
    `/api/fields/2/dist/?aware=true&context=${context}`,
    '/api/fields/?query=zed',
    '/api/fields/?query=beta',
    '/api/fields/?query=ghost',
    '/api/fields/?query=%EF%BD%81',
    '/api/concepts/?query=%22zed%22',
    '/api/concepts/?query=-alpha',
  ];
  for (const path of paths) {
    const [a, b] = await Promise.all([file, pushed].map(async (s) => (await fetch(s.url + path)).text()));
    assert.is(b, a, path);
  }
  // A search finds the field by a chosen label only: 'alpha' is a label of 'a', but not its chosen one.
  const ids = async (q: string) =>
    ((await (await fetch(`${pushed.url}/api/fields/?query=${q}`)).json()) as { id: number }[]).map((f) => f.id);
  assert.equal(await ids('zed'), [2]);
  assert.equal(await ids('alpha'), []);
});

test('beyond the bound, POST /values/ checks values and labels as the file does, and a built file keeps pushing', async () => {
  const file = await serve(writeCatalog(false), 3);
  const pushed = await serve(writeCatalog(true), 3);
  const items = [{ value: 'a' }, { value: 'z' }, { label: 'Zed' }, { label: 'zed' }, { label: 'c' }, { label: 'Ａ' }];
  const context = encodeURIComponent(JSON.stringify({ field: 1, operator: 'gte', value: 3 }));
  for (const query of ['', `?aware=true&context=${context}`]) {
    const [a, b] = await Promise.all(
      [file, pushed].map(async (s) =>
        (
          await fetch(`${s.url}/api/fields/2/values/${query}`, {
            method: 'POST',
            headers: JSON_BODY,
            body: JSON.stringify(items),
          })
        ).text(),
      ),
    );
    assert.is(b, a, `POST${query}`);
    assert.ok(Array.isArray(JSON.parse(b)), `POST${query}: checked items, not an error`);
  }
  const checked = (await (
    await fetch(`${pushed.url}/api/fields/2/values/`, {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify(items),
    })
  ).json()) as { value: unknown; label: string; valid: boolean }[];
  assert.equal(
    checked.map((c) => [c.value, c.label, c.valid]),
    [
      ['a', 'Beta', true],
      ['z', 'z', false],
      ['b', 'Zed', true],
      ['zed', 'zed', false],
      ['c', 'c', true],
      ['e', 'Ａ', true],
    ],
  );
  // Built with the bound of 3, served with the default: the labels are still not held, still pushed.
  const { parts } = await start(3);
  const built = join(dir, 'labels.sorrel');
  await writeSnapshotFile(built, toSnapshotInput(parts));
  const served = await serve(built, 100_000);
  assert.ok(!served.state.snapshot!.values.has(2) && served.state.snapshot!.pushed.has(2));
  for (const path of ['/api/fields/2/values/?query=z', '/api/fields/2/dist/', '/api/fields/?query=zed']) {
    const [a, b] = await Promise.all([file, served].map(async (s) => (await fetch(s.url + path)).text()));
    assert.is(b, a, `built: ${path}`);
  }
});

test.run();
