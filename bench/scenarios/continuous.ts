// Continuous data (API.md §13): clustered distributions of ~10M distinct values, bins and day intervals,
// Sorrel over HTTP (its own process) beside DuckDB grouping the same Parquet file in-process.
import { readFileSync } from 'node:fs';
import { ensureContinuous, CONTINUOUS_COLUMNS } from '../lib/continuous-data.ts';
import { openDuck, toSqlString, type Duck } from '../lib/duck.ts';
import { note } from '../lib/log.ts';
import { toRowsLabel } from '../lib/growth.ts';
import { toRow } from '../lib/rows.ts';
import { checkSame, type Group } from '../lib/served.ts';
import { getText, startSorrel, type SorrelChild } from '../lib/sorrel.ts';
import { toFieldId, writeTableCatalog } from '../lib/table-catalog.ts';
import { alternate, timed } from '../lib/timing.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const X = toFieldId(CONTINUOUS_COLUMNS, 'x');
const Y = toFieldId(CONTINUOUS_COLUMNS, 'y');
const T = toFieldId(CONTINUOUS_COLUMNS, 't');
const SEL = toFieldId(CONTINUOUS_COLUMNS, 'sel');

/** A 50% context, moved down a thousandth per request so no cache answers it (as in compute.ts). */
const STEP = 1 / 1000;
const context = (below: number) =>
  `aware=true&context=${encodeURIComponent(JSON.stringify({ field: SEL, operator: 'lt', value: below }))}`;
const where = (below: number | null) => (below === null ? 'true' : `sel < ${below}`);

type DistBody = { size: number; cells?: number; data: { values: unknown[]; count: number }[] };
type Case = {
  label: string;
  /** Sorrel's path for request k (naive paths alternate `sort` so the one-entry memo never answers). */
  path(k: number): string;
  /** DuckDB's statement for request k. */
  sql(k: number): string;
  /** Checks Sorrel's answer against DuckDB's before timing. */
  check(body: DistBody, duck: Duck): Promise<void>;
  target: string;
  limit: number;
  /** An absolute bound on Sorrel's median as well, in seconds, or null. */
  seconds: number | null;
};

const clustered = (label: string, dims: string[], aware: boolean): Case => {
  const below = (k: number) => (aware ? 5000 - k * STEP : null);
  const dimensions =
    dims.length > 1 ? `&dimensions=${dims.map((d) => toFieldId(CONTINUOUS_COLUMNS, d)).join(',')}` : '';
  const groups = (k: number) =>
    `SELECT ${dims.join(', ')}, count(*) AS n FROM t WHERE ${where(below(k))}${dims.map((d) => ` AND ${d} IS NOT NULL`).join('')} GROUP BY ALL`;
  return {
    label,
    path: (k) =>
      `/api/fields/${X}/dist/?sort=${k % 2 ? 'count' : 'fields'}${dimensions}${aware ? `&${context(below(k)!)}` : ''}`,
    sql: (k) => `CREATE OR REPLACE TEMP TABLE g AS ${groups(k)}`,
    async check(body, duck) {
      const n = Number((await duck.rows(`SELECT count(*)::DOUBLE FROM (${groups(0)})`))[0][0]);
      if (body.size !== n || body.cells === undefined)
        throw new Error(`${label}: Sorrel size ${body.size} (cells ${body.cells}), DuckDB ${n} groups.`);
    },
    target: '≤ 1 s and ≤ 1.5× DuckDB',
    limit: 1.5,
    seconds: 1,
  };
};

const grouped = (label: string, param: string, key: string, column: string): Case => {
  const sql = (below: number) =>
    `SELECT ${key} AS k, count(*)::DOUBLE FROM t WHERE sel < ${below} AND ${column} IS NOT NULL GROUP BY k ORDER BY k`;
  return {
    label,
    path: (k) => `/api/fields/${column === 'x' ? X : T}/dist/?${param}&${context(5000 - k * STEP)}`,
    sql: (k) => sql(5000 - k * STEP),
    async check(body, duck) {
      const groups: Group[] = body.data.map((p) => ({ key: p.values, count: p.count }));
      checkSame(label, groups, await duck.rows(sql(5000)), { nonZero: true });
    },
    target: '≤ 1.0× DuckDB',
    limit: 1.0,
    seconds: null,
  };
};

