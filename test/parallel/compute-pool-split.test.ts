// Tests: a large task split across idle threads (src/parallel/compute-pool.ts, src/parallel/split.ts): answers, fairness, aborts, the queue limit.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PoolBusyError } from '../../src/contract/errors.ts';
import type { DistResult, Task } from '../../src/contract/tasks.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import type { Gate } from '../fixtures/gate-worker.ts';
import { dict, f64, makeTableRef } from '../workers/table.ts';
import { mulberry32 } from '../workers/vectors.ts';

const GATE_WORKER = new URL('../fixtures/gate-worker.ts', import.meta.url);
const r = mulberry32(19);
const ROWS = 20_000;
const table = {
  ...makeTableRef({
    x: f64(Array.from({ length: ROWS }, () => Math.floor(r() * 300))),
    s: dict(Array.from({ length: ROWS }, () => (r() < 0.1 ? null : `v${Math.floor(r() * 50)}`))),
  }),
  rows: ROWS,
};
const large: Task = {
  kind: 'dist',
  table,
  columns: ['x', 's'],
  context: null,
  params: {
    nulls: true,
    sort: 'count',
    cluster: false,
    n: null,
    numeric: false,
    maxGroups: 50_000,
    maxClusterPoints: 50_000,
    axes: [],
  },
};
const small: Task = { kind: 'distinct', table: makeTableRef({ s: dict(['b', 'a', 'b']) }), column: 's', context: null };

const newGate = (name: number, holdWhole = false): Gate => ({
  name,
  log: new Int32Array(new SharedArrayBuffer(4 * 64)),
  open: new Int32Array(new SharedArrayBuffer(4 * 10)),
  holdWhole,
});
const marks = (g: Gate) => Array.from(g.log.subarray(1, 1 + Atomics.load(g.log, 0)));
const open = (g: Gate, index: number) => {
  Atomics.store(g.open, index, 1);
  Atomics.notify(g.open, index);
};
/** Waits, a turn of the event loop at a time, until the gate's log holds `code`. */
async function until(g: Gate, code: number): Promise<void> {
  while (!marks(g).includes(code)) await new Promise((resolve) => setImmediate(resolve));
}
const gated = (task: Task, gate: Gate): Task => Object.assign({ gate }, task);

// The answer of one thread: splitting is off (a threshold above the table).
const whole = createPool({ poolThreads: 1, poolMaxQueue: 8, splitRows: ROWS + 1 });
const expected = await whole.run<DistResult>(large);
const expectedSmall = await whole.run(small);
const values: Task = {
  kind: 'distinct',
  table,
  column: 'x',
  context: { field: 1, column: 's', type: 'text', operator: 'in', value: ['v1', 'v2'] },
};
const expectedValues = await whole.run(values);
await whole.close();

test('a large task on idle threads runs as parts on each, then a merge: the answer of one thread', async () => {
  const pool = createPool({ poolThreads: 2, poolMaxQueue: 8, splitRows: ROWS }, GATE_WORKER);
  try {
    const g = newGate(1);
    open(g, 0);
    open(g, 1);
    assert.equal(await pool.run(gated(large, g)), expected);
    const log = marks(g);
    assert.equal([...log].sort(), [111, 112, 121, 122, 181, 182], 'two parts and a merge');
    assert.ok(log.indexOf(181) > Math.max(log.indexOf(112), log.indexOf(122)), 'the merge after both parts');
    assert.equal(pool.stats().queued, 0);
    // A number column's distinct values cross threads as typed arrays, moved rather than copied.
    const v = newGate(12);
    open(v, 0);
    open(v, 1);
    assert.equal(await pool.run(gated(values, v)), expectedValues);
    assert.ok(marks(v).includes(1281), 'split and merged');
  } finally {
    await pool.close();
  }
});

test('a small request behind a split one waits for one part only, not for the whole request', async () => {
  const pool = createPool({ poolThreads: 2, poolMaxQueue: 8, splitRows: ROWS }, GATE_WORKER);
  try {
    const g = newGate(2);
    const big = pool.run<DistResult>(gated(large, g));
    await until(g, 211);
    await until(g, 221); // both threads hold a part
    const later = pool.run(small);
    assert.is(pool.stats().queued, 1, 'the small request waits: no thread is free');
    open(g, 1); // the second part ends: its thread goes to the small request
    assert.equal(await later, expectedSmall);
    assert.ok(!marks(g).includes(212), 'the first part is still held while the small request is answered');
    open(g, 0);
    assert.equal(await big, expected);
  } finally {
    await pool.close();
  }
});

