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
export function createPool(
  config: Pick<Config, 'poolThreads' | 'poolMaxQueue'>,
  worker: URL = workerFile,
  { abortGraceMs = ABORT_GRACE_MS }: { abortGraceMs?: number } = {},
): Pool {
  const piscina = new Piscina({
    filename: worker.href,
    minThreads: config.poolThreads,
    maxThreads: config.poolThreads,
    maxQueue: config.poolMaxQueue,
    execArgv: workerArgv,
  });
  // The queue is ours, first in first out: Piscina gets a task only when a thread is free. Given
  // tasks that carry an AbortSignal, Piscina parked them in a queue of its own where some waited
  // seconds while later ones ran (measured: 8 connections of 7 ms aware requests at 1M rows, most
  // answered in 7-60 ms, a few in 1.5-3.5 s); its maxQueue did not count them either.
  const limit = config.poolThreads + config.poolMaxQueue;
  let running = 0; // threads taken, until their task ends (also one whose caller went away)
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const acquire = (signal?: AbortSignal): Promise<void> | null => {
    if (running < config.poolThreads) {
      running++;
      return null;
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(toAbortError(signal?.reason));
      };
      waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  };
  return {
    async run<T>(task: Task, signal?: AbortSignal): Promise<T> {
      if (running + waiting.length >= limit) throw new PoolBusyError('The compute queue is full; retry shortly.');
      if (signal?.aborted) throw toAbortError(signal.reason);
      await acquire(signal);
      const started = new Int32Array(new SharedArrayBuffer(4));
      const inner = new AbortController();
      let grace: NodeJS.Timeout | undefined;
      const job = piscina.run({ ...task, started }, { signal: signal ? inner.signal : undefined }).finally(() => {
        clearTimeout(grace);
        release(); // the thread is free only once the task has ended, whoever stopped waiting
      });
      if (!signal) return job.catch((err: unknown) => Promise.reject(toPoolError(err))) as Promise<T>;
      return new Promise<T>((resolve, reject) => {
        // The caller stops waiting at once. A task not yet started is dropped; a running one may end
        // within ABORT_GRACE_MS, else its thread is ended (Piscina's way to stop a running task).
        const onAbort = () => {
          reject(toAbortError(signal.reason));
          if (Atomics.load(started, 0) === 0) inner.abort(signal.reason);
          else grace = setTimeout(() => inner.abort(signal.reason), abortGraceMs);
        };
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
        job.then(
          (value) => resolve(value as T),
          (err: unknown) => reject(toPoolError(err)),
        );
        void job.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => {});
      });
    },
    stats: () => ({
      queued: waiting.length,
      utilization: piscina.utilization,
      threads: piscina.threads.length,
    }),
    close: () => piscina.destroy(),
  };
}

/**
 * How long a running task whose caller went away may go on before its thread is ended. Ending a
 * thread costs more than this: the replacement loads its modules and runs its first tasks before the
 * JIT has warmed up (measured: a 7 ms aware request took 120-180 ms after an abort, and 8 queued
 * ones several seconds), while most tasks end within it.
 */
const ABORT_GRACE_MS = 250;

/** The error a caller that went away gets, named AbortError as Piscina names its own. */
function toAbortError(reason: unknown): Error {
  const err = new Error('The task was aborted', { cause: reason });
  err.name = 'AbortError';
  return err;
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
