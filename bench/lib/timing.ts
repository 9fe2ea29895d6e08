// Side-by-side timing: warm both sides up, then alternate them so drift hits both equally.

/** One side's measurement: resolves to the elapsed milliseconds of one run. */
export type Measure = () => Promise<number>;

export type Alternation = { sorrel: number[]; reference: number[] };

/** Times `fn` with the monotonic clock; the result is discarded. */
export function timed(fn: () => Promise<unknown>): Measure {
  return async () => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
}

/**
 * Runs each side `warmup` times untimed, then `rounds` times in alternation (Sorrel first on odd
 * rounds, the reference first on even ones, so neither always inherits the other's cache state).
 */
export async function alternate(
  sorrel: Measure,
  reference: Measure,
  warmup: number,
  rounds: number,
): Promise<Alternation> {
  for (let i = 0; i < warmup; i++) {
    await sorrel();
    await reference();
  }
  const out: Alternation = { sorrel: [], reference: [] };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      out.sorrel.push(await sorrel());
      out.reference.push(await reference());
    } else {
      out.reference.push(await reference());
      out.sorrel.push(await sorrel());
    }
  }
  return out;
}
