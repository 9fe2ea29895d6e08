// Tests: the Piscina wiring: a real task, a worker crash, a full queue, an abort (src/parallel/compute-pool.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PoolBusyError } from '../../src/contract/errors.ts';
import { HttpError, toHttpError } from '../../src/http/errors.ts';
import { createPool, toWorkerFile } from '../../src/parallel/compute-pool.ts';
import type { DistinctResult, ProfileResult, Task } from '../../src/contract/tasks.ts';
import { dict, f64, makeTableRef } from '../workers/table.ts';
import { mulberry32 } from '../workers/vectors.ts';
import { tiny } from '../workers/tree/tiny.ts';

const small = makeTableRef({ s: dict(['b', 'a', 'b']) });
const distinct: Task = { kind: 'distinct', table: small, column: 's', context: null };

// A task that keeps a worker busy for a while: clustering 30 000 distinct 2-D points.
const r = mulberry32(3);
const big = makeTableRef({
  x: f64(Array.from({ length: 30_000 }, () => r())),
  y: f64(Array.from({ length: 30_000 }, () => r())),
});
const slow: Task = {
  kind: 'dist',
  table: big,
  columns: ['x', 'y'],
  context: null,
  params: {
    nulls: false,
    sort: 'fields',
    cluster: true,
    n: null,
    numeric: true,
    maxGroups: 50_000,
    maxClusterPoints: 50_000,
    axes: [],
  },
};

// One pool for the tests that leave it usable; worker start-up (tsx + Arrow) takes a second.
const CRASH_WORKER = new URL('../fixtures/crash-worker.ts', import.meta.url);
const pool = createPool({ poolThreads: 1, poolMaxQueue: 8 }, CRASH_WORKER);
test.after(() => pool.close());

test('the worker entry is found from source and from the build (dist/src/parallel/ → dist/workers/)', () => {
  assert.is(
    toWorkerFile('file:///opt/sorrel/src/parallel/compute-pool.ts').href,
    'file:///opt/sorrel/workers/index.ts',
  );
  assert.is(
    toWorkerFile('file:///opt/sorrel/dist/src/parallel/compute-pool.js').href,
    'file:///opt/sorrel/dist/workers/index.js',
  );
});

test('runs a task on a worker thread', async () => {
  assert.equal(await pool.run<DistinctResult>(distinct), { values: ['a', 'b'], counts: [1, 2], nullCount: 0 });
  const stats = pool.stats();
  assert.equal([stats.queued, stats.threads], [0, 1]);
  assert.ok(stats.utilization >= 0 && stats.utilization <= 1);
});

test('a tree task crosses the thread boundary: its shared index arrives intact', async () => {
  const { ref: tree } = await tiny();
  assert.equal(
    await pool.run<DistinctResult>({ kind: 'tree-distinct', tree, dataset: 'labs', column: 'test', context: null }),
    { values: ['hb', 'na'], counts: [2, 2], nullCount: 0 },
  );
});

test("a profile crosses the thread boundary: a key column's values shared (a view of the table), others moved", async () => {
  const keys = Array.from({ length: 3000 }, (_, i) => i * 2 - 7);
  const ref = makeTableRef({ k: f64(keys), v: f64(keys.map((k) => Math.abs(k) % 5)) });
  const key = await pool.run<ProfileResult>({ kind: 'profile', table: ref, column: 'k', stats: true });
  assert.instance(key.distinct.values, Float64Array);
  assert.instance((key.distinct.values as Float64Array).buffer, SharedArrayBuffer);
  assert.equal(Array.from(key.distinct.values), keys);
  assert.ok(Array.from(key.distinct.counts).every((c) => c === 1));
  assert.equal([key.stats!.count, key.stats!.distinct, key.stats!.min, key.stats!.max], [3000, 3000, -7, 5991]);
  const few = await pool.run<ProfileResult>({ kind: 'profile', table: ref, column: 'v', stats: true });
  assert.instance((few.distinct.values as Float64Array).buffer, ArrayBuffer);
  const count = (v: number) => keys.filter((k) => Math.abs(k) % 5 === v).length;
  assert.equal(Array.from(few.distinct.values), [0, 1, 2, 3, 4]);
  assert.equal(Array.from(few.distinct.counts), [0, 1, 2, 3, 4].map(count));
});

test('a worker error rejects with a plain Error', async () => {
  const err = await pool.run({ ...distinct, column: 'missing' }).catch((e: unknown) => e);
  assert.instance(err, Error);
  assert.not.instance(err, HttpError);
  assert.match((err as Error).message, /No column "missing"/);
});

