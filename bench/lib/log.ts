// Progress lines on stderr, stamped with the seconds since the run began.

const t0 = performance.now();

/** Prints one progress line. */
export function note(message: string): void {
  process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
}
