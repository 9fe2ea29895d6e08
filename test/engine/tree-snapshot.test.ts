// Tests: a catalog whose tree lives in ClickHouse loads (root_key read, no index kept) and counts entities as in memory.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCatalog } from '../../src/catalog/read.ts';
import type { TreeContextNode } from '../../src/contract/tree.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import { createEngines } from '../../src/engine/clients.ts';
import type { EngineRunner } from '../../src/engine/runner.ts';
import { runTreeTask } from '../../src/engine/tree/index.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { createSnapshot } from '../../src/snapshot/build/create.ts';
import run from '../../workers/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { tinyTables } from '../workers/tree/tiny.ts';
import { loadBoth } from './tree-engine.ts';

let ch: Cluster;
test.before(async () => {
  ch = await sharedCluster();
});

/** Tree kinds to the tree runner, the rest to the table runner (what src/engine/run.ts does). */
const runner: EngineRunner = (task, ctx, signal) =>
  (task.kind.startsWith('tree-') ? runTreeTask : runTableTask)(task, ctx, signal);

test('an engine tree with root_key loads without an index and counts entities as the workers do in memory', async () => {
  const { memory, engine } = await loadBoth(ch, 'patients', tinyTables(), 'co-sharded');
  const name = (d: string) => engine.tables[d].engine!.table;
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-engine-tree-'));
  const catalog = join(dir, 'catalog.yaml');
  writeFileSync(
    catalog,
    `title: Engine tree
engines: { ch: { kind: clickhouse, url: "${ch.url}", database: ${ch.database} } }
root: patients
datasets:
  - { name: patients, model: patient, engine: ch, table: ${name('patients')}, key: patient_id, root_key: _root }
  - { name: sites, model: site, engine: ch, table: ${name('sites')}, key: site_id }
  - name: visits
    engine: ch
    table: ${name('visits')}
    key: visit_id
    root_key: _root
    links: [{ column: patient_id, to: patients }, { column: site_id, to: sites }]
  - { name: labs, engine: ch, table: ${name('labs')}, root_key: _root, links: [{ column: visit_id, to: visits }] }
categories: [{ id: 1, name: C, order: 1 }]
fields:
  - { id: 1, dataset: patients, column: sex, name: Sex, category: 1 }
  - { id: 2, dataset: labs, column: test, name: Test, category: 1 }
  - { id: 3, dataset: sites, column: region, name: Region, category: 1 }
`,
  );
  const spec = loadCatalog(catalog);
  assert.equal(
    spec.datasets.map((d) => d.rootKey),
    ['_root', null, '_root', '_root'],
  );
  const pool = createPool({ poolThreads: 1, poolMaxQueue: 100 });
  const engines = createEngines({ timeoutMs: 20_000, env: process.env });
  try {
    const set = engines.open(spec.engines);
    const snapshot = await createSnapshot(spec, pool, { secret: false, engines: { set, run: runner } });
    const tree = snapshot.tree!;
    assert.equal([tree.resolved, tree.entity, tree.entities], [[], {}, 4]);
    assert.is(tree.tables.labs.engine?.rootKey, '_root');
    assert.is(snapshot.entity?.count, 4);
    const ctx = { query: set.queries.get('ch')!, pool };
    const context: TreeContextNode = {
      type: 'or',
      children: [
        { field: 2, dataset: 'labs', column: 'test', type: 'text', operator: 'exact', value: 'na' },
        { field: 3, dataset: 'sites', column: 'region', type: 'text', operator: '-exact', value: 'north' },
      ],
    };
    const count = await runTreeTask({ kind: 'tree-count', tree, context }, ctx);
    assert.is(count, await run({ kind: 'tree-count', tree: memory.ref, context }));
    // labs 'na' reach p1 (visit 10) and p3 (visit 13); not north: p1 (B), p3 (no site), p4 (no visit).
    assert.is(count, 3);
  } finally {
    await engines.close();
    await pool.close();
  }
});

test.run();
