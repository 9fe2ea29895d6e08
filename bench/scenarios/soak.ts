// A soak: Sorrel under a steady mixed load, its resident memory sampled every 10 s — flat, or growing?
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/child.ts';
import { note } from '../lib/log.ts';
import { runMixed } from '../lib/mixed.ts';
import { toRow } from '../lib/rows.ts';
import { startSorrel } from '../lib/sorrel.ts';
import type { Scenario } from '../lib/types.ts';

const WORKERS = 16;
// Small caches, so they reach their limits early and what grows after that is not a cache.
const CACHES = { SORREL_REPLY_CACHE_MB: '8', SORREL_MEMO_MB: '8' };
const EVERY_S = 10;

/** The bytes the reply cache and the distribution memo hold, from /metrics, in MB. */
async function cachesMb(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`\\n${name} (\\S+)`).exec(text)?.[1] ?? Number.NaN);
  return (read('sorrel_reply_cache_bytes') + read('sorrel_dist_memo_bytes')) / 2 ** 20;
}

/** Resident set (VmRSS) of a process in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!kb) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kb[1]) / 1024;
}

export const scenario: Scenario = {
  name: 'soak',
  description: `${WORKERS} clients of a mixed load (cache hits, uncached aware values/dist/stats, seeded draws, searches, POSTs, 404s) on the demo catalog; RSS every ${EVERY_S} s (caches of 8 MiB each)`,
  async run({ quick }) {
    const seconds = quick ? 30 : 120;
    const sorrel = await startSorrel(join(ROOT, 'demo/catalog.yaml'), CACHES);
    try {
      const samples: number[] = [];
      const caches: number[] = [];
      let stop = false;
      const load = runMixed(sorrel.url, WORKERS, () => stop);
      for (let t = EVERY_S; t <= seconds; t += EVERY_S) {
        await new Promise((r) => setTimeout(r, EVERY_S * 1000));
        samples.push(rssMb(sorrel.child.pid));
        caches.push(await cachesMb(sorrel.url));
      }
      stop = true;
      const counts = await load;
      note(
        `soak: ${counts.requests} requests ${JSON.stringify(counts.byStatus)}; RSS MB ${samples.map((s) => s.toFixed(0)).join(' ')}`,
      );
      const fivexx = Object.entries(counts.byStatus).filter(([s]) => Number(s) >= 500);
      if (fivexx.length) throw new Error(`soak: server errors ${JSON.stringify(Object.fromEntries(fivexx))}`);
      // Flat: the last sample against the one half-way, once caches and the JIT have settled.
      const mid = Math.floor(samples.length / 2) - 1;
      const half = samples[mid];
      const last = samples[samples.length - 1];
      // The caches grow by design up to their limits: the rest should not.
      const rest = samples.map((s, i) => s - caches[i]);
      const c = {
        scenario: 'soak',
        case: `${seconds} s of mixed load, ${WORKERS} clients`,
        referenceName: '—',
        reference: null,
      };
      return [
        toRow({
          ...c,
          metric: 'RSS growth, half-way → end (×)',
          better: 'lower',
          sorrel: [last / half],
          spread: samples.map((s) => s.toFixed(0)).join(' '),
          target: '≤ 1.1×',
          limit: { on: 'sorrel', value: 1.1 },
        }),
        toRow({
          ...c,
          metric: 'RSS less cache bytes, growth half-way → end (×)',
          better: 'lower',
          sorrel: [rest[rest.length - 1] / rest[mid]],
          spread: rest.map((s) => s.toFixed(0)).join(' '),
          target: '≤ 1.1×',
          limit: { on: 'sorrel', value: 1.1 },
        }),
        toRow({
          ...c,
          metric: 'cache MB at the end',
          better: 'lower',
          sorrel: [caches[caches.length - 1]],
          target: '≤ 16 (the two limits)',
          limit: { on: 'sorrel', value: 16 },
        }),
        toRow({ ...c, metric: 'RSS MB at the end', better: 'lower', sorrel: [last], target: '—', limit: null }),
        toRow({
          ...c,
          metric: 'req/s',
          better: 'higher',
          sorrel: [counts.requests / seconds],
          target: '—',
          limit: null,
        }),
      ];
    } finally {
      await sorrel.stop();
    }
  },
};
