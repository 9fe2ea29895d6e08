// Tests: entity counts and values with entity counts over an engine tree equal the workers' over the same tree in memory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Task } from '../../src/contract/tasks.ts';
import { mulberry32 } from '../../src/common/random.ts';
import { runTreeTask } from '../../src/engine/tree/index.ts';
import run from '../../workers/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { generatedTree, randomColumn, randomContext } from './tree-gen.ts';
import { type BothTrees, httpQuery, type Layout, loadBoth } from './tree-engine.ts';

let ch: Cluster;
const trees = new Map<Layout, BothTrees>();
const sent: string[] = [];

test.before(async () => {
  ch = await sharedCluster();
  for (const layout of ['co-sharded', 'random'] as const)
    trees.set(layout, await loadBoth(ch, 'patients', generatedTree(20261126), layout));
});

/** The engine's answer and the workers' for one task, built for each tree by `make`. */
async function both(layout: Layout, make: (tree: BothTrees['engine']) => Task): Promise<[unknown, unknown]> {
  const { memory, engine } = trees.get(layout)!;
  const ctx = { query: httpQuery(ch, sent), pool: null as never };
  return [await runTreeTask(make(engine), ctx), await run(make(memory.ref))];
}

for (const layout of ['co-sharded', 'random'] as const) {
  test(`${layout}: every column's values count the entities the workers count, without a context`, async () => {
    const { engine } = trees.get(layout)!;
    for (const dataset of Object.keys(engine.shape.nodes))
      for (const column of Object.keys(engine.tables[dataset].engine!.columns).filter((c) => c !== '_root')) {
        const [got, want] = await both(layout, (tree) => ({
          kind: 'tree-distinct',
          tree,
          dataset,
          column,
          context: null,
        }));
        assert.equal(got, want, `${dataset}.${column}`);
      }
  });

  test(`${layout}: random contexts select the entities the workers select, and restrict values the same way`, async () => {
    const r = mulberry32(layout === 'random' ? 7 : 8);
    for (let q = 0; q < 60; q++) {
      const context = randomContext(r);
      const where = `query ${q}, context ${JSON.stringify(context)}`;
      const [count, wantCount] = await both(layout, (tree) => ({ kind: 'tree-count', tree, context }));
      assert.is(count, wantCount, `count: ${where}`);
      const { dataset, column } = randomColumn(r);
      const [got, want] = await both(layout, (tree) => ({ kind: 'tree-distinct', tree, dataset, column, context }));
      assert.equal(got, want, `values of ${dataset}.${column}: ${where}`);
    }
  });
}

test('co-sharded tables are joined on each shard, lookups and the random layout through GLOBAL', async () => {
  sent.length = 0;
  const context = { field: 1, dataset: 'labs', column: 'test', type: 'text', operator: 'exact', value: 'hb' } as const;
  await both('co-sharded', (tree) => ({ kind: 'tree-count', tree, context }));
  assert.not.match(sent[0], /GLOBAL/);
  assert.match(sent[0], /SETTINGS distributed_product_mode = 'local'$/);
  sent.length = 0;
  await both('co-sharded', (tree) => ({
    kind: 'tree-count',
    tree,
    context: { ...context, dataset: 'sites', column: 'region' },
  }));
  assert.match(sent[0], /GLOBAL IN/);
  sent.length = 0;
  await both('random', (tree) => ({ kind: 'tree-count', tree, context }));
  assert.match(sent[0], /GLOBAL IN/);
  assert.not.match(sent[0], /SETTINGS/);
});

test.run();
