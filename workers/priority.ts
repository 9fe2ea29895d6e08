// A worker thread lowers its own scheduling priority, so the main thread's event loop runs first on a busy core.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** What the thread did: lowered itself, was already as low (a process started under `nice`), or could not. */
export type PriorityOutcome = 'lowered' | 'unchanged' | 'unsupported';

/** The system calls, replaceable in tests (the fallback path). */
export type PriorityCalls = {
  threadLink(): string; // Linux: /proc/thread-self → "<pid>/task/<tid>"
  get(id: number): number;
  set(id: number, nice: number): void;
};

const SYSTEM: PriorityCalls = {
  threadLink: () => readlinkSync('/proc/thread-self'),
  get: getPriority,
  set: setPriority,
};

/**
 * Sets this thread's nice value to `nice` (0..19, higher yields more). Why it works per thread: on
 * Linux a nice value belongs to a thread, and `setpriority(PRIO_PROCESS, tid)` (os.setPriority)
 * changes only the thread `tid`; a worker finds its own id through /proc/thread-self. Elsewhere
 * (macOS, Windows: no /proc, or the call would change the whole process) nothing happens, silently:
 * the threads then share the cores with the main thread as equals. Never raises a priority (that
 * needs privileges): a process already started under a higher nice keeps it.
 */
export function lowerPriority(nice: number, calls: PriorityCalls = SYSTEM): PriorityOutcome {
  if (nice <= 0) return 'unchanged';
  try {
    const m = /\/task\/(\d+)$/.exec(calls.threadLink());
    if (!m) return 'unsupported';
    const tid = Number(m[1]);
    if (calls.get(tid) >= nice) return 'unchanged';
    calls.set(tid, nice);
    return 'lowered';
  } catch {
    return 'unsupported';
  }
}
