// Tests: the engine-aware pool (src/parallel/engine-pool.ts) hands in-memory tasks to the workers with their options, and background work to the pool's own thread.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Pool } from '../../src/contract/pool.ts';
import type { Task } from '../../src/contract/tasks.ts';
import { withEngines } from '../../src/parallel/engine-pool.ts';
import { dict, makeTableRef } from '../workers/table.ts';

const table = makeTableRef({ s: dict(['a', 'b']) });
const task: Task = { kind: 'distinct', table, column: 's', context: null };
const view: Task = { kind: 'brush-view', table, base: null, column: 's' };

/** A pool that records what it was asked. */
function spy(withBackground: boolean) {
  const calls: string[] = [];
  const pool: Pool = {
    run: async <T>(t: Task, _signal?: AbortSignal, options?: { split?: boolean }) => {
      calls.push(`run ${t.kind} ${JSON.stringify(options ?? null)}`);
      return null as T;
    },
    ...(withBackground
      ? {
          background: async <T>(t: Task) => {
            calls.push(`background ${t.kind}`);
            return null as T;
          },
        }
      : {}),
    stats: () => ({ queued: 0, utilization: 0, threads: 1 }),
    close: async () => {},
  };
  return { pool, calls };
}

const noEngine = async () => assert.unreachable('an in-memory task went to the engine');

test('an in-memory task keeps its options (split: false stays on one thread)', async () => {
  const { pool, calls } = spy(true);
  const wrapped = withEngines(pool, new Map(), noEngine);
  await wrapped.run(task, undefined, { split: false });
  await wrapped.run(task);
  assert.equal(calls, ['run distinct {"split":false}', 'run distinct null']);
});

test("background work goes to the pool's background thread, and is absent when the pool has none", async () => {
  const { pool, calls } = spy(true);
  await withEngines(pool, new Map(), noEngine).background!(view);
  assert.equal(calls, ['background brush-view']);
  assert.is(withEngines(spy(false).pool, new Map(), noEngine).background, undefined);
});

test.run();