const CASES: Case[] = [
  clustered('naive clustered dist, 1 dim (`x`)', ['x'], false),
  clustered('naive clustered dist, 2 dims (`x` × `y`)', ['x', 'y'], false),
  clustered('aware clustered dist, 1 dim, 50% context', ['x'], true),
  clustered('aware clustered dist, 2 dims, 50% context', ['x', 'y'], true),
  grouped('aware `bins=50` on `x`, 50% context', 'bins=50', 'floor(x / 20) * 20', 'x'),
  grouped(
    'aware `interval=day` on `t`, 50% context',
    'interval=day',
    "strftime(date_trunc('day', t), '%Y-%m-%dT%H:%M:%S.000')",
    't',
  ),
];

export const scenario: Scenario = {
  name: 'continuous',
  description:
    'clustered distributions of ~one distinct value per row (1 and 2 dims, naive and 50% context), bins=50 and interval=day, over HTTP vs DuckDB GROUP BY in-process; peak RSS of a clustered request',
  async run({ quick, dataDir }) {
    const size = quick ? 1_000_000 : 10_000_000;
    const [warmup, rounds] = quick ? [1, 3] : [1, 5];
    const duck = await openDuck();
    const reference = `DuckDB ${duck.version} (in-process)`;
    const rows: BenchRow[] = [];
    try {
      note(`continuous: ${toRowsLabel(size)} rows: data, DuckDB table, Sorrel`);
      const file = await ensureContinuous(duck, size, dataDir);
      await duck.run(`CREATE OR REPLACE TABLE t AS SELECT * FROM read_parquet(${toSqlString(file)})`);
      // Memo and reply cache off, so a naive request is computed each time (see Case.path).
      const sorrel = await startSorrel(writeTableCatalog(file, CONTINUOUS_COLUMNS, dataDir), {
        SORREL_MEMO_MB: '0',
        SORREL_REPLY_CACHE_MB: '0',
      });
      try {
        rows.push(...(await peakRss(sorrel, size)));
        for (const c of CASES) {
          const caseLabel = `${toRowsLabel(size)} rows, ${c.label}`;
          note(`continuous: ${caseLabel}`);
          await c.check(JSON.parse(await getText(sorrel.url + c.path(0))) as DistBody, duck);
          let ks = 0,
            kd = 0;
          const runs = await alternate(
            timed(() => getText(sorrel.url + c.path(++ks))),
            timed(() => duck.run(c.sql(++kd))),
            warmup,
            rounds,
          );
          const row = toRow({
            scenario: 'continuous',
            case: caseLabel,
            metric: 'median ms',
            referenceName: reference,
            better: 'lower',
            sorrel: runs.sorrel,
            reference: runs.reference,
            target: c.target,
            limit: { on: 'ratio', value: c.limit },
          });
          // The clustered target has an absolute part too: at most 1 s.
          if (c.seconds !== null && row.met) row.met = row.sorrel <= c.seconds * 1000;
          rows.push(row);
        }
      } finally {
        await sorrel.stop();
      }
      return rows;
    } finally {
      duck.close();
    }
  },
};

/** The server's resident memory sampled every 5 ms during one naive clustered 1-D and one 2-D request. */
async function peakRss(sorrel: SorrelChild, size: number): Promise<BenchRow[]> {
  const rss = () =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${sorrel.child.pid}/status`, 'utf8'))![1]) / 1024;
  const out: BenchRow[] = [];
  for (const [label, query] of [
    ['1 dim', ''],
    ['2 dims', `&dimensions=${X},${Y}`],
  ]) {
    const before = rss();
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 5);
    await getText(`${sorrel.url}/api/fields/${X}/dist/?sort=count${query}`);
    clearInterval(timer);
    out.push(
      toRow({
        scenario: 'continuous',
        case: `${toRowsLabel(size)} rows, naive clustered dist, ${label}: peak RSS (before: ${Math.round(before)} MiB)`,
        metric: 'MiB',
        referenceName: '—',
        better: 'lower',
        sorrel: [peak],
        reference: null,
        target: '—',
        limit: null,
      }),
    );
  }
  return out;
}
