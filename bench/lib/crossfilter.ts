// The crossfilter scenario's dashboard (issue 29): its brush, its three charts asked of Sorrel and of DuckDB, their check, and the index's gauges.
import type { Duck } from './duck.ts';
import { note } from './log.ts';
import { getText } from './sorrel.ts';
import { toFieldId } from './table-catalog.ts';
import { WIDE_COLUMNS } from './wide.ts';

export const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
export const BIN = 20; // x (0..999.999) as a 50-bin histogram: bins of 20
export const WINDOW = 10; // bins under the brush

/** The three charts a brush over x re-counts, as Sorrel and DuckDB ask them. */
export const CHARTS = [
  { name: 'grade', path: `/api/fields/${id('grade')}/dist/?cluster=false`, key: 'grade' },
  { name: 'd by month', path: `/api/fields/${id('d')}/dist/?interval=month`, key: "strftime(d, '%Y-%m')" },
  { name: 'cat', path: `/api/fields/${id('cat')}/dist/?cluster=false`, key: 'cat' },
];

/** The brush of step k: a window of WINDOW bins moving one bin a step (bin-aligned), over `base`. */
export function brush(k: number, base: unknown[], width = WINDOW): { lo: number; hi: number; context: unknown } {
  const lo = (k % (50 - width + 1)) * BIN;
  const hi = lo + width * BIN;
  const x = id('x');
  const range = [
    { field: x, operator: 'gte', value: lo },
    { field: x, operator: 'lt', value: hi },
  ];
  return { lo, hi, context: { type: 'and', children: [...base, ...range] } };
}

const toPath = (chart: string, context: unknown) =>
  `${chart}${chart.includes('?') ? '&' : '?'}aware=true&context=${encodeURIComponent(JSON.stringify(context))}`;

type Point = { count: number; labels: string[] };

/** One update: the three charts asked at once; wall time in ms, and the bodies. */
export async function update(url: string, context: unknown): Promise<{ ms: number; bodies: Point[][] }> {
  const t0 = performance.now();
  const texts = await Promise.all(CHARTS.map((c) => getText(url + toPath(c.path, context))));
  const ms = performance.now() - t0;
  return { ms, bodies: texts.map((t) => (JSON.parse(t) as { data: Point[] }).data) };
}

/** DuckDB's three grouped counts of one step, one query after the other; wall time in ms, and the rows. */
export async function duckUpdate(db: Duck, lo: number, hi: number): Promise<{ ms: number; rows: unknown[][][] }> {
  const t0 = performance.now();
  const rows: unknown[][][] = [];
  for (const c of CHARTS)
    rows.push(
      await db.rows(
        `SELECT k::VARCHAR, n FROM (SELECT ${c.key} AS k, count(*)::DOUBLE AS n FROM w WHERE x >= ${lo} AND x < ${hi} GROUP BY 1) ORDER BY k`,
      ),
    );
  return { ms: performance.now() - t0, rows };
}

/** Fails unless Sorrel's three charts are DuckDB's groups (labels as keys: grade, YYYY-MM, cat). */
export function checkSame(step: number, bodies: Point[][], rows: unknown[][][]): void {
  CHARTS.forEach((c, i) => {
    const sorrel = JSON.stringify(bodies[i].map((p) => [p.labels[0], p.count]));
    const duck = JSON.stringify(rows[i].map((r) => [String(r[0]), Number(r[1])]));
    if (sorrel !== duck)
      throw new Error(
        `crossfilter step ${step}, ${c.name}: Sorrel ${sorrel.slice(0, 200)} ≠ DuckDB ${duck.slice(0, 200)}`,
      );
  });
}

/** A gauge of /metrics. */
export async function gauge(url: string, name: string): Promise<number> {
  const text = await getText(`${url}/metrics`);
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/** Waits until the index holds the three charts (built in the background after the second update). */
export async function waitForIndex(url: string): Promise<number> {
  const t0 = performance.now();
  while ((await gauge(url, 'sorrel_brush_index_charts')) < CHARTS.length) {
    if (performance.now() - t0 > 600_000) throw new Error('crossfilter: the index was not built within 10 minutes.');
    await new Promise((r) => setTimeout(r, 50));
  }
  return performance.now() - t0;
}

/** How fast this process reads memory (GB/s): a sum over 256 MiB of doubles, best of three. */
export function readBandwidth(): number {
  const a = new Float64Array(32 * 2 ** 20).fill(1);
  let best = Number.POSITIVE_INFINITY,
    sum = 0;
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    for (let i = 0; i < a.length; i++) sum += a[i];
    best = Math.min(best, performance.now() - t0);
  }
  if (sum < 0) note('impossible');
  return a.byteLength / (best / 1e3) / 1e9;
}
