// CPU time of a process from /proc (user + system, or each thread's schedstat), and a run timed in wall and CPU time at once.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU milliseconds the process has used so far. */
export function readCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces), so utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * `run` timed in wall time (returned) and in CPU time by `cpuMs` (pushed to `into`). CPU time is
 * what a busy machine disturbs least: wall time also counts waiting for cores that other
 * processes hold, longer the longer a request runs, which inflates growth between sizes.
 */
export function withCpu(cpuMs: () => number, into: number[], run: () => Promise<unknown>): () => Promise<number> {
  return async () => {
    const c0 = cpuMs(),
      t0 = performance.now();
    await run();
    const wall = performance.now() - t0;
    into.push(cpuMs() - c0);
    return wall;
  };
}

/** CPU ms of every live thread of process `pid` (/proc/<pid>/task/<tid>/schedstat: ns on the CPU). */
export function processCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {} // a thread that ended since the listing
  }
  return ns / 1e6;
}

/** CPU nanoseconds so far of each thread of `pid` (a thread that ended in between counts 0). */
export function threadNs(pid: number): Map<number, number> {
  const read = (t: string) => {
    try {
      return Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      return 0;
    }
  };
  return new Map(readdirSync(`/proc/${pid}/task`).map((t) => [Number(t), read(t)]));
}

/** CPU ms of this process (DuckDB runs in it, on its own threads). */
export const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
