// The scale scenario's 2-D clustered row (issue 19): the aware dist `x` × `code` (two continuous columns, millions
// of groups, so gathered on API.md §13's grid before k-means), beside DuckDB computing the same grid cells.
import { clusterPoints, defaultK, toGridSide } from '../../workers/index.ts';
import type { Duck } from './duck.ts';
import { toRowsLabel } from './growth.ts';
import { note } from './log.ts';
import { ownCpuMs, processCpuMs } from './proc-cpu.ts';
import { toRow } from './rows.ts';
import { getText } from './sorrel.ts';
import { toFieldId } from './table-catalog.ts';
import type { BenchRow } from './types.ts';
import { WIDE_COLUMNS } from './wide.ts';

const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
const MAX_POINTS = 50_000; // SORREL_MAX_CLUSTER_POINTS's default, M in API.md §13
const SAMPLES = 3; // first requests: `grade < 10` lowered by a thousandth each time

type Point = { count: number; values: number[] };
type Body = { size: number; clustered: boolean; cells?: number; data: Point[]; outliers: Point[] };

const path = (below: number) =>
  `/api/fields/${id('x')}/dist/?dimensions=${id('x')},${id('code')}&aware=true&context=${encodeURIComponent(
    JSON.stringify({ field: id('grade'), operator: 'lt', value: below }),
  )}`;

/**
 * API.md §7 steps 1–2 and §13's grid in SQL over the groups of (x, code) under `grade < below`: each
 * dimension divided by its population deviation over the groups (unweighted), the groups at least 3×
 * the mean distance from the mean point set aside, the rest cut into G × G cells over their range.
 * `part` picks the answer: the non-empty cells (index, count, count-weighted mean of the normalised
 * values) in cell order, the outlier groups, or the deviations and the group count.
 */
function gridSql(below: number, part: 'cells' | 'outliers' | 'scale'): string {
  const g = toGridSide(MAX_POINTS, 2);
  const cell = (z: string, lo: string, hi: string) =>
    `CASE WHEN ${hi} = ${lo} THEN 0 ELSE least(${g - 1}, floor(((${z} - ${lo}) / (${hi} - ${lo})) * ${g})) END`;
  const tail = {
    cells: `SELECT ${cell('zx', 'lx', 'hx')} AS cx, ${cell('zc', 'lc', 'hc')} AS cc, sum(c) AS n,
        sum(c * zx) / sum(c) AS vx, sum(c * zc) / sum(c) AS vc
      FROM z, m, t, b WHERE sqrt((zx - mx) ^ 2 + (zc - mc) ^ 2) < 3 * md GROUP BY ALL ORDER BY ALL`,
    outliers: `SELECT x, code, c FROM z, m, t WHERE sqrt((zx - mx) ^ 2 + (zc - mc) ^ 2) >= 3 * md ORDER BY ALL`,
    scale: 'SELECT sx, sc, (SELECT count(*)::DOUBLE FROM g) FROM s',
  }[part];
  return `WITH g AS (SELECT x, code::DOUBLE AS code, count(*)::DOUBLE AS c FROM w WHERE grade < ${below} GROUP BY ALL),
    s AS (SELECT stddev_pop(x) AS sx, stddev_pop(code) AS sc FROM g),
    z AS (SELECT x, code, c, CASE WHEN sx = 0 THEN 0 ELSE x / sx END AS zx,
      CASE WHEN sc = 0 THEN 0 ELSE code / sc END AS zc FROM g, s),
    m AS (SELECT avg(zx) AS mx, avg(zc) AS mc FROM z),
    t AS (SELECT avg(sqrt((zx - mx) ^ 2 + (zc - mc) ^ 2)) AS md FROM z, m),
    b AS (SELECT min(zx) AS lx, max(zx) AS hx, min(zc) AS lc, max(zc) AS hc FROM z, m, t
      WHERE sqrt((zx - mx) ^ 2 + (zc - mc) ^ 2) < 3 * md)
    ${tail}`;
}

/**
 * Fails unless Sorrel's answer is what DuckDB's grid gives: the number of groups, of non-empty cells,
 * the outlier groups one for one, and the centroids k-means (workers/cluster/kmeans.ts, the one shared step)
 * finds over DuckDB's cells: same k, each centroid within 1e-9 (relative) and its count within 1.
 */