test('survives a worker crash: that task rejects, the next one succeeds', async () => {
  const err = await pool.run({ kind: 'crash' } as unknown as Task).catch((e: unknown) => e);
  assert.instance(err, Error);
  assert.not.instance(err, HttpError);
  assert.equal((await pool.run<DistinctResult>(distinct)).values, ['a', 'b']);
});

test('a full queue answers 503 UNAVAILABLE with Retry-After', async () => {
  const tight = createPool({ poolThreads: 1, poolMaxQueue: 1 });
  try {
    await tight.run(distinct); // worker up
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => tight.run(slow)));
    const rejected = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected').map((x) => x.reason);
    assert.ok(rejected.length >= 1, 'some task was refused');
    assert.ok(
      results.some((x) => x.status === 'fulfilled'),
      'queued tasks still ran',
    );
    for (const thrown of rejected) {
      assert.instance(thrown, PoolBusyError);
      const e = toHttpError(thrown); // the HTTP layer's mapping
      assert.equal([e.status, e.code, e.headers], [503, 'UNAVAILABLE', { 'Retry-After': '1' }]);
    }
  } finally {
    await tight.close();
  }
});

test('the queue limit holds for tasks that carry an AbortSignal too', async () => {
  const tight = createPool({ poolThreads: 1, poolMaxQueue: 2 });
  try {
    await tight.run(distinct); // worker up
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => tight.run(slow, new AbortController().signal)),
    );
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    assert.is(refused.length, 7, 'one running and two queued; the other seven refused');
    for (const r of refused) assert.instance(r.reason, PoolBusyError);
  } finally {
    await tight.close();
  }
});

test('an abort cancels a running task; the pool carries on', async () => {
  const ac = new AbortController();
  const running = pool.run(slow, ac.signal).catch((e: unknown) => e);
  setTimeout(() => ac.abort(), 20);
  const err = await running;
  assert.instance(err, Error);
  assert.is((err as Error).name, 'AbortError');
  assert.equal((await pool.run<DistinctResult>(distinct)).counts, [1, 2]);
});

const threadOf = () => pool.run<number>({ kind: 'thread' } as unknown as Task);
const busy = (ms: number, marks?: Int32Array) => ({ kind: 'busy', ms, marks }) as unknown as Task;
/** Shared marks a busy task sets: [0] when it starts, [1] when it ends (so tests observe, not time). */
const newMarks = () => new Int32Array(new SharedArrayBuffer(8));

test('an abort of a running task that ends within the grace: the caller stops waiting, the thread stays', async () => {
  // A grace far longer than the task, so a loaded machine cannot stretch the task past it.
  const patient = createPool({ poolThreads: 1, poolMaxQueue: 8 }, CRASH_WORKER, { abortGraceMs: 60_000 });
  const threadOf = () => patient.run<number>({ kind: 'thread' } as unknown as Task);
  const before = await threadOf();
  const ac = new AbortController();
  const marks = newMarks();
  const running = patient.run(busy(1000, marks), ac.signal).catch((e: unknown) => e);
  while (Atomics.load(marks, 0) === 0) await new Promise((r) => setTimeout(r, 5)); // it runs now
  ac.abort();
  const err = (await running) as Error;
  assert.is(err.name, 'AbortError');
  assert.is(Atomics.load(marks, 1), 0, 'rejected before the task ended');
  assert.is(await threadOf(), before, 'the same thread: not ended');
  await patient.close();
});

test('an abort of a running task past the grace ends its thread; the pool carries on', async () => {
  const before = await threadOf();
  const ac = new AbortController();
  const marks = newMarks();
  const running = pool.run(busy(2000, marks), ac.signal).catch((e: unknown) => e);
  while (Atomics.load(marks, 0) === 0) await new Promise((r) => setTimeout(r, 5));
  ac.abort();
  assert.is(((await running) as Error).name, 'AbortError');
  assert.is.not(await threadOf(), before, 'a new thread');
  assert.is(Atomics.load(marks, 1), 0, 'the task was ended, not waited for');
});

test('an abort of a queued task takes it out of the queue: it never runs', async () => {
  const ac = new AbortController();
  const marks = newMarks();
  const first = pool.run(busy(150));
  const queued = pool.run(busy(50, marks), ac.signal).catch((e: unknown) => e);
  ac.abort();
  assert.is(((await queued) as Error).name, 'AbortError');
  await first;
  await threadOf();
  assert.is(Atomics.load(marks, 0), 0, 'the queued task never started');
});

test('an already aborted signal rejects at once', async () => {
  const err = await pool.run(distinct, AbortSignal.abort()).catch((e: unknown) => e);
  assert.is((err as Error).name, 'AbortError');
});

test.run();
