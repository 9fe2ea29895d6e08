// A background thread's pauses: background work (a brushing index's build) gives way to the pool's request tasks.

/**
 * Why: a brushing index at 100M rows takes tens of seconds of one core to build (workers/brush/view.ts),
 * and on a machine of two cores a build beside a scan took one of the scan's two threads: the requests
 * made during a build cost 1.2–2.4× their time without it (bench/scale/README.md). So builds run on
 * a thread of their own (src/parallel/compute-pool.ts, `background`) at the lowest priority, and call
 * the function made here between their passes over the rows: while request tasks run (`gauge[0]`,
 * the number of request tasks running, kept by the pool), it waits until they have ended, but at most
 * `(1 / duty − 1)` times as long as the build ran since its last pause (and never more than
 * `maxPauseMs`), so a build still ends when requests never stop, taking at most `duty` of a core
 * from them. With no gauge (a request thread) it does nothing.
 */
export type Yielder = { begin(): void; pause(): void };

export type YieldOptions = {
  gauge: Int32Array | null;
  duty?: number;
  maxPauseMs?: number;
  now?: () => number;
  wait?: (gauge: Int32Array, seen: number, ms: number) => void;
};

/** The share of a core a build may take while requests run. */
export const BACKGROUND_DUTY = 0.1;
/** The longest pause between two passes of a build. */
export const MAX_PAUSE_MS = 2000;

export function createYielder({
  gauge,
  duty = BACKGROUND_DUTY,
  maxPauseMs = MAX_PAUSE_MS,
  now = () => performance.now(),
  wait = (g, seen, ms) => void Atomics.wait(g, 0, seen, ms),
}: YieldOptions): Yielder {
  if (gauge === null) return NONE;
  let since = now();
  return {
    begin: () => {
      since = now();
    },
    pause: () => {
      const ran = now() - since;
      const until = now() + Math.min(maxPauseMs, ran * (1 / duty - 1));
      for (;;) {
        const running = Atomics.load(gauge, 0);
        const left = until - now();
        if (running <= 0 || left <= 0) break;
        wait(gauge, running, left);
      }
      since = now();
    },
  };
}

const NONE: Yielder = { begin: () => {}, pause: () => {} };
let current: Yielder = NONE;

/** Installs this thread's yielder (workers/index.ts, once, from the pool's workerData). */
export function setYielder(y: Yielder): void {
  current = y;
}

/** A background task starts: its first pass is timed from now (not from the idle time before it). */
export function beginBackground(): void {
  current.begin();
}

/** A pause point of background work between two passes over the rows: see createYielder. */
export function yieldToRequests(): void {
  current.pause();
}
