// Start-up over a model tree in the engine reads summaries over J(T), not values (API.md §12, §14 "Sorrel holds no rows").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../src/catalog/read.ts';
import type { DistinctResult, StatsResult } from '../../src/contract/tasks.ts';
import { createEngines } from '../../src/engine/clients.ts';
import { runEngineTask } from '../../src/engine/run.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { prepareSnapshot } from '../../src/snapshot/build/create.ts';
import run from '../../workers/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { generatedTree } from './tree-gen.ts';
import { type BothTrees, loadBoth } from './tree-engine.ts';
import { toRecordedQueries } from '../helpers/engine/recorded.ts';

let ch: Cluster;
let both: BothTrees;
let catalog: string;

// id, dataset, column: the root's, a child's, a grandchild's (labs: 160 rows of ~150 distinct values) and lookups'.
const FIELDS = [
  [1, 'patients', 'sex'],
  [2, 'patients', 'age'],
  [3, 'visits', 'kind'],
  [4, 'visits', 'cost'],
  [5, 'labs', 'value'],
  [6, 'labs', 'test'],
  [7, 'sites', 'region'],
  [8, 'insurers', 'plan'],
  [9, 'visits', 'day'],
] as const;
const TEXT = new Set([1, 3, 6, 7, 8]);

test.before(async () => {
  ch = await sharedCluster();
  const tables = generatedTree(20261129);
  both = await loadBoth(ch, 'patients', tables, 'co-sharded');
  const datasets = Object.entries(tables).map(([name, t]) => {
    const engine = both.engine.tables[name].engine!;
    return JSON.stringify({
      name,
      engine: 'ch',
      table: engine.table,
      ...(t.key ? { key: t.key } : {}),
      ...(engine.rootKey ? { root_key: engine.rootKey } : {}),
      links: t.links ?? [],
    });
  });
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-tree-start-'));
  catalog = join(dir, 'catalog.yaml');
  writeFileSync(
    catalog,
    [
      'title: Engine tree start',
      `engines: { ch: { kind: clickhouse, url: "${ch.url}", database: ${ch.database} } }`,
      'root: patients',
      'datasets:',
      ...datasets.map((d) => `  - ${d}`),
      'categories: [{ id: 1, name: C, order: 1 }]',
      'fields:',
      ...FIELDS.map(
        ([id, dataset, column]) =>
          `  - { id: ${id}, dataset: ${dataset}, column: ${column}, name: F${id}, category: 1 }`,
      ),
      '',
    ].join('\n'),
  );
});

/** Prepares the catalog with `bound`; every query and the rows it answered are recorded. */
async function start(bound: number) {
  const spec = loadCatalog(catalog);
  const engines = createEngines({ timeoutMs: 20_000, env: {} });
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 1000 });
  const sent: { sql: string; rows: number }[] = [];
  try {
    const set = engines.open(spec.engines);
    const counted = toRecordedQueries(set.queries, sent);
    const parts = await prepareSnapshot(spec, pool, {
      secret: false,
      engines: { set: { ...set, queries: counted }, run: runEngineTask },
      searchValues: bound,
    });
    return { parts, sent };
  } finally {
    await Promise.all([pool.close(), engines.close()]);
  }
}

/** The workers' naive entity counts and stats of a field over the same tree in memory (the oracle). */
async function inMemory(id: number) {
  const [, dataset, column] = FIELDS.find(([i]) => i === id)!;
  const task = { tree: both.memory.ref, dataset, column, context: null };
  const values = (await run({ kind: 'tree-distinct', ...task })) as DistinctResult;
  const stats = TEXT.has(id) ? null : ((await run({ kind: 'tree-stats', ...task })) as StatsResult);
  return { values, stats };
}

test('start-up reads one summary per field over J(T) and no values beyond the bound', async () => {
  const { parts, sent } = await start(2);
  const summaries = parts.summaries!;
  assert.equal(
    [...summaries.keys()],
    FIELDS.map(([id]) => id),
    'every field of the tree is summarised',
  );
  assert.equal([...parts.stats.keys()], [], 'no naive stats: the engine computes them when asked');
  for (const [id, dataset, column] of FIELDS) {
    const { values, stats } = await inMemory(id);
    const s = summaries.get(id)!;
    const where = `${dataset}.${column}`;
    // Counted only for text fields (searched by value), up to the bound's 30 (API.md §3's enumerable).
    assert.is(s.distinct, TEXT.has(id) ? values.values.length : null, where);
    assert.is(s.null_count > 0, values.nullCount > 0, `${where}: nullable as in memory`);
    if (stats)
      assert.equal([s.count, s.null_count, s.min, s.max], [stats.count, stats.null_count, stats.min, stats.max], where);
    // Held: a text field with at most 2 values over J(T), with its entity counts.
    const held = parts.values.get(id);
    assert.is(held !== undefined, TEXT.has(id) && values.values.length <= 2, `${where} held`);
    if (held)
      assert.equal(
        [Array.from(held.values), Array.from(held.counts), held.nullCount],
        [values.values, values.counts, values.nullCount],
      );
  }
  const labs = (await inMemory(5)).values.values.length;
  assert.ok(labs > 30, `the lab values have many distinct values (${labs})`);
  // Nothing grows with the rows or the distinct values: a GROUP BY only in the held fields' values
  // (the root's sex, the insurers' plan) and the tree checks' examples (LIMIT 5); no query answers
  // more rows than the bound or the examples.
  assert.equal([...parts.values.keys()], [1, 8]);
  const grouped = sent.filter((q) => /GROUP BY/.test(q.sql) && !/LIMIT 5/.test(q.sql));
  assert.is(grouped.length, 2, grouped.map((q) => q.sql).join('\n'));
  for (const q of sent) if (!q.sql.startsWith('DESCRIBE')) assert.ok(q.rows <= 5, `${q.rows} rows: ${q.sql}`);
  assert.ok(!sent.some((q) => /uniqExact\(`_s/.test(q.sql)), 'no entity count per value');
});

test('at or under the bound, a text field of the tree keeps its entity counts, read once', async () => {
  const { parts } = await start(30);
  for (const id of TEXT) {
    const { values } = await inMemory(id);
    const held = parts.values.get(id)!;
    assert.equal(
      [Array.from(held.values), Array.from(held.counts), held.nullCount],
      [values.values, values.counts, values.nullCount],
    );
  }
  assert.equal([...parts.values.keys()].sort(), [...TEXT].sort());
});

test.run();
