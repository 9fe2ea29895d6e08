// Seeded randomness: the mulberry32 generator and uniform draws without replacement.

/**
 * k indices drawn uniformly without replacement from 0..n-1 with a seeded generator (Floyd's
 * algorithm: k steps whatever n), returned ascending so the answer reads in value order.
 */
export function drawIndices(n: number, k: number, seed: number): number[] {
  const next = mulberry32(seed);
  const take = Math.min(k, n);
  const chosen = new Set<number>();
  for (let j = n - take; j < n; j++) {
    const t = Math.floor(next() * (j + 1));
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** mulberry32: 32-bit state, uniform in [0, 1); the same seed gives the same sequence everywhere. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
