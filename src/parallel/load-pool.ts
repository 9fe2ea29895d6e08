// The pool a server's first load runs on: the serving pool's threads, idle until then, and threads started for the other cores.
import type { Pool } from '../contract/pool.ts';
import type { Task } from '../contract/tasks.ts';
import { createPool, toAbortError } from './compute-pool.ts';

type Lane = { pool: Pool; threads: number; busy: number };

/**
 * One thread per core for the load (profiles, tree index): the `serving` pool's `servingThreads`
 * and, for the cores they leave, a pool of its own that closing this one closes (the serving pool
 * stays). Its threads skip the warm-up of request loops (workers/warm.ts): they never serve.
 *
 * Why: a cold start booted a load pool of one thread per core beside the serving pool's threads,
 * which had nothing to do until the first snapshot served; each thread loads its modules (~0.25 s
 * of CPU, and more in V8's helper threads) while the data is read on the same cores. Each task goes
 * to a pool with a free thread, else waits here, first in first out, so neither pool queues a task
 * of the load (the serving pool's queue is bounded) and both stay busy.
 */
export function createLoadPool(
  serving: Pool,
  servingThreads: number,
  cores: number,
  start: (threads: number) => Pool = startLoadThreads,
): Pool {
  const lanes: Lane[] = [{ pool: serving, threads: servingThreads, busy: 0 }];
  const own = cores > servingThreads ? start(cores - servingThreads) : null;
  if (own) lanes.push({ pool: own, threads: cores - servingThreads, busy: 0 });
  const waiting: ((lane: Lane) => void)[] = [];
  const acquire = (signal?: AbortSignal): Promise<Lane> => {
    const lane = waiting.length === 0 ? lanes.find((l) => l.busy < l.threads) : undefined;
    if (lane) {
      lane.busy++;
      return Promise.resolve(lane);
    }
    return new Promise((resolve, reject) => {
      const turn = (l: Lane) => {
        signal?.removeEventListener('abort', leave);
        resolve(l);
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(toAbortError(signal?.reason));
      };
      waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  };
  // A freed thread goes straight to the next task waiting, else back to its pool.
  const release = (lane: Lane) => {
    const next = waiting.shift();
    if (next) next(lane);
    else lane.busy--;
  };
  return {
    async run<T>(task: Task, signal?: AbortSignal, options?: { split?: boolean }): Promise<T> {
      if (signal?.aborted) throw toAbortError(signal.reason);
      const lane = await acquire(signal);
      try {
        return await lane.pool.run<T>(task, signal, options);
      } finally {
        release(lane);
      }
    },
    stats: () => {
      const all = lanes.map((l) => l.pool.stats());
      return {
        queued: waiting.length,
        utilization: all.reduce((sum, s) => sum + s.utilization * s.threads, 0) / Math.max(1, cores),
        threads: all.reduce((sum, s) => sum + s.threads, 0),
      };
    },
    close: async () => {
      await own?.close();
    },
  };
}

/** Threads that only load: no warm-up of request loops, no bound on the queue (the load pool never queues there). */
function startLoadThreads(threads: number): Pool {
  return createPool({ poolThreads: threads, poolMaxQueue: Number.MAX_SAFE_INTEGER }, undefined, { warm: false });
}
