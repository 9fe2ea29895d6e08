// Tests: the pure compute module workers/index.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContextNode } from '../../src/contract/context.ts';
import run from '../../workers/index.ts';
import { dict, f64, makeTableRef } from './table.ts';
import { tiny } from './tree/tiny.ts';

const table = makeTableRef({ s: dict(['a', 'b', 'a', null]), x: f64([1, 2, 3, null]) });
const context: ContextNode = { field: 1, column: 'x', type: 'float', operator: 'gte', value: 2 };

test('distinct tasks apply the context, then count values', async () => {
  assert.equal(await run({ kind: 'distinct', table, column: 's', context }), {
    values: ['a', 'b'],
    counts: [1, 1],
    nullCount: 0,
  });
  assert.equal(await run({ kind: 'distinct', table, column: 's', context: null }), {
    values: ['a', 'b'],
    counts: [2, 1],
    nullCount: 1,
  });
});

test('stats tasks', async () => {
  const s = (await run({ kind: 'stats', table, column: 'x', context })) as { count: number; min: number; max: number };
  assert.equal([s.count, s.min, s.max], [2, 2, 3]);
});

/** Distribution parameters of the dist and tree-dist tasks below: exact groups, no clustering. */
const distParams = {
  nulls: false,
  sort: 'fields' as const,
  cluster: true,
  n: null,
  numeric: false,
  maxGroups: 10,
  maxClusterPoints: 10,
  axes: [],
};

test('dist tasks', async () => {
  const r = (await run({ kind: 'dist', table, columns: ['s'], context: null, params: distParams })) as {
    data: unknown[];
  };
  assert.equal(r.data, [
    { count: 2, values: ['a'] },
    { count: 1, values: ['b'] },
  ]);
});

test('results are plain data that survive structured cloning', async () => {
  const r = await run({ kind: 'stats', table, column: 'x', context: null });
  assert.equal(structuredClone(r), r);
});

test('tree tasks open the tree, select entities by the context, then count', async () => {
  const { ref: tree } = await tiny();
  const context = { field: 1, dataset: 'labs', column: 'test', type: 'text', operator: '-exact', value: 'na' } as const;
  assert.is(await run({ kind: 'tree-count', tree, context: null }), 4);
  assert.is(await run({ kind: 'tree-count', tree, context }), 2); // p2, p4
  assert.equal(await run({ kind: 'tree-distinct', tree, dataset: 'visits', column: 'kind', context }), {
    values: ['out'],
    counts: [1],
    nullCount: 1,
  });
  const stats = (await run({ kind: 'tree-stats', tree, dataset: 'patients', column: 'age', context })) as {
    count: number;
    sum: number;
  };
  assert.equal([stats.count, stats.sum], [2, 90]);
  const dimensions = [{ dataset: 'sites', column: 'region', path: [] }];
  const r = await run({ kind: 'tree-dist', tree, base: 'sites', dimensions, context: null, params: distParams });
  assert.equal(structuredClone(r), r);
  assert.equal((r as { data: unknown[] }).data, [
    { count: 2, values: ['north'] },
    { count: 1, values: ['south'] },
  ]);
});

test.run();
