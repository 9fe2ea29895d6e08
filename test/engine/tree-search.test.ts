// Tests: the pushed value search of a tree field beyond the bound reads J(T)'s values, as the index would hold them (API.md §12, §14 Search).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Task } from '../../src/contract/tasks.ts';
import { loadCatalog } from '../../src/catalog/read.ts';
import { createEngines } from '../../src/engine/clients.ts';
import { runEngineTask } from '../../src/engine/run.ts';
import { runSearchTask } from '../../src/engine/search/index.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { withEngines } from '../../src/parallel/engine-pool.ts';
import { parseQuery } from '../../src/search/query.ts';
import { prepareSnapshot } from '../../src/snapshot/build/create.ts';
import { probePushed } from '../../src/snapshot/value-search.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { dict } from '../workers/table.ts';
import { tinyTables } from '../workers/tree/tiny.ts';
import { type BothTrees, httpQuery, loadBoth } from './tree-engine.ts';

let ch: Cluster;
let both: BothTrees;

// The hand-worked tree (test/workers/tree/tiny.ts) with two values no entity reaches: lab row 5's
// test `kx` (its visit 99 dangles) and site C's region `wést` (no visit is at C). J(labs) holds hb
// and na only; J(sites) north and south only (sites A and B).
test.before(async () => {
  ch = await sharedCluster();
  const tables = tinyTables();
  tables.labs.columns.test = dict(['hb', 'na', 'hb', 'hb', 'hb', 'kx', 'na', 'hb']);
  tables.sites.columns.region = dict(['north', 'south', 'wést']);
  both = await loadBoth(ch, 'patients', tables, 'random');
});

const ctx = () => ({ query: httpQuery(ch), pool: null as never });
const terms = (...texts: string[]) => texts.map((text) => ({ text, phrase: false }));

test('a term matches a tree field when a value of J(T) holds it, not a row no entity reaches', async () => {
  const tree = both.engine;
  const match = (dataset: string, column: string, texts: string[], asciiOnly = false) =>
    runSearchTask({ kind: 'tree-value-match', tree, dataset, column, terms: terms(...texts), asciiOnly }, ctx());
  assert.equal(await match('labs', 'test', ['kx', 'HB', 'a']), [false, true, true]);
  assert.equal(await match('sites', 'region', ['wé', 'st', 'OUT']), [false, false, true]);
  // The table itself holds them: the plain task over the table finds both (what a tree field searched before).
  const table: Task = {
    kind: 'value-match',
    table: tree.tables.labs,
    column: 'test',
    terms: terms('kx'),
    asciiOnly: false,
  };
  assert.equal(await runSearchTask(table, ctx()), [true]);
});

test("a tree field's accented values are J(T)'s", async () => {
  const tree = both.engine;
  const accented = (t: Task) => runSearchTask(t, ctx());
  assert.equal(
    await accented({ kind: 'tree-value-accented', tree, dataset: 'sites', column: 'region', limit: 10 }),
    [],
  );
  assert.equal(await accented({ kind: 'value-accented', table: tree.tables.sites, column: 'region', limit: 10 }), [
    'wést',
  ]);
});

test('at start a tree field beyond the bound is pushed, and a request searches its J(T)', async () => {
  const name = (d: string) => both.engine.tables[d].engine!.table;
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-tree-search-'));
  const catalog = join(dir, 'catalog.yaml');
  writeFileSync(
    catalog,
    `title: Tree search
engines: { ch: { kind: clickhouse, url: "${ch.url}", database: ${ch.database} } }
root: patients
datasets:
  - { name: patients, engine: ch, table: ${name('patients')}, key: patient_id }
  - { name: sites, engine: ch, table: ${name('sites')}, key: site_id }
  - name: visits
    engine: ch
    table: ${name('visits')}
    key: visit_id
    links: [{ column: patient_id, to: patients }, { column: site_id, to: sites }]
  - { name: labs, engine: ch, table: ${name('labs')}, links: [{ column: visit_id, to: visits }] }
categories: [{ id: 1, name: C, order: 1 }]
fields:
  - { id: 1, dataset: labs, column: test, name: Test, category: 1, searchable: true }
  - { id: 2, dataset: sites, column: region, name: Region, category: 1, searchable: true }
`,
  );
  const spec = loadCatalog(catalog);
  const engines = createEngines({ timeoutMs: 20_000, env: {} });
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 100 });
  try {
    const set = engines.open(spec.engines);
    // A bound of 1: both fields have two values over J(T), so neither is held; their searches are pushed.
    const parts = await prepareSnapshot(spec, pool, {
      secret: false,
      engines: { set, run: runEngineTask },
      searchValues: 1,
    });
    assert.equal([...parts.pushed!.keys()], [1, 2]);
    assert.equal(parts.pushed!.get(2)!.accented, [], "J(sites) holds no accented value (wést is C's)");
    const tree = parts.tree!.ref!;
    const probe = (raw: string) =>
      probePushed(
        parts.pushed!,
        (d) => tree.tables[d],
        withEngines(pool, set.queries, runEngineTask),
        parseQuery(raw)!,
        () => true,
        undefined,
        tree,
      );
    const found = async (raw: string) => [...(await probe(raw))!].map(([id, at]) => [id, [...at]]);
    assert.equal(await found('kx'), [
      [1, []],
      [2, []],
    ]);
    assert.equal(await found('HB south'), [
      [1, [0]],
      [2, [1]],
    ]);
  } finally {
    await Promise.all([pool.close(), engines.close()]);
  }
});

test.run();
