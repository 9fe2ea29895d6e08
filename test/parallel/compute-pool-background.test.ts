// Tests: the pool's background thread (src/parallel/compute-pool.ts): its own thread, the same answers, and the gauge of request tasks it gives way to.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrushView } from '../../src/contract/brush.ts';
import type { Task } from '../../src/contract/tasks.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import type { Gate } from '../fixtures/gate-worker.ts';
import { dict, f64, makeTableRef } from '../workers/table.ts';
import { mulberry32 } from '../workers/vectors.ts';

const GATE_WORKER = new URL('../fixtures/gate-worker.ts', import.meta.url);
const r = mulberry32(41);
const ROWS = 5000;
const table = {
  ...makeTableRef({
    x: f64(Array.from({ length: ROWS }, () => (r() < 0.05 ? null : Math.round(r() * 1e6) / 1e3))),
    s: dict(Array.from({ length: ROWS }, () => `v${Math.floor(r() * 7)}`)),
  }),
  rows: ROWS,
};
const view: Task = {
  kind: 'brush-view',
  table,
  base: { field: 1, column: 's', type: 'text', operator: 'in', value: ['v1', 'v2', 'v3'] },
  column: 'x',
};
const probe = { probe: true } as unknown as Task;

const pool = createPool({ poolThreads: 1, poolMaxQueue: 8 }, GATE_WORKER);

test('a background task answers as the same task on a request thread', async () => {
  const a = await pool.background!<BrushView>(view);
  const b = await pool.run<BrushView>(view, undefined, { split: false });
  assert.ok(a.size > 0 && a.size < ROWS);
  assert.equal(a, b);
});

test('it runs on a thread of its own, which counts the request tasks running', async () => {
  assert.is(await pool.background!(probe), 0, 'no request task running');
  assert.is(await pool.run(probe), null, 'a request thread has no gauge');
  const gate: Gate = {
    name: 1,
    log: new Int32Array(new SharedArrayBuffer(4 * 64)),
    open: new Int32Array(new SharedArrayBuffer(4 * 10)),
    holdWhole: true,
  };
  const held = pool.run(Object.assign({ gate }, view));
  while (Atomics.load(gate.log, 0) === 0) await new Promise((resolve) => setImmediate(resolve));
  // The only request thread is held: the background thread still answers, and sees one request running.
  assert.is(await pool.background!(probe), 1);
  Atomics.store(gate.open, 9, 1);
  Atomics.notify(gate.open, 9);
  await held;
  assert.is(await pool.background!(probe), 0, 'back to none once it ended');
});

test('a task that fails on the background thread rejects with the pool error', async () => {
  const bad = { kind: 'brush-view', table, base: null, column: 'nope' } as Task;
  await pool.background!(bad).then(
    () => assert.unreachable('answered'),
    (err: Error) => assert.match(err.message, /^Compute task failed: /),
  );
});

test.after(() => pool.close());
test.run();
