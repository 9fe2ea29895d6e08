// A steady mixed load on the demo catalog (seeded): cache hits, uncached aware answers, random draws, POSTs and errors.
import { mulberry32 } from './prng.ts';

export type MixedCounts = { requests: number; byStatus: Record<string, number> };

/** The n-th request of the mix: mostly cache hits, every few an answer nobody asked for before. */
export function toMixedRequest(n: number, rand: () => number): { path: string; init?: RequestInit } {
  const k = Math.floor(rand() * 1e9);
  switch (n % 10) {
    case 0:
      return {
        path: `/api/fields/45/values/?aware=true&context=${ctx({ field: 42, operator: 'gt', value: (k % 40) - 5 + (k % 1000) / 1000 })}`,
      };
    case 1:
      return {
        path: `/api/fields/42/dist/?dimensions=43&aware=true&context=${ctx({ field: 44, operator: 'lt', value: (k % 10000) / 1000 })}`,
      };
    case 2:
      return { path: `/api/fields/45/values/?random=3&seed=${k}` };
    case 3:
      return { path: `/api/fields/?query=${['temp', 'wind', 'genre', 'origin', 'year'][k % 5]}${k % 97}` };
    case 4:
      return {
        path: '/api/fields/45/values/',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify([{ value: 'sun' }, { label: `w${k}` }]),
        },
      };
    case 5:
      return { path: `/api/fields/${100_000 + (k % 1000)}/` }; // 404
    case 6:
      return {
        path: `/api/fields/42/stats/?aware=true&context=${ctx({ field: 41, operator: 'gte', value: (k % 500) / 10 })}`,
      };
    default:
      return { path: ['/api/fields/24/', '/api/concepts/', '/api/fields/45/dist/'][k % 3] };
  }
}

const ctx = (node: object) => encodeURIComponent(JSON.stringify(node));

/** Runs `workers` loops of the mix against `base` until `stop()` says so; counts answers by status. */
export async function runMixed(base: string, workers: number, stop: () => boolean, seed = 21): Promise<MixedCounts> {
  const counts: MixedCounts = { requests: 0, byStatus: {} };
  const loop = async (w: number) => {
    const rand = mulberry32(seed * 1000 + w);
    for (let n = w; !stop(); n += workers) {
      const { path, init } = toMixedRequest(n, rand);
      const res = await fetch(base + path, init);
      await res.arrayBuffer();
      counts.requests++;
      counts.byStatus[res.status] = (counts.byStatus[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return counts;
}
