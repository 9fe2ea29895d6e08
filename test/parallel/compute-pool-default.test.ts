// Tests: the default pool (src/config.ts: a thread per core, SORREL_SPLIT_ROWS) splits a large request with the answer of one thread, and stays fair.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG, toConfig } from '../../src/config.ts';
import type { ContextNode } from '../../src/contract/context.ts';
import { PoolBusyError } from '../../src/contract/errors.ts';
import { pointAt, pointCount } from '../../src/common/flat-points.ts';
import type { DistAnswer, DistinctResult, DistParams, Task } from '../../src/contract/tasks.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import type { Gate } from '../fixtures/gate-worker.ts';
import { date, dict, f64, i64, makeTableRef } from '../workers/table.ts';
import { mulberry32 } from '../workers/vectors.ts';

const GATE_WORKER = new URL('../fixtures/gate-worker.ts', import.meta.url);
// As many rows as the default threshold: the smallest table the default configuration splits.
const ROWS = DEFAULT_CONFIG.splitRows;
// The default pool, with at least two threads (a one-core machine has one and never splits).
const defaults = toConfig({});
const config = { ...defaults, poolThreads: Math.max(2, defaults.poolThreads) };

const r = mulberry32(1919);
const raw = {
  cat: Array.from({ length: ROWS }, () => Math.floor(r() * 1000)), // int, 1,000 values
  grade: Array.from({ length: ROWS }, () => Math.floor(r() * 20)), // int, 20 values
  code: Array.from({ length: ROWS }, () => (r() < 0.02 ? null : BigInt(Math.floor(r() * 300)) - 150n)), // 64-bit int
  x: Array.from({ length: ROWS }, () => (r() < 0.05 ? null : Math.floor(r() * 2000) / 8)), // float, 2,000 values
  day: Array.from({ length: ROWS }, () => 18262 + Math.floor(r() * 1500)), // date, 1,500 days from 2020-01-01
  word: Array.from({ length: ROWS }, () => (r() < 0.1 ? null : `w${Math.floor(r() * 30)}`)), // string, 30 values
};
const table = {
  ...makeTableRef({
    cat: f64(raw.cat),
    grade: f64(raw.grade),
    code: i64(raw.code),
    x: f64(raw.x),
    day: date(raw.day),
    word: dict(raw.word),
  }),
  rows: ROWS,
};

// Contexts on an integer, a float, a date and a string column, with each one's rows kept (the oracle of the counts).
const CONTEXTS: { node: ContextNode | null; keep: (i: number) => boolean }[] = [
  { node: null, keep: () => true },
  { node: { field: 2, column: 'grade', type: 'integer', operator: 'lt', value: 10 }, keep: (i) => raw.grade[i] < 10 },
  { node: { field: 4, column: 'x', type: 'float', operator: 'lt', value: 125 }, keep: (i) => (raw.x[i] ?? 1e9) < 125 },
  { node: { field: 5, column: 'day', type: 'date', operator: 'gte', value: 18700 }, keep: (i) => raw.day[i] >= 18700 },
  {
    node: { field: 6, column: 'word', type: 'text', operator: 'in', value: ['w1', 'w7', 'w20'] },
    keep: (i) => ['w1', 'w7', 'w20'].includes(raw.word[i] ?? ''),
  },
];
const kept = CONTEXTS.map((c) => raw.cat.reduce((n, _, i) => n + (c.keep(i) ? 1 : 0), 0));

const PARAMS: DistParams = {
  nulls: true,
  sort: 'count',
  cluster: false,
  n: null,
  numeric: false,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  axes: [],
};
const dist = (columns: string[], c: number): Task => ({
  kind: 'dist',
  table,
  columns,
  context: CONTEXTS[c].node,
  params: { ...PARAMS, axes: columns.map(() => ({ kind: 'exact' as const })) },
});
const distinct = (column: string, c: number): Task => ({ kind: 'distinct', table, column, context: CONTEXTS[c].node });

// 1-D and 2-D dists and values of ints, a 64-bit int, a float, a date and a string, each under a context (a few unfiltered too).
const TASKS: [string, Task][] = [];
for (const [i, columns] of [
  ['cat'],
  ['code'],
  ['x'],
  ['day'],
  ['word'],
  ['cat', 'grade'],
  ['day', 'grade'],
  ['x', 'grade'],
  ['word', 'day'],
].entries())
  for (const c of i < 2 ? [0, 1 + (i % 4)] : [1 + (i % 4)])
    TASKS.push([`dist ${columns.join(' × ')}, context ${c}`, dist(columns, c)]);
for (const [i, column] of ['cat', 'code', 'x', 'day', 'word'].entries())
  for (const c of i < 1 ? [0, 1 + ((i + 2) % 4)] : [1 + ((i + 2) % 4)])
    TASKS.push([`values of ${column}, context ${c}`, distinct(column, c)]);

