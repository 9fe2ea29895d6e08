// Tests: src/engine/compute — every table task over the two-shard cluster deepEquals the worker's answer over the same rows in memory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toBins } from '../../src/common/bins.ts';
import { toUnits } from '../../src/common/intervals.ts';
import type { ContextNode } from '../../src/contract/context.ts';
import type { EngineTable } from '../../src/contract/engine.ts';
import type { Pool } from '../../src/contract/pool.ts';
import type { TableRef } from '../../src/contract/storage.ts';
import { valueSymbol } from 'piscina';
import type { AxisSpec, DistParams, ProfileResult, Task } from '../../src/contract/tasks.ts';
import { runTableTask } from '../../src/engine/compute/index.ts';
import type { EngineContext } from '../../src/engine/runner.ts';
import runWorker from '../../workers/index.ts';
import { sharedCluster } from '../helpers/clickhouse.ts';
import { type Rand, toRand } from '../helpers/fuzz.ts';
import { drawContext } from './contexts.ts';
import { COLUMNS, loadRows, makeRows, type Row, toEngineQuery, toTableRef } from './fixture.ts';

/** The worker adapter called in this thread: what a Piscina worker would answer. */
const pool: Pool = {
  run: async <T>(task: Task) => (await runWorker(task)) as T,
  stats: () => ({ queued: 0, utilization: 0, threads: 1 }),
  close: async () => {},
};

let ctx: EngineContext;
let engine: EngineTable;
let memory: TableRef;
let rows: Row[];

test.before(async () => {
  const ch = await sharedCluster();
  rows = makeRows(21, 800);
  engine = await loadRows(ch, 'compute', rows);
  memory = toTableRef(rows);
  ctx = { query: toEngineQuery(ch), pool };
});

/** The same task on both sides: the worker over the Arrow table, the runner over the engine table. */
async function both(task: (table: TableRef) => Task): Promise<[unknown, unknown]> {
  const inMemory = await runWorker(task(memory));
  const inEngine = await runTableTask(task({ key: 'engine', generation: 0, parts: [], engine }), ctx);
  return [inEngine, inMemory];
}

const maybeContext = (r: Rand): ContextNode | null => (r.chance(0.3) ? null : drawContext(r));
const NUMBERS = ['n', 'i', 'dec', 'big'];

test('distinct: every column, with and without random contexts', async () => {
  const r = toRand(31);
  for (let k = 0; k < 60; k++) {
    const column = Object.keys(COLUMNS)[k % 8];
    const context = maybeContext(r);
    const [got, want] = await both((table) => ({ kind: 'distinct', table, column, context }));
    assert.equal(got, want, `${column} ${JSON.stringify(context)}`);
  }
});

test('stats: every number, date and datetime column, exact sums and §8 quantiles, under random contexts', async () => {
  const r = toRand(32);
  const columns = ['n', 'i', 'dec', 'big', 'd', 'dt'];
  for (let k = 0; k < 60; k++) {
    const column = columns[k % columns.length];
    const context = maybeContext(r);
    const [got, want] = await both((table) => ({ kind: 'stats', table, column, context }));
    assert.equal(got, want, `${column} ${JSON.stringify(context)}`);
  }
});

test('profile: distinct and stats of every column', async () => {
  for (const [column, c] of Object.entries(COLUMNS)) {
    for (const stats of [true, false]) {
      const [got, want] = (await both((table) => ({ kind: 'profile', table, column, stats }))) as ProfileResult[];
      // A worker gives a number column's values and counts as typed arrays (main's ProfileValues), the engine as lists.
      // The worker function hands a profile to Piscina as a transferable (workers/index.ts toMoved): unwrap it.
      const lists = (moved: ProfileResult) => {
        const p = ((moved as unknown as Record<symbol, ProfileResult>)[valueSymbol] ?? moved) as ProfileResult;
        return {
          ...p,
          distinct: { ...p.distinct, values: Array.from(p.distinct.values), counts: Array.from(p.distinct.counts) },
        };
      };
      assert.equal(lists(got), lists(want), `${column} (${c.type})`);
    }
  }
});

/** Random dist parameters: exact axes of any columns, bins of a number axis, or periods of a date axis. */
function drawDist(r: Rand): { columns: string[]; params: DistParams } {
  const names = Object.keys(COLUMNS);
  let columns: string[];
  let axes: AxisSpec[];
  const pick = r.int(10);
  if (pick < 2) {
    const column = r.pick(NUMBERS);
    const values = rows
      .map((row) => row[column])
      .filter((v) => v !== null)
      .map(Number);
    const bins = toBins(Math.min(...values), Math.max(...values), 1 + r.int(40), column !== 'n' && column !== 'dec');
    [columns, axes] = [[column], [{ kind: 'bins', bins }]];
  } else if (pick < 4) {
    const column = r.pick(['d', 'dt']);
    const type = column === 'd' ? 'date' : 'datetime';
    [columns, axes] = [[column], [{ kind: 'interval', unit: r.pick(toUnits(type)), type }]];
  } else if (pick < 7) {
    columns = [...new Set(Array.from({ length: 1 + r.int(3) }, () => r.pick(NUMBERS)))];
    axes = columns.map(() => ({ kind: 'exact' }));
  } else {
    columns = [...new Set(Array.from({ length: 1 + r.int(3) }, () => r.pick(names)))];
    axes = columns.map(() => ({ kind: 'exact' }));
  }
  const numeric = axes.every((a) => a.kind === 'exact') && columns.every((c) => NUMBERS.includes(c));
  const params: DistParams = {
    nulls: r.chance(0.5),
    sort: r.chance(0.5) ? 'fields' : 'count',
    cluster: r.chance(0.7),
    n: r.chance(0.2) ? 1 + r.int(30) : null,
    numeric,
    maxGroups: r.pick([3, 50, 50_000]),
    maxClusterPoints: r.pick([40, 50_000]),
    axes,
  };
  return { columns, params };
}

test('dist: exact, binned and truncated axes, nulls, sort, limits, outliers, clusters and grids, under random contexts', async () => {
  const r = toRand(33);
  const seen = { clustered: 0, tooMany: 0, cells: 0, outliers: 0 };
  for (let k = 0; k < 120; k++) {
    const { columns, params } = drawDist(r);
    const context = maybeContext(r);
    const [got, want] = await both((table) => ({ kind: 'dist', table, columns, context, params }));
    assert.equal(got, want, `${JSON.stringify(columns)} ${JSON.stringify(params)} ${JSON.stringify(context)}`);
    const w = want as { clustered: boolean; tooMany: boolean; cells?: number; outliers: unknown[] };
    seen.clustered += +w.clustered;
    seen.tooMany += +w.tooMany;
    seen.cells += +(w.cells !== undefined);
    seen.outliers += +(w.outliers.length > 0);
  }
  // The draws reach every way a distribution ends.
  for (const [what, n] of Object.entries(seen)) assert.ok(n > 0, `some answers are ${what} (${n})`);
});

test.run();
