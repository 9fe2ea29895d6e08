// Tests: a tree field's summary and values pages over J(T) on the engine (tree-summary, tree-values-page) equal what the workers count in memory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ColumnSummary, ValuesPage, ValuesQuery } from '../../src/contract/engine.ts';
import type { DistinctResult, StatsResult } from '../../src/contract/tasks.ts';
import type { TreeContextNode } from '../../src/contract/tree.ts';
import { isStatsType, toSimpleType } from '../../src/catalog/rules.ts';
import { drawIndices, mulberry32 } from '../../src/common/random.ts';
import { toLabel } from '../../src/common/values.ts';
import { runTreeTask } from '../../src/engine/tree/index.ts';
import { labelRank, matchesPieces, normalizeText, parseQuery } from '../../src/search/query.ts';
import run from '../../workers/index.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { generatedTree, randomColumn, randomContext } from './tree-gen.ts';
import { type BothTrees, httpQuery, type Layout, loadBoth } from './tree-engine.ts';

let ch: Cluster;
const trees = new Map<Layout, BothTrees>();

test.before(async () => {
  ch = await sharedCluster();
  for (const layout of ['co-sharded', 'random'] as const)
    trees.set(layout, await loadBoth(ch, 'patients', generatedTree(20261128), layout));
});

type Pick = { offset: number; limit: number } | { random: number; seed: number };

/** The engine's page of `dataset.column` (J(T), entity counts), and the workers' values of the same (the oracle). */
async function both(
  layout: Layout,
  dataset: string,
  column: string,
  context: TreeContextNode | null,
  query: ValuesQuery | null,
  pick: Pick,
): Promise<[ValuesPage, DistinctResult]> {
  const { memory, engine } = trees.get(layout)!;
  const ctx = { query: httpQuery(ch), pool: null as never };
  const page = (await runTreeTask(
    { kind: 'tree-values-page', tree: engine, dataset, column, context, query, pick },
    ctx,
  )) as ValuesPage;
  const all = (await run({ kind: 'tree-distinct', tree: memory.ref, dataset, column, context })) as DistinctResult;
  return [page, all];
}

/** Indices of `all`'s values in the answer's order: by value, or with a query by label rank then value (routes/values.ts). */
function order(all: DistinctResult, type: string, raw: string | null): number[] {
  const q = parseQuery(raw ?? undefined);
  const indices = all.values.map((_, i) => i);
  if (!q) return indices;
  const norm = all.values.map((v) => normalizeText(toLabel(v, type as never)));
  return indices
    .filter((i) => matchesPieces(q, [norm[i]]))
    .map((i) => [labelRank(q, norm[i]), i])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, i]) => i);
}

const columnsOf = (layout: Layout, dataset: string) =>
  Object.keys(trees.get(layout)!.engine.tables[dataset].engine!.columns).filter((c) => c !== '_root');

for (const layout of ['co-sharded', 'random'] as const) {
  test(`${layout}: every column's pages hold the values and entity counts the workers count, without a context`, async () => {
    const { engine } = trees.get(layout)!;
    for (const dataset of Object.keys(engine.shape.nodes))
      for (const column of columnsOf(layout, dataset)) {
        const [page, all] = await both(layout, dataset, column, null, null, { offset: 0, limit: 1000 });
        assert.equal(page, { count: all.values.length, ...all }, `${dataset}.${column}`);
        const [middle] = await both(layout, dataset, column, null, null, { offset: 2, limit: 3 });
        assert.equal(middle.values, all.values.slice(2, 5), `${dataset}.${column} from 2`);
        assert.equal(middle.counts, all.counts.slice(2, 5), `${dataset}.${column} counts from 2`);
      }
  });

  test(`${layout}: under random contexts, pages, queries and seeded draws equal the workers' values`, async () => {
    const r = mulberry32(layout === 'random' ? 17 : 18);
    const queries = [null, 'a', '-e', '"no"', '1', '19'];
    for (let n = 0; n < 40; n++) {
      const context = randomContext(r);
      const { dataset, column, type } = randomColumn(r);
      const raw = queries[n % queries.length];
      const parsed = parseQuery(raw ?? undefined);
      const query = parsed && {
        terms: parsed.terms.map((t) => ({ text: t.text, negated: t.negated, phrase: t.phrase })),
        positive: parsed.positive,
      };
      const where = `${dataset}.${column} query ${raw} context ${JSON.stringify(context)}`;
      const [page, all] = await both(layout, dataset, column, context, query, { offset: 1, limit: 4 });
      const want = order(all, type, raw);
      assert.is(page.count, want.length, where);
      assert.is(page.nullCount, all.nullCount, where);
      assert.equal(
        page.values,
        want.slice(1, 5).map((i) => all.values[i]),
        where,
      );
      assert.equal(
        page.counts,
        want.slice(1, 5).map((i) => all.counts[i]),
        where,
      );
      const [drawn] = await both(layout, dataset, column, context, query, { random: 3, seed: n });
      const positions = drawIndices(want.length, 3, n)
        .map((j) => want[j])
        .sort((a, b) => a - b);
      assert.equal(
        drawn.values,
        positions.map((i) => all.values[i]),
        `draw: ${where}`,
      );
    }
  });

  test(`${layout}: a column's summary over J(T) is its naive count, nulls, range and distinct values`, async () => {
    const { memory, engine } = trees.get(layout)!;
    const ctx = { query: httpQuery(ch), pool: null as never };
    for (const dataset of Object.keys(engine.shape.nodes))
      for (const column of columnsOf(layout, dataset)) {
        const summary = (upTo: number | null) =>
          runTreeTask(
            { kind: 'tree-summary', tree: engine, dataset, column, distinctUpTo: upTo },
            ctx,
          ) as Promise<ColumnSummary>;
        const got = await summary(Number.POSITIVE_INFINITY);
        const task = { tree: memory.ref, dataset, column, context: null };
        const values = (await run({ kind: 'tree-distinct', ...task })) as DistinctResult;
        const where = `${dataset}.${column}`;
        assert.is(got.distinct, values.values.length, where);
        assert.is(got.null_count > 0, values.nullCount > 0, where);
        if (isStatsType(toSimpleType(engine.tables[dataset].engine!.columns[column]))) {
          // Stats count J(T)'s rows (API.md §12), as the summary does; the naive bins and intervals read its range.
          const stats = (await run({ kind: 'tree-stats', ...task })) as StatsResult;
          assert.equal([got.count, got.null_count], [stats.count, stats.null_count], where);
          // A biginteger's extremes come as exact text, as every value of it does (src/engine/sql/values.ts).
          assert.equal([got.min, got.max].map(Number), [stats.min, stats.max], where);
        }
        if (values.values.length > 2) assert.is((await summary(2)).distinct, null, `${where}: over a bound of 2`);
        assert.is((await summary(null)).distinct, null, `${where}: not counted`);
      }
  });
}

test.run();
