// Tests: tree distributions (exact, binned, truncated; 1-D and 2-D, clustered) and stats over an engine equal the workers'.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findBase } from '../../src/catalog/tree-join.ts';
import { toBins } from '../../src/common/bins.ts';
import { mulberry32 } from '../../src/common/random.ts';
import type { AxisSpec, DistParams, Task } from '../../src/contract/tasks.ts';
import type { TreeContextNode, TreeRef } from '../../src/contract/tree.ts';
import { runTreeTask } from '../../src/engine/tree/index.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import run from '../../workers/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { type BothTrees, httpQuery, type Layout, loadBoth } from './tree-engine.ts';
import { generatedTree, randomContext } from './tree-gen.ts';

let ch: Cluster;
const trees = new Map<Layout, BothTrees>();
const pool = { run: (task: Task) => run(task) } as never; // the worker adapter, in this thread

test.before(async () => {
  ch = await sharedCluster();
  for (const layout of ['co-sharded', 'random'] as const)
    trees.set(layout, await loadBoth(ch, 'patients', generatedTree(7_2026), layout));
});

async function both(layout: Layout, make: (tree: TreeRef) => Task): Promise<[unknown, unknown]> {
  const { memory, engine } = trees.get(layout)!;
  return [await runTreeTask(make(engine), { query: httpQuery(ch), pool }), await run(make(memory.ref))];
}

const params = (over: Partial<DistParams> = {}): DistParams => ({
  nulls: false,
  sort: 'fields',
  cluster: true,
  n: null,
  numeric: false,
  maxGroups: 1000,
  maxClusterPoints: 50_000,
  axes: [],
  ...over,
});

const bins = (min: number, max: number, n: number, integer: boolean): AxisSpec => ({
  kind: 'bins',
  bins: toBins(min, max, n, integer),
});

/** Dimensions (dataset.column), their axes and the parameters of each case. */
const CASES: { dims: string[]; over?: Partial<DistParams> }[] = [
  { dims: ['labs.test'] },
  { dims: ['labs.test'], over: { nulls: true, sort: 'count' } },
  { dims: ['visits.kind', 'sites.region'], over: { nulls: true } },
  { dims: ['sites.region'] },
  { dims: ['site_notes.topic'], over: { nulls: true } },
  { dims: ['patients.sex', 'insurers.plan'], over: { nulls: true } },
  { dims: ['labs.test', 'visits.kind', 'patients.sex', 'sites.region'], over: { nulls: true } },
  { dims: ['labs.value', 'patients.age'], over: { numeric: true } },
  { dims: ['visits.cost', 'labs.value'], over: { numeric: true, n: 3, nulls: true } },
  { dims: ['patients.age'], over: { numeric: true, cluster: false } },
  // §13's grid computed by the engine (src/engine/compute/grid.ts): a small M puts the groups on it.
  { dims: ['labs.value'], over: { numeric: true, maxClusterPoints: 20 } },
  { dims: ['labs.value', 'patients.age'], over: { numeric: true, maxClusterPoints: 30 } },
  { dims: ['visits.cost', 'labs.value'], over: { numeric: true, nulls: true, sort: 'count', maxClusterPoints: 30 } },
  { dims: ['labs.value'], over: { axes: [bins(0.5, 199.9, 12, false)] } },
  { dims: ['patients.age'], over: { axes: [bins(18, 87, 7, true)] } },
  {
    dims: ['visits.cost', 'sites.beds'],
    over: { axes: [bins(0, 1250, 5, false), bins(10, 40, 3, true)], nulls: true },
  },
  ...(['year', 'quarter', 'month', 'week', 'day'] as const).map((unit) => ({
    dims: ['visits.day'],
    over: { axes: [{ kind: 'interval' as const, unit, type: 'date' as const }], nulls: true },
  })),
  { dims: ['labs.test'], over: { maxGroups: 2 } },
];

for (const layout of ['co-sharded', 'random'] as const) {
  test(`${layout}: distributions over the tree equal the workers', with and without contexts`, async () => {
    const r = mulberry32(layout === 'random' ? 11 : 12);
    for (const { dims, over } of CASES) {
      const { memory } = trees.get(layout)!;
      const found = findBase(
        memory.ref.shape,
        dims.map((d) => ({ dataset: d.split('.')[0], column: d.split('.')[1] })),
      );
      if (found.base === null) throw new Error(found.message);
      for (const context of [null, randomContext(r), randomContext(r)] as (TreeContextNode | null)[]) {
        const [got, want] = await both(layout, (tree) => ({
          kind: 'tree-dist',
          tree,
          base: found.base!,
          dimensions: found.dimensions,
          context,
          params: params(over),
        }));
        assert.equal(got, want, `${dims.join(' × ')} ${JSON.stringify(over)} context ${JSON.stringify(context)}`);
      }
    }
  });

  test(`${layout}: stats over J(T) equal the workers', with and without contexts`, async () => {
    const r = mulberry32(layout === 'random' ? 21 : 22);
    for (const name of ['labs.value', 'visits.cost', 'visits.day', 'patients.age', 'sites.beds']) {
      const [dataset, column] = name.split('.');
      for (const context of [null, randomContext(r), randomContext(r)] as (TreeContextNode | null)[]) {
        const [got, want] = await both(layout, (tree) => ({ kind: 'tree-stats', tree, dataset, column, context }));
        assert.equal(got, want, `${name} context ${JSON.stringify(context)}`);
      }
    }
  });
}

test('the pool wiring: a shape task on a real worker thread gives the in-thread answer', async () => {
  const real = createPool({ poolThreads: 1, poolMaxQueue: 100 });
  try {
    const { engine } = trees.get('random')!;
    const task = { kind: 'tree-stats', tree: engine, dataset: 'labs', column: 'value', context: null } as const;
    const onThread = await runTreeTask(task, { query: httpQuery(ch), pool: real });
    assert.equal(onThread, await runTreeTask(task, { query: httpQuery(ch), pool }));
  } finally {
    await real.close();
  }
});

test.run();
