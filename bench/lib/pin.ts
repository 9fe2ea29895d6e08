// CPU pinning with taskset (util-linux): the server on one core, the load generator on the other, as far as 2 cores allow.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Pins every thread of `pid` (and the threads it starts later) to `cpus` ("0", "1", "0,1"); false when taskset is missing. */
export function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The CPUs for the server and for the load (the last core), or null on a single core. */
export function toCores(): { server: string; load: string; all: string } | null {
  const n = availableParallelism();
  if (n < 2) return null;
  return { server: n === 2 ? '0' : `0-${n - 2}`, load: String(n - 1), all: `0-${n - 1}` };
}
