// The compute pool as the routes see it: run a task, optionally cancelled by an AbortSignal.
import type { Task } from './tasks.ts';

export type Pool = {
  /**
   * Runs a task on a worker. Rejects with PoolBusyError when the queue is full. `split: false` keeps
   * a large table task on one thread rather than on every idle one (background work: src/serve/warm.ts).
   */
  run<T>(task: Task, signal?: AbortSignal, options?: { split?: boolean }): Promise<T>;
  /**
   * Runs background work (a brushing index's build) on a thread of its own at the lowest priority,
   * one task at a time, that pauses while request tasks run (workers/yield.ts). Without it (a pool
   * made for one job), background work runs as `run(task, undefined, { split: false })`.
   */
  background?<T>(task: Task): Promise<T>;
  /** Queue length and utilisation, for /metrics. */
  stats(): { queued: number; utilization: number; threads: number };
  close(): Promise<void>;
};
