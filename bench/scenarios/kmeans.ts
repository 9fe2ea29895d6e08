// Bench: Sorrel's k-means (normalise, seed, exact Lloyd, weighted counts) beside ml-kmeans with its defaults.
import { kmeans as mlKmeans } from 'ml-kmeans';
import { mulberry32 } from '../lib/prng.ts';
import { toRow } from '../lib/rows.ts';
import { alternate, timed } from '../lib/timing.ts';
import { runIfMain } from '../lib/standalone.ts';
import type { BenchOptions, BenchRow, Scenario } from '../lib/types.ts';
import { clusterPoints, defaultK, normalise } from '../../workers/index.ts';

const REFERENCE = 'ml-kmeans 7 (defaults: k-means++, tolerance 1e-6, ≤ 100 iterations)';

export const scenario: Scenario = {
  name: 'kmeans',
  description:
    'Clustering 2-D distribution points into k = ⌊√(n/2)⌋ clusters: Sorrel vs ml-kmeans on the same seeded points.',
  run,
};

async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const n of [5_000, 50_000]) {
    const points = makePoints(n, 2026 + n);
    const k = defaultK(n);
    const counts = new Float64Array(n).fill(1);
    const asRows = Array.from({ length: n }, (_, i) => [points[2 * i], points[2 * i + 1]]);
    const sorrel = () => clusterPoints(normalise(points, 2), counts, k);
    const reference = () => mlKmeans(asRows, k, { seed: 42 }); // a fixed seed only makes its k-means++ repeatable

    // Same question, not the same answer: both must return k clusters, but ml-kmeans seeds with
    // k-means++ and stops at a tolerance, while Sorrel seeds deterministically and runs Lloyd to a
    // fixed point, so the centroids differ by design.
    const ours = sorrel(),
      theirs = reference();
    if (ours.k !== k) throw new Error(`Sorrel returned ${ours.k} clusters for k = ${k} on ${n} points.`);
    if (theirs.centroids.length !== k)
      throw new Error(`ml-kmeans returned ${theirs.centroids.length} clusters for k = ${k}.`);

    // The checking runs above were the warm-up. ml-kmeans takes seconds per run at 50k points.
    const rounds = n > 10_000 ? (opts.quick ? 1 : 5) : opts.quick ? 5 : 15;
    const t = await alternate(
      timed(async () => sorrel()),
      timed(async () => reference()),
      0,
      rounds,
    );
    const common = {
      scenario: 'kmeans',
      case: `${n / 1000}k points, 2-D, k = ${k}`,
      metric: 'median ms',
      better: 'lower' as const,
    };
    rows.push(
      toRow({
        ...common,
        referenceName: REFERENCE,
        sorrel: t.sorrel,
        reference: t.reference,
        target: 'faster than ml-kmeans',
        limit: { on: 'ratio', value: 1 },
      }),
    );
    if (n === 50_000) {
      const alone: number[] = [...t.sorrel];
      for (let i = 0; i < (opts.quick ? 10 : 30); i++) alone.push(await timed(async () => sorrel())());
      rows.push(
        toRow({
          ...common,
          referenceName: '',
          sorrel: alone,
          reference: null,
          target: '≤ 300 ms',
          limit: { on: 'sorrel', value: 300 },
        }),
      );
    }
    rows.push(
      toRow({
        ...common,
        metric: 'Lloyd iterations (Sorrel / ml-kmeans)',
        referenceName: REFERENCE,
        sorrel: [ours.iterations],
        reference: theirs.iterations,
        target: 'report',
        limit: null,
      }),
    );
  }
  return rows;
}

/**
 * n seeded 2-D points like a measured pair of fields: three overlapping Gaussian groups with
 * correlated axes on different scales (so normalisation matters) over a 5% uniform background,
 * rounded to 3 decimals.
 */
function makePoints(n: number, seed: number): Float64Array {
  const r = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    let x: number, y: number;
    if (r() < 0.05) {
      x = r() * 100;
      y = r() * 2000;
    } else {
      const b = Math.floor(r() * 3),
        a = gauss();
      x = 30 + 20 * b + 8 * a;
      y = 800 + 300 * b + 150 * (0.6 * a + 0.8 * gauss());
    }
    out[2 * i] = Math.round(x * 1000) / 1000;
    out[2 * i + 1] = Math.round(y * 1000) / 1000;
  }
  return out;
}

runIfMain(scenario, import.meta.url);