async function check(body: Body, duck: Duck, below: number): Promise<number> {
  const [sx, sc, groups] = (await duck.rows(gridSql(below, 'scale')))[0] as number[];
  const cells = (await duck.rows(gridSql(below, 'cells'))) as number[][];
  const outliers = (await duck.rows(gridSql(below, 'outliers'))) as number[][];
  const fail = (what: string) => {
    throw new Error(`aware dist x × code: ${what}`);
  };
  if (!body.clustered || body.size !== groups) fail(`size ${body.size}, DuckDB ${groups} groups`);
  if (body.cells !== cells.length) fail(`${body.cells} cells, DuckDB ${cells.length}`);
  const out = body.outliers.map((p) => [...p.values, p.count].join());
  if (out.join(';') !== outliers.map((r) => r.join()).join(';'))
    fail(`outliers ${out.slice(0, 3).join(';')}…, DuckDB ${outliers.slice(0, 3).join(';')}…`);
  const values = Float64Array.from(cells.flatMap((r) => [r[3], r[4]]));
  const norm = { values, dims: 2, std: Float64Array.of(sx, sc), constant: new Float64Array(2) };
  const k = defaultK(cells.length);
  const expected = clusterPoints(
    norm,
    cells.map((r) => r[2]),
    k,
  );
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  const got = [...body.data].sort((a, b) => a.values[0] - b.values[0] || a.values[1] - b.values[1]);
  const want = Array.from({ length: expected.k }, (_, j) => ({
    count: expected.counts[j],
    values: [expected.values[2 * j], expected.values[2 * j + 1]],
  })).sort((a, b) => a.values[0] - b.values[0] || a.values[1] - b.values[1]);
  if (got.length !== want.length) fail(`${got.length} centroids, ${want.length} from DuckDB's cells`);
  got.forEach((p, j) => {
    const q = want[j];
    if (!near(p.values[0], q.values[0]) || !near(p.values[1], q.values[1]) || Math.abs(p.count - q.count) > 1)
      fail(`centroid ${j} ${JSON.stringify(p)}, from DuckDB's cells ${JSON.stringify(q)}`);
  });
  return cells.length;
}

/**
 * First requests of the aware 2-D clustered dist `x` × `code` under `grade < 10` (half the rows), beside
 * DuckDB computing the grid cells (the query the check reads); the first answer is checked against
 * DuckDB's grid, the next ones (the same rows) against the first. At 100M rows: 3 requests of ~10-20 s
 * and 5 DuckDB queries of the 50M groups.
 */
export async function timeClusteredGrid(
  base: string,
  pid: number,
  duck: Duck,
  rows: number,
  reference: string,
): Promise<BenchRow[]> {
  const sorrel: number[] = [],
    ref: number[] = [],
    cpu = { sorrel: [] as number[], duck: [] as number[] };
  let cells = 0,
    first = '';
  for (let k = 0; k < SAMPLES; k++) {
    const below = 10 - k / 1000;
    let c = processCpuMs(pid),
      t = performance.now();
    const text = await getText(base + path(below));
    sorrel.push(performance.now() - t);
    cpu.sorrel.push(processCpuMs(pid) - c);
    c = ownCpuMs();
    t = performance.now();
    await duck.rows(gridSql(below, 'cells'));
    ref.push(performance.now() - t);
    cpu.duck.push(ownCpuMs() - c);
    // The bounds keep the same rows: the first answer is checked against DuckDB, the others against it.
    const body = JSON.parse(text) as Body;
    if (k === 0) cells = await check(body, duck, below);
    else if (JSON.stringify({ ...body, _links: null }) !== first)
      throw new Error(`aware dist x × code, grade < ${below}: not the answer of grade < 10`);
    if (k === 0) first = JSON.stringify({ ...body, _links: null });
  }
  const label = `aware dist \`x\` × \`code\` (floats, clustered on the grid: ${cells} cells), \`grade < 10\``;
  const ms = (xs: number[]) => xs.map(Math.round).join(', ');
  note(`scale: ${label}: Sorrel ${ms(sorrel)} ms (CPU ${ms(cpu.sorrel)}); DuckDB ${ms(ref)} ms (CPU ${ms(cpu.duck)})`);
  const c = { scenario: 'scale', case: `${toRowsLabel(rows)} rows, ${label}`, better: 'lower' as const };
  return [
    toRow({
      ...c,
      metric: 'first request ms',
      referenceName: `${reference}, the grid cells`,
      sorrel,
      reference: ref,
      target: '< 2 s at 100M rows',
      limit: { on: 'sorrel', value: 2000 },
    }),
    // CPU time, which a busy machine disturbs less than wall time: the server process (every thread) and
    // this process while DuckDB runs the query (its threads).
    toRow({
      ...c,
      metric: 'first request CPU ms (server process)',
      referenceName: `${reference}, the grid cells, CPU ms`,
      sorrel: cpu.sorrel,
      reference: cpu.duck,
      target: '—',
      limit: null,
    }),
  ];
}