test('concurrent large requests all finish with the answer of one thread; those behind a split one wait their turn', async () => {
  const pool = createPool({ poolThreads: 2, poolMaxQueue: 8, splitRows: ROWS }, GATE_WORKER);
  try {
    const first = newGate(3);
    const split = pool.run(gated(large, first));
    await until(first, 311);
    await until(first, 321); // split: both threads hold a part
    const gates = [4, 5, 6].map((name) => newGate(name));
    for (const g of gates) for (const i of [0, 1]) open(g, i);
    const others = gates.map((g) => pool.run(gated(large, g)));
    assert.is(pool.stats().queued, 3, 'the others wait; none is refused');
    open(first, 0);
    open(first, 1);
    for (const answer of await Promise.all([split, ...others])) assert.equal(answer, expected);
    assert.ok(marks(first).includes(381), 'the first one merged its parts');
    for (const g of gates)
      assert.ok(
        marks(g).some((m) => m % 100 === 82 || m % 100 === 92),
        'each other one ended',
      );
  } finally {
    await pool.close();
  }
});

test('a request that finds a thread busy runs whole on one thread', async () => {
  const pool = createPool({ poolThreads: 2, poolMaxQueue: 8, splitRows: ROWS }, GATE_WORKER);
  try {
    const held = newGate(7, true);
    const first = pool.run(gated(small, held)); // holds one thread
    await until(held, 791);
    const g = newGate(8);
    assert.equal(await pool.run(gated(large, g)), expected);
    assert.equal(marks(g), [891, 892], 'one whole task, no parts');
    open(held, 9);
    assert.equal(await first, expectedSmall);
  } finally {
    await pool.close();
  }
});

test('a task run with split: false (background work) runs whole on one thread, idle threads or not', async () => {
  const pool = createPool({ poolThreads: 2, poolMaxQueue: 8, splitRows: ROWS }, GATE_WORKER);
  try {
    const g = newGate(13);
    open(g, 0);
    open(g, 1);
    assert.equal(await pool.run(gated(large, g), undefined, { split: false }), expected);
    assert.equal(marks(g), [1391, 1392], 'one whole task, no parts');
  } finally {
    await pool.close();
  }
});

test('an abort cancels every part: no merge, the threads freed, the pool carries on', async () => {
  const pool = createPool({ poolThreads: 2, poolMaxQueue: 8, splitRows: ROWS }, GATE_WORKER, { abortGraceMs: 0 });
  try {
    const g = newGate(9);
    const ac = new AbortController();
    const big = pool.run(gated(large, g), ac.signal).catch((e: unknown) => e);
    await until(g, 911);
    await until(g, 921);
    ac.abort();
    assert.is(((await big) as Error).name, 'AbortError');
    // Both threads were ended mid-part: the next request gets a fresh one.
    const next = newGate(10, true);
    open(next, 0);
    open(next, 1);
    open(next, 9);
    assert.equal(await pool.run(gated(large, next)), expected);
    assert.equal(marks(g).sort(), [911, 921], 'the parts never ended and no merge ran');
  } finally {
    await pool.close();
  }
});

test('the queue limit holds: a split request takes no queue place, the next past the limit gets PoolBusyError', async () => {
  const pool = createPool({ poolThreads: 2, poolMaxQueue: 1, splitRows: ROWS }, GATE_WORKER);
  try {
    const g = newGate(11);
    const big = pool.run(gated(large, g));
    await until(g, 1111);
    await until(g, 1121);
    const queued = pool.run(small);
    const refused = await pool.run(small).catch((e: unknown) => e);
    assert.instance(refused, PoolBusyError);
    open(g, 0);
    open(g, 1);
    assert.equal(await big, expected);
    assert.equal(await queued, expectedSmall);
  } finally {
    await pool.close();
  }
});

test.run();
