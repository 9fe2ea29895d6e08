// Tests: the first load's pool over the serving pool's threads and threads of its own (src/parallel/load-pool.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Pool } from '../../src/contract/pool.ts';
import type { Task } from '../../src/contract/tasks.ts';
import { createLoadPool } from '../../src/parallel/load-pool.ts';
import { dict, makeTableRef } from '../workers/table.ts';

const table = makeTableRef({ s: dict(['a']) });
/** Task i: a distinct task whose column name carries its number, so a fake pool can tell tasks apart. */
const task = (i: number): Task => ({ kind: 'distinct', table, column: `c${i}`, context: null });

/** A pool whose tasks end when the test says; it records the order tasks started and its most at once. */
function fakePool(name: string) {
  const pending = new Map<number, () => void>();
  const log = { started: [] as number[], most: 0, closed: false };
  const pool: Pool = {
    run<T>(t: Task): Promise<T> {
      const i = Number((t as { column: string }).column.slice(1));
      log.started.push(i);
      log.most = Math.max(log.most, pending.size + 1);
      return new Promise<T>((resolve) => pending.set(i, () => resolve(`${name} ${i}` as T)));
    },
    stats: () => ({ queued: 0, utilization: 0, threads: 0 }),
    close: async () => {
      log.closed = true;
    },
  };
  const end = (i: number) => {
    pending.get(i)!();
    pending.delete(i);
  };
  return { pool, log, end, running: () => [...pending.keys()] };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

test('tasks fill the serving threads and threads of its own for the other cores, never more at once, first come first served', async () => {
  const serving = fakePool('serving'),
    own = fakePool('own');
  const asked: number[] = [];
  const load = createLoadPool(serving.pool, 1, 3, (threads) => {
    asked.push(threads);
    return own.pool;
  });
  assert.equal(asked, [2], 'threads of its own for the 2 cores the serving thread leaves');
  const answers = Array.from({ length: 7 }, (_, i) => load.run<string>(task(i)));
  await tick();
  assert.equal([serving.log.started, own.log.started], [[0], [1, 2]]);
  assert.is(load.stats().queued, 4);
  own.end(1); // its thread takes the next task in line
  await tick();
  assert.equal(own.log.started, [1, 2, 3]);
  serving.end(0);
  await tick();
  assert.equal(serving.log.started, [0, 4]);
  while (serving.running().length + own.running().length > 0) {
    for (const i of serving.running()) serving.end(i);
    for (const i of own.running()) own.end(i);
    await tick();
  }
  const got = await Promise.all(answers);
  assert.equal(got.length, 7);
  assert.ok(got.every((a, i) => a.endsWith(` ${i}`)));
  assert.equal([serving.log.most, own.log.most], [1, 2], 'no pool is handed more tasks than it has threads');
  assert.equal([...serving.log.started, ...own.log.started].sort(), [0, 1, 2, 3, 4, 5, 6]);
  await load.close();
  assert.equal(
    [serving.log.closed, own.log.closed],
    [false, true],
    'closing ends its own threads, not the serving ones',
  );
});

test('with as many serving threads as cores it starts none of its own', async () => {
  const serving = fakePool('serving');
  const load = createLoadPool(serving.pool, 2, 2, () => {
    throw new Error('no threads of its own were needed');
  });
  const answers = [0, 1, 2].map((i) => load.run<string>(task(i)));
  await tick();
  assert.equal(serving.running(), [0, 1]);
  serving.end(1);
  await tick();
  serving.end(0);
  serving.end(2);
  assert.equal(await Promise.all(answers), ['serving 0', 'serving 1', 'serving 2']);
  assert.is(serving.log.most, 2);
  await load.close();
  assert.is(serving.log.closed, false);
});

test('a task whose caller goes away while it waits is dropped with an AbortError and never runs', async () => {
  const serving = fakePool('serving');
  const load = createLoadPool(serving.pool, 1, 1);
  const first = load.run<string>(task(0));
  const stop = new AbortController();
  const second = load.run<string>(task(1), stop.signal);
  const third = load.run<string>(task(2));
  stop.abort();
  const err = await second.then(
    () => null,
    (e: Error) => e,
  );
  assert.is(err?.name, 'AbortError');
  serving.end(0);
  await tick();
  assert.equal(serving.log.started, [0, 2]);
  serving.end(2);
  assert.equal(await Promise.all([first, third]), ['serving 0', 'serving 2']);
});

test.run();