const find = (start: string) => TASKS.find(([label]) => label.startsWith(start)) as [string, Task];
const LARGE = find('dist cat × grade');
const OTHER = find('values of x');

const newGate = (name: number): Gate => {
  const g = {
    name,
    log: new Int32Array(new SharedArrayBuffer(4 * 64)),
    open: new Int32Array(new SharedArrayBuffer(40)),
  };
  for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) g.open[i] = 1; // nothing waits
  return g;
};
const marks = (g: Gate) => Array.from(g.log.subarray(1, 1 + Atomics.load(g.log, 0)));
const gated = (task: Task, gate: Gate): Task => Object.assign({ gate }, task);
/** The records an answer counts; a long list of points comes flat (src/common/flat-points.ts). */
const counted = (task: Task, answer: unknown): number => {
  if (task.kind !== 'dist')
    return (answer as DistinctResult).counts.reduce((n, k) => n + k, 0) + (answer as DistinctResult).nullCount;
  const { data, outliers } = answer as DistAnswer;
  const points = Array.from({ length: pointCount(data) }, (_, j) => pointAt(data, j));
  return [...points, ...outliers].reduce((n, p) => n + p.count, 0);
};

// Small requests: the same tasks over the first 1,000 rows.
const head = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v.slice(0, 1000)])) as typeof raw;
const smallTable = makeTableRef({
  cat: f64(head.cat),
  grade: f64(head.grade),
  code: i64(head.code),
  x: f64(head.x),
  day: date(head.day),
  word: dict(head.word),
});
const SMALL = TASKS.map(([label, task]) => [`small ${label}`, { ...task, table: smallTable }] as [string, Task]);

// The answers of one thread: splitting off (a threshold above the table).
const one = createPool({ ...config, poolThreads: 1, splitRows: ROWS + 1 });
const expected = new Map<string, string>();
for (const [label, task] of [...TASKS, ...SMALL]) expected.set(label, JSON.stringify(await one.run(task)));
await one.close();

test('the default configuration splits a large request: int, 64-bit int, float, date and string, 1-D and 2-D, with contexts, byte for byte as one thread', async () => {
  const pool = createPool(config, GATE_WORKER);
  try {
    for (const [k, [label, task]] of TASKS.entries()) {
      const g = newGate(k + 1);
      const answer = await pool.run(gated(task, g));
      const codes = marks(g).map((m) => m - (k + 1) * 100);
      assert.ok(codes.includes(11) && codes.includes(21) && codes.includes(81), `${label}: split and merged`);
      assert.is(JSON.stringify(answer), expected.get(label), label);
      // An independent check of both: the counts add up to the rows the context keeps (nulls counted).
      const c = CONTEXTS.findIndex((x) => x.node === ('context' in task ? task.context : null));
      assert.is(counted(task, answer), kept[c], `${label}: counts`);
    }
  } finally {
    await pool.close();
  }
});

test('fair under the default: 40 concurrent small requests behind a large split one and beside another are all answered', async () => {
  const pool = createPool(config, GATE_WORKER);
  try {
    const g = newGate(90);
    const large = pool.run(gated(LARGE[1], g)); // takes every idle thread
    await new Promise((resolve) => setImmediate(resolve));
    const others = Array.from({ length: 40 }, (_, i) => {
      const [label, task] = SMALL[i % SMALL.length];
      return pool.run(task).then((answer) => assert.is(JSON.stringify(answer), expected.get(label), label));
    });
    // Another large request in the middle of the queue finds the threads busy and runs whole: a
    // request still waits behind it when it gets its thread (the split takes idle threads only when
    // none waits; last in the queue, it would split whenever the other thread happened to be free).
    const h = newGate(91);
    const second = pool.run(gated(OTHER[1], h));
    const [lastLabel, lastTask] = SMALL[0];
    const last = pool.run(lastTask).then((answer) => assert.is(JSON.stringify(answer), expected.get(lastLabel)));
    assert.is(pool.stats().queued, 42, 'the others wait their turn: none is refused');
    await Promise.all([...others, last]);
    assert.is(JSON.stringify(await large), expected.get(LARGE[0]));
    assert.is(JSON.stringify(await second), expected.get(OTHER[0]));
    assert.ok(marks(g).includes(9081), 'the first was split and merged');
    assert.equal(marks(h), [9191, 9192], 'the second ran whole on one thread');
  } finally {
    await pool.close();
  }
});

test('the queue limit under the default: past the running requests and SORREL_MAX_QUEUE, PoolBusyError (503)', async () => {
  const pool = createPool({ ...config, poolMaxQueue: 3 });
  try {
    const [label, task] = LARGE;
    const running = [pool.run(task)]; // split: it runs on every thread
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 3; i++) running.push(pool.run(task));
    const refused = await pool.run(task).catch((e: unknown) => e);
    assert.instance(refused, PoolBusyError);
    for (const answer of await Promise.all(running)) assert.is(JSON.stringify(answer), expected.get(label));
  } finally {
    await pool.close();
  }
});

test.run();
