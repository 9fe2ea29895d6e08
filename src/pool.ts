// The compute pool: Piscina worker threads running workers/index, as the routes' Pool.
import { Piscina } from 'piscina';
import type { Config } from './config.ts';
import { HttpError } from './http/errors.ts';
import type { Pool } from './contract/pool.ts';
import type { Task } from './contract/types.ts';

// From source (tsx) this file is pool.ts and the worker is workers/index.ts, which a worker
// thread can only load with tsx registered; built, both are .js under dist/.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? '../workers/index.ts' : '../workers/index.js', import.meta.url);

/** A fixed-size pool of `config.poolThreads` threads with a queue of `config.poolMaxQueue` tasks. */
export function createPool(config: Pick<Config, 'poolThreads' | 'poolMaxQueue'>): Pool {
  const piscina = new Piscina({
    filename: workerFile.href,
    minThreads: config.poolThreads,
    maxThreads: config.poolThreads,
    maxQueue: config.poolMaxQueue,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
  return {
    async run<T>(task: Task, signal?: AbortSignal): Promise<T> {
      try {
        return (await piscina.run(task, { signal })) as T;
      } catch (err) {
        throw toPoolError(err);
      }
    },
    stats: () => ({ queued: piscina.queueSize, utilization: piscina.utilization, threads: piscina.threads.length }),
    close: () => piscina.destroy(),
  };
}

/**
 * A full queue becomes 503 UNAVAILABLE with Retry-After; an abort keeps its AbortError name so
 * callers can tell a client that went away; anything else is a plain Error (a 500 upstream).
 */
function toPoolError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (message === 'Task queue is at limit') {
    return new HttpError(503, 'UNAVAILABLE', 'The compute queue is full; retry shortly.', undefined, { 'Retry-After': '1' });
  }
  if (err instanceof Error && err.name === 'AbortError') return err;
  return new Error(`Compute task failed: ${message}`);
}
