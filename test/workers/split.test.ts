// Tests: a task split by rows and merged (src/parallel/split.ts, workers/table/slice.ts, workers/merge*.ts) answers byte for byte as unsplit.
import { valueSymbol } from 'piscina';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toBins } from '../../src/common/bins.ts';
import type { ContextNode } from '../../src/contract/context.ts';
import { pointAt, pointCount } from '../../src/common/flat-points.ts';
import type { AxisSpec, DistAnswer, DistParams, Task } from '../../src/contract/tasks.ts';
import { toMerge, toParts } from '../../src/parallel/split.ts';
import run from '../../workers/index.ts';
import { bool, type ColumnSpec, date, datetime, dict, f64, i64, makeTableRef, time } from './table.ts';
import { mulberry32 } from './vectors.ts';

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const maybe = <T>(r: Rand, v: T, nulls: number): T | null => (r() < nulls ? null : v);

// Strings whose UTF-16 order is not their code point order (U+FF5E against U+1F600), and a shared prefix.
const WORDS = ['a', 'b', 'ab', 'Z', 'é', '～', '😀', '😀a', 'x'.repeat(3)];

/** A random table of every storage kind: short and wide integer spans, repeats, nulls, 64-bit integers past 2^53. */
function randomTable(seed: number) {
  const r = mulberry32(seed);
  const n = 1 + Math.floor(r() * 3000);
  const nulls = pick(r, [0, 0.05, 0.5]);
  const col = <T>(f: () => T) => Array.from({ length: n }, () => maybe(r, f(), nulls));
  const columns: Record<string, ColumnSpec> = {
    small: f64(col(() => Math.floor(r() * 12) - 3)),
    wide: f64(col(() => Math.floor(r() * 2e6))),
    float: f64(col(() => Math.round(r() * 400) / 7)),
    many: f64(col(() => r() * 1000)),
    big: i64(col(() => pick(r, [-5n, 0n, 7n, 2n ** 60n, 2n ** 60n + 1n, -(2n ** 62n), BigInt(Math.floor(r() * 50))]))),
    flag: bool(col(() => r() < 0.3)),
    word: dict(col(() => pick(r, WORDS))),
    day: date(col(() => 18000 + Math.floor(r() * 900))),
    clock: time(col(() => Math.floor(r() * 86_400_000))),
    stamp: datetime(col(() => 1.7e12 + Math.floor(r() * 3e10))),
  };
  return { r, n, table: makeTableRef(columns), columns };
}

const CONTEXTS: (ContextNode | null)[] = [
  null,
  { field: 1, column: 'small', type: 'integer', operator: 'lt', value: 4 },
  {
    type: 'or',
    children: [
      { field: 2, column: 'flag', type: 'boolean', operator: 'exact', value: true },
      { field: 3, column: 'word', type: 'text', operator: '-in', value: ['a', '😀'] },
    ],
  },
];

/** The answer unsplit, and split into `k` parts whose answers cross a thread boundary (a structured clone). */
async function bothWays(task: Task, rows: number, k: number): Promise<[string, string]> {
  const whole = JSON.stringify(toPlain(await run(task)));
  const parts = toParts({ ...task, table: { ...('table' in task ? task.table : {}), rows } } as Task, k, 1);
  assert.ok(parts !== null && parts.length === k, 'the task splits');
  const answers = await Promise.all(parts.map(async (p) => structuredClone(unwrap(await run(p)))));
  return [whole, JSON.stringify(toPlain(await run(structuredClone(toMerge(parts[0], answers)))))];
}

/** An answer with a distribution's points as a plain list (a long one comes flat: src/common/flat-points.ts). */
function toPlain(answer: unknown): unknown {
  const a = unwrap(answer) as DistAnswer;
  if (a === null || typeof a !== 'object' || !('clustered' in a)) return a;
  return { ...a, data: Array.from({ length: pointCount(a.data) }, (_, j) => pointAt(a.data, j)) };
}

/** A part's answer as Piscina delivers it: a moved answer (a number column's distinct values) unwrapped. */
const unwrap = (answer: unknown) =>
  answer !== null && typeof answer === 'object' && valueSymbol in answer ? answer[valueSymbol] : answer;

const params = (p: Partial<DistParams>): DistParams => ({
  nulls: false,
  sort: 'fields',
  cluster: false,
  n: null,
  numeric: false,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  axes: [],
  ...p,
});

const NUMERIC = new Set(['small', 'wide', 'float', 'many', 'big']);

test('distinct values and counts: split answers are the unsplit ones, every kind, nulls, contexts', async () => {
  for (let seed = 1; seed <= 12; seed++) {
    const { r, n, table, columns } = randomTable(seed);
    for (const column of Object.keys(columns)) {
      const task: Task = { kind: 'distinct', table, column, context: pick(r, CONTEXTS) };
      const [whole, split] = await bothWays(task, n, 2 + Math.floor(r() * 3));
      assert.is(split, whole, `seed ${seed}, ${column}`);
    }
  }
});

