// The compute pool: Piscina worker threads running workers/index, as the routes' Pool.
import { Piscina } from 'piscina';
import type { Config } from './config.ts';
import { PoolBusyError } from './contract/errors.ts';
import type { Pool } from './contract/pool.ts';
import type { Task } from './contract/tasks.ts';

// From source (tsx) this file is pool.ts and the worker is workers/index.ts, which a worker
// thread can only load with tsx registered; built, both are .js under dist/. `--import tsx` would
// resolve tsx from the working directory (so `sorrel serve` failed outside the project): the
// worker gets the absolute URL of this installation's tsx instead.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? '../workers/index.ts' : '../workers/index.js', import.meta.url);
const workerArgv = fromSource ? ['--import', import.meta.resolve('tsx')] : [];

/**
 * A fixed-size pool of `config.poolThreads` threads with a queue of `config.poolMaxQueue` tasks;
 * `worker` replaces workers/index (tests use it to crash a thread).
 */
export function createPool(config: Pick<Config, 'poolThreads' | 'poolMaxQueue'>, worker: URL = workerFile): Pool {
  const piscina = new Piscina({
    filename: worker.href,
    minThreads: config.poolThreads,
    maxThreads: config.poolThreads,
    maxQueue: config.poolMaxQueue,
    execArgv: workerArgv,
  });
  // Piscina parks tasks that carry an AbortSignal in a queue its maxQueue does not count, so the
  // limit is held here, over every task: at most one running per thread plus maxQueue waiting.
  const limit = config.poolThreads + config.poolMaxQueue;
  let pending = 0;
  return {
    async run<T>(task: Task, signal?: AbortSignal): Promise<T> {
      if (pending >= limit) throw new PoolBusyError('The compute queue is full; retry shortly.');
      pending++;
      try {
        return (await piscina.run(task, { signal })) as T;
      } catch (err) {
        throw toPoolError(err);
      } finally {
        pending--;
      }
    },
    stats: () => ({
      queued: Math.max(0, pending - piscina.threads.length),
      utilization: piscina.utilization,
      threads: piscina.threads.length,
    }),
    close: () => piscina.destroy(),
  };
}

/**
 * A full queue becomes PoolBusyError (503 with Retry-After upstream); an abort keeps its AbortError name so
 * callers can tell a client that went away; anything else is a plain Error (a 500 upstream).
 */
function toPoolError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (message === 'Task queue is at limit') {
    return new PoolBusyError('The compute queue is full; retry shortly.', { cause: err });
  }
  if (err instanceof Error && err.name === 'AbortError') return err;
  return new Error(`Compute task failed: ${message}`, { cause: err });
}
