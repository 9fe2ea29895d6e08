// The compute pool: Piscina worker threads running workers/index, as the routes' Pool.
import { Piscina } from 'piscina';
import { type Config, DEFAULT_CONFIG } from '../config.ts';
import { PoolBusyError } from '../contract/errors.ts';
import type { Pool } from '../contract/pool.ts';
import type { SplitTask, Task } from '../contract/tasks.ts';
import { toMerge, toParts, toTransferList } from './split.ts';

// From source (tsx) this file is compute-pool.ts and the worker is workers/index.ts, which a worker
// thread can only load with tsx registered; built, both are .js under dist/. `--import tsx` would
// resolve tsx from the working directory (so `sorrel serve` failed outside the project): the
// worker gets the absolute URL of this installation's tsx instead.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = toWorkerFile(import.meta.url);
const workerArgv = fromSource ? ['--import', import.meta.resolve('tsx')] : [];

/** The worker entry beside this module: workers/index.ts from src/parallel/, dist/workers/index.js from dist/src/parallel/. */
export function toWorkerFile(moduleUrl: string): URL {
  return new URL(moduleUrl.endsWith('.ts') ? '../../workers/index.ts' : '../../workers/index.js', moduleUrl);
}

/**
 * A fixed-size pool of `config.poolThreads` threads with a queue of `config.poolMaxQueue` tasks;
 * a table task of at least `config.splitRows` rows is split across the threads idle when it starts
 * (src/parallel/split.ts). Each thread lowers its priority to `config.workerNice` (workers/priority.ts), so
 * that with a thread per core the main thread's event loop still runs first. `worker` replaces
 * workers/index (tests use it to crash a thread); `warm: false` skips the warm-up of request loops
 * in threads that only load (workers/warm.ts).
 */
export function createPool(
  config: Pick<Config, 'poolThreads' | 'poolMaxQueue'> & Partial<Pick<Config, 'splitRows' | 'workerNice'>>,
  worker: URL = workerFile,
  { abortGraceMs = ABORT_GRACE_MS, warm = true }: { abortGraceMs?: number; warm?: boolean } = {},
): Pool {
  const piscina = new Piscina({
    filename: worker.href,
    minThreads: config.poolThreads,
    maxThreads: config.poolThreads,
    maxQueue: config.poolMaxQueue,
    execArgv: workerArgv,
    workerData: { nice: config.workerNice ?? DEFAULT_CONFIG.workerNice, warm },
  });
  // The request tasks running now and started so far, read by the background thread to give way (workers/yield.ts).
  const gauge = new Int32Array(new SharedArrayBuffer(8));
  // The background thread, started by the first background task.
  let background: Piscina | null = null;
  const toBackground = () =>
    (background ??= new Piscina({
      filename: worker.href,
      minThreads: 1,
      maxThreads: 1,
      execArgv: workerArgv,
      workerData: { nice: BACKGROUND_NICE, warm: false, gauge: gauge.buffer },
    }));
  // The queue is ours, first in first out: Piscina gets a task only when a thread is free. Given
  // tasks that carry an AbortSignal, Piscina parked them in a queue of its own where some waited
  // seconds while later ones ran (measured: 8 connections of 7 ms aware requests at 1M rows, most
  // answered in 7-60 ms, a few in 1.5-3.5 s); its maxQueue did not count them either.
  const limit = config.poolThreads + config.poolMaxQueue;
  const splitRows = config.splitRows ?? DEFAULT_CONFIG.splitRows;
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
  // Runs a task on a thread already taken; frees the thread when the task ends, unless `keep`.
  const runTaken = <T>(task: Task, signal?: AbortSignal, keep = false): Running<T> => {
    const started = new Int32Array(new SharedArrayBuffer(4));
    const inner = new AbortController();
    let grace: NodeJS.Timeout | undefined;
    Atomics.add(gauge, 0, 1);
    Atomics.add(gauge, 1, 1);
    Atomics.notify(gauge, 1);
    const job = piscina
      .run({ ...task, started }, { signal: signal ? inner.signal : undefined, transferList: toTransferList(task) })
      .finally(() => {
        if (Atomics.sub(gauge, 0, 1) === 1) Atomics.notify(gauge, 0);
        clearTimeout(grace);
        if (!keep) release(); // the thread is free only once the task has ended, whoever stopped waiting
      });
    const ended = job.then(
      () => {},
      () => {},
    );
    if (!signal) return { answer: job.catch((err: unknown) => Promise.reject(toPoolError(err))) as Promise<T>, ended };
    const answer = new Promise<T>((resolve, reject) => {
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
      void ended.then(() => signal.removeEventListener('abort', onAbort));
    });
    return { answer, ended };
  };
  return {
    async run<T>(task: Task, signal?: AbortSignal, options?: { split?: boolean }): Promise<T> {
      if (running + waiting.length >= limit) throw new PoolBusyError('The compute queue is full; retry shortly.');
      if (signal?.aborted) throw toAbortError(signal.reason);
      await acquire(signal);
      // A large table task also takes the threads idle now, none that a waiting request needs
      // (src/parallel/split.ts): its parts never queue, so a request that comes later waits at most for one part.
      const idle = waiting.length === 0 && options?.split !== false ? config.poolThreads - running : 0;
      const parts = toParts(task, 1 + idle, splitRows);
      if (parts === null) return runTaken<T>(task, signal).answer;
      running += parts.length - 1;
      // The first part runs on the request's own thread, kept for the merge.
      const jobs = parts.map((part, i) => runTaken<unknown>(part, signal, i === 0));
      let answers: unknown[];
      try {
        answers = await Promise.all(jobs.map((j) => j.answer));
      } catch (err) {
        void jobs[0].ended.then(release);
        throw err;
      }
      return runTaken<T>(toMerge(task as SplitTask, answers), signal).answer;
    },
    background: <T>(task: Task): Promise<T> =>
      toBackground()
        .run(task, { transferList: toTransferList(task) })
        .catch((err: unknown) => Promise.reject(toPoolError(err))) as Promise<T>,
    stats: () => ({
      queued: waiting.length,
      utilization: piscina.utilization,
      threads: piscina.threads.length,
    }),
    close: async () => {
      await Promise.all([piscina.destroy(), background?.destroy()]);
    },
  };
}

/** The background thread's nice value: the lowest priority, below the request threads' (workers/priority.ts). */
const BACKGROUND_NICE = 19;

/**
 * How long a running task whose caller went away may go on before its thread is ended. Ending a
 * thread costs more than this: the replacement loads its modules and runs its first tasks before the
 * JIT has warmed up (measured: a 7 ms aware request took 120-180 ms after an abort, and 8 queued
 * ones several seconds), while most tasks end within it.
 */
const ABORT_GRACE_MS = 250;

/** A task handed to a thread: its answer, and when it has ended (answered, failed or stopped). */
type Running<T> = { answer: Promise<T>; ended: Promise<void> };

/** The error a caller that went away gets, named AbortError as Piscina names its own. */
export function toAbortError(reason: unknown): Error {
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

/** A pool whose threads start with its first task (none when it never gets one). */
export function createLazyPool(config: Parameters<typeof createPool>[0]): Pool {
  let started: Pool | null = null;
  return {
    run: (task, signal) => (started ??= createPool(config)).run(task, signal),
    stats: () => started?.stats() ?? { queued: 0, utilization: 0, threads: 0 },
    close: async () => {
      await started?.close();
    },
  };
}
