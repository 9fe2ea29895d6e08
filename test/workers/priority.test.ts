// Tests: a worker thread lowers its own priority (workers/priority.ts), and falls back silently where it cannot.
import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toConfig } from '../../src/config.ts';
import type { Task } from '../../src/contract/tasks.ts';
import { createPool } from '../../src/parallel/compute-pool.ts';
import { lowerPriority, type PriorityCalls } from '../../workers/priority.ts';
import type { ThreadNice } from '../fixtures/nice-worker.ts';

const NICE_WORKER = new URL('../fixtures/nice-worker.ts', import.meta.url);

/** Fake system calls: a thread 4242 of nice `start`, recording each set. */
function fake(start: number, over: Partial<PriorityCalls> = {}) {
  const sets: [number, number][] = [];
  const calls: PriorityCalls = {
    threadLink: () => '77/task/4242',
    get: (id) => (id === 4242 ? start : Number.NaN),
    set: (id, nice) => {
      sets.push([id, nice]);
    },
    ...over,
  };
  return { calls, sets };
}

test('a thread finds its id through /proc/thread-self and sets its own nice value', () => {
  const { calls, sets } = fake(0);
  assert.is(lowerPriority(10, calls), 'lowered');
  assert.equal(sets, [[4242, 10]]);
});

test('never raises a priority: a thread already at that nice value or higher is left alone; 0 asks nothing', () => {
  for (const start of [10, 15]) {
    const { calls, sets } = fake(start);
    assert.is(lowerPriority(10, calls), 'unchanged');
    assert.equal(sets, []);
  }
  const { calls, sets } = fake(0, {
    threadLink: () => {
      throw new Error('not asked');
    },
  });
  assert.is(lowerPriority(0, calls), 'unchanged');
  assert.equal(sets, []);
});

test('the fallback: no /proc/thread-self, an unexpected link, or a refused call leave the thread as it was, silently', () => {
  const noProc = fake(0, {
    threadLink: () => {
      throw Object.assign(new Error("ENOENT: no such file or directory, readlink '/proc/thread-self'"), {
        code: 'ENOENT',
      });
    },
  });
  assert.is(lowerPriority(10, noProc.calls), 'unsupported');
  assert.equal(noProc.sets, []);
  const oddLink = fake(0, { threadLink: () => 'self' });
  assert.is(lowerPriority(10, oddLink.calls), 'unsupported');
  assert.equal(oddLink.sets, []);
  const refused = fake(0, {
    set: () => {
      throw Object.assign(new Error('A system error occurred: uv_os_setpriority returned EACCES'), { code: 'EACCES' });
    },
  });
  assert.is(lowerPriority(10, refused.calls), 'unsupported');
});

// Linux: the pool's threads really run at the configured nice value, and the main thread keeps its own.
const linux = existsSync('/proc/thread-self');
const niceTask = { kind: 'nice' } as unknown as Task;

async function threadNices(workerNice: number | undefined): Promise<ThreadNice[]> {
  const config = workerNice === undefined ? toConfig({}) : toConfig({ SORREL_WORKER_NICE: String(workerNice) });
  const pool = createPool({ ...config, poolThreads: 2 }, NICE_WORKER);
  try {
    return await Promise.all(Array.from({ length: 6 }, () => pool.run<ThreadNice>(niceTask)));
  } finally {
    await pool.close();
  }
}

test('the serving pool: each worker thread at nice 10 by default, the main thread unchanged', async () => {
  if (!linux) return;
  const main = getPriority();
  for (const { tid, nice } of await threadNices(undefined)) {
    assert.is.not(tid, process.pid, 'a worker thread, not the main one');
    assert.is(nice, Math.max(main, 10));
  }
  assert.is(getPriority(), main, 'the main thread keeps its priority');
});

test('SORREL_WORKER_NICE=0 leaves the worker threads at the main thread’s priority', async () => {
  if (!linux) return;
  const main = getPriority();
  for (const { nice } of await threadNices(0)) assert.is(nice, main);
  for (const { nice } of await threadNices(19)) assert.is(nice, 19);
});

test.run();
