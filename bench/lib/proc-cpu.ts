// CPU time of a process from /proc (user + system, every thread), for per-request costs that other load blurs less than wall time.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU milliseconds the process has used so far. */
export function readCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces), so utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