test('dist 1-D and 2-D: groups, sort, nulls, outliers, clusters, too many groups alike split and unsplit', async () => {
  const names = ['small', 'wide', 'float', 'many', 'big', 'flag', 'word', 'day', 'clock', 'stamp'];
  let refused = 0,
    clustered = 0;
  for (let seed = 40; seed <= 70; seed++) {
    const { r, n, table } = randomTable(seed);
    for (let t = 0; t < 12; t++) {
      const columns = r() < 0.5 ? [pick(r, names)] : [pick(r, names), pick(r, names)];
      const numeric = columns.every((c) => NUMERIC.has(c));
      const p = params({
        nulls: r() < 0.5,
        sort: r() < 0.5 ? 'fields' : 'count',
        numeric,
        cluster: numeric && r() < 0.5,
        n: numeric && r() < 0.2 ? 1 + Math.floor(r() * 8) : null,
        maxGroups: pick(r, [3, 20, 400, 50_000]),
        maxClusterPoints: pick(r, [50, 50_000]),
      });
      const task: Task = { kind: 'dist', table, columns, context: pick(r, CONTEXTS), params: p };
      const [whole, split] = await bothWays(task, n, 2 + Math.floor(r() * 3));
      assert.is(split, whole, `seed ${seed}, ${columns}, ${JSON.stringify(p)}`);
      refused += +JSON.parse(whole).tooMany;
      clustered += +JSON.parse(whole).clustered;
    }
  }
  assert.ok(refused > 10 && clustered > 10, `the cases cover refusals (${refused}) and clusters (${clustered})`);
});

test('dist with bins and intervals: histograms and periods alike split and unsplit', async () => {
  const axes: [string, AxisSpec][] = [
    ['small', { kind: 'bins', bins: toBins(-3, 8, 4, true) }],
    ['many', { kind: 'bins', bins: toBins(0, 1000, 30, false) }],
    ['float', { kind: 'bins', bins: toBins(0, 57.2, 100, false) }],
    ['big', { kind: 'bins', bins: toBins(-(2 ** 62), 2 ** 60, 10, true) }],
    ['day', { kind: 'interval', unit: 'month', type: 'date' }],
    ['day', { kind: 'interval', unit: 'week', type: 'date' }],
    ['stamp', { kind: 'interval', unit: 'day', type: 'datetime' }],
    ['stamp', { kind: 'interval', unit: 'hour', type: 'datetime' }],
    ['clock', { kind: 'interval', unit: 'minute', type: 'time' }],
  ];
  for (let seed = 80; seed <= 90; seed++) {
    const { r, n, table } = randomTable(seed);
    for (const [column, axis] of axes) {
      const two = r() < 0.5 ? pick(r, axes) : null;
      const p = params({
        nulls: r() < 0.5,
        sort: r() < 0.5 ? 'fields' : 'count',
        maxGroups: pick(r, [5, 50_000]),
        axes: two ? [axis, two[1]] : [axis],
      });
      const columns = two ? [column, two[0]] : [column];
      const task: Task = { kind: 'dist', table, columns, context: pick(r, CONTEXTS), params: p };
      const [whole, split] = await bothWays(task, n, 2 + Math.floor(r() * 3));
      assert.is(split, whole, `seed ${seed}, ${columns}, ${JSON.stringify(p.axes)}`);
    }
  }
});

test('parts of a split distribution that refuse stop at their own rows: the merge refuses at once', async () => {
  // 4000 distinct values, a limit of 10: each part refuses, and so does the merge of their refusals.
  const table = makeTableRef({ x: f64(Array.from({ length: 4000 }, (_, i) => i * 1.5)) });
  const task: Task = {
    kind: 'dist',
    table: { ...table, rows: 4000 },
    columns: ['x'],
    context: null,
    params: params({ maxGroups: 10 }),
  };
  const parts = toParts(task, 2, 1)!;
  const answers = (await Promise.all(parts.map((p) => run(p)))) as { tooMany: boolean; size: number }[];
  assert.equal(
    answers.map((a) => [a.tooMany, a.size]),
    [
      [true, 0],
      [true, 0],
    ],
  );
  assert.equal(await run(toMerge(parts[0], answers)), {
    size: 0,
    clustered: false,
    data: [],
    outliers: [],
    tooMany: true,
    badN: null,
  });
});

test('stats: split answers are the unsplit ones, every number and temporal kind, nulls, contexts', async () => {
  const kinds = ['small', 'wide', 'float', 'many', 'big', 'day', 'clock', 'stamp', 'ties'];
  for (let seed = 100; seed <= 115; seed++) {
    const { r, n, columns } = randomTable(seed);
    // values that cancel, repeats across parts, −0 beside +0: sums and distinct counts that a naive merge gets wrong
    columns.ties = f64(Array.from({ length: n }, (_, i) => [1e308, 0.1, -1e308, -0, 0, 5e-324, 0.1][i % 7]));
    const table = makeTableRef(columns);
    for (const column of kinds) {
      const task: Task = { kind: 'stats', table, column, context: pick(r, CONTEXTS) };
      const [whole, split] = await bothWays(task, n, 2 + Math.floor(r() * 3));
      assert.is(split, whole, `seed ${seed}, ${column}`);
    }
  }
});

test('a table below the threshold, a tree task or a task of one thread is not split', () => {
  const table = { ...makeTableRef({ x: f64([1, 2, 3]) }), rows: 3 };
  const task: Task = { kind: 'distinct', table, column: 'x', context: null };
  assert.is(toParts(task, 2, 4), null);
  assert.is(toParts(task, 1, 1), null);
  assert.is(toParts({ kind: 'stats', table, column: 'x', context: null }, 2, 4), null);
  assert.is(toParts({ kind: 'tree-count', tree: {} as never, context: null }, 2, 1), null);
  assert.is(toParts({ ...task, table: { ...table, rows: undefined } }, 2, 1), null);
  assert.equal(
    toParts(task, 3, 3)?.map((p) => p.rows),
    [
      [0, 1],
      [1, 2],
      [2, 3],
    ],
  );
});

test.run();
