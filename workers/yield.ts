// A background thread's pauses: background work (a brushing index's build) gives way to the pool's request tasks.

/**
 * Why: a brushing index at 100M rows takes tens of seconds of one core to build (workers/brush/view.ts),
 * and on a machine of two cores a build beside a scan took one of the scan's two threads: the requests
 * made during a build cost 1.2–2.4× their time without it (bench/scale/README.md). So builds run on
 * a thread of their own (src/parallel/compute-pool.ts, `background`) at the lowest priority, and call
 * `pause()` between their passes over the rows. The pool keeps a gauge in shared memory: `gauge[0]`
 * the request tasks running, `gauge[1]` the request tasks started so far (it notifies both). When a
 * request task ran since the last pause point, the build waits until requests have stopped: none
 * running and none started for `quietMs` (a request is several tasks, with gaps between them, and a
 * dashboard's requests come in bursts). It waits at most `(1 / duty − 1)` times as long as it ran since
 * its last pause (and never more than `maxPauseMs`), so a build still ends when requests never stop,
 * taking at most `duty` of a core from them. A task that begins while requests run first waits for
 * them (at most `maxPauseMs`). With no gauge (a request thread) nothing pauses.
 */
export type Yielder = { begin(): void; pause(): void };

export type YieldOptions = {
  gauge: Int32Array | null;
  duty?: number;
  maxPauseMs?: number;
  quietMs?: number;
  now?: () => number;
  wait?: (gauge: Int32Array, index: number, seen: number, ms: number) => void;
};

/** The share of a core a build may take while requests run. */
export const BACKGROUND_DUTY = 0.1;
/** The longest pause between two passes of a build. */
export const MAX_PAUSE_MS = 2000;
/** How long without a request task before requests count as stopped. */
export const QUIET_MS = 50;

export function createYielder({
  gauge,
  duty = BACKGROUND_DUTY,
  maxPauseMs = MAX_PAUSE_MS,
  quietMs = QUIET_MS,
  now = () => performance.now(),
  wait = (g, index, seen, ms) => void Atomics.wait(g, index, seen, ms),
}: YieldOptions): Yielder {
  if (gauge === null) return NONE;
  let since = now();
  let started = Atomics.load(gauge, 1);
  /** Waits until requests have stopped (none running, none started for quietMs), at most `budget` ms. */
  const waitForQuiet = (budget: number): void => {
    const until = now() + budget;
    for (;;) {
      const left = until - now();
      if (left <= 0) return;
      const running = Atomics.load(gauge, 0);
      if (running > 0) {
        wait(gauge, 0, running, left);
        continue;
      }
      // None running: another task of the same request, or the next request, may start soon.
      const seen = Atomics.load(gauge, 1);
      wait(gauge, 1, seen, Math.min(quietMs, left));
      if (Atomics.load(gauge, 1) === seen && Atomics.load(gauge, 0) === 0) return;
    }
  };
  const restart = () => {
    since = now();
    started = Atomics.load(gauge, 1);
  };
  return {
    begin: () => {
      // A build starts after a request answered, often while the others of its dashboard still run.
      if (Atomics.load(gauge, 0) > 0) waitForQuiet(maxPauseMs);
      restart();
    },
    pause: () => {
      if (Atomics.load(gauge, 0) > 0 || Atomics.load(gauge, 1) !== started)
        waitForQuiet(Math.min(maxPauseMs, (now() - since) * (1 / duty - 1)));
      restart();
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
