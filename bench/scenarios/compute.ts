// Context-aware compute: Sorrel over HTTP (its own process) vs DuckDB in-process, the same filter and
// GROUP BY on the same Parquet file, at growing row counts; plus non-aware answers served from memory.
import { openDuck, toSqlString, type Duck } from '../lib/duck.ts';
import { COLUMNS, ensureTable, toTableSpec } from '../lib/generate.ts';
import { note } from '../lib/log.ts';
import { toGrowthRows, toRowsLabel, type Series } from '../lib/growth.ts';
import { runWide } from '../lib/numbers.ts';
import { toRow } from '../lib/rows.ts';
import { checkSame, type Group, timeServed } from '../lib/served.ts';
import { getText, startSorrel } from '../lib/sorrel.ts';
import { toFieldId, writeTableCatalog } from '../lib/table-catalog.ts';
import { alternate, timed } from '../lib/timing.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const SEL = toFieldId(COLUMNS, 'sel');
const CAT = toFieldId(COLUMNS, 'cat');
const NAME = toFieldId(COLUMNS, 'name');
const GRADE = toFieldId(COLUMNS, 'grade');

/**
 * Contexts on `sel` (uniform integers 0..9999) keeping ~50% and ~1% of the rows. Every timed
 * request moves the bound down by a thousandth (`sel < 4999.999`, `sel < 4999.998`, …): the same
 * rows and the same answer as the checked request, but a request Sorrel has not seen, so its
 * reply cache (keyed by ETag) cannot answer it and the figure is the compute.
 */
const CONTEXTS = [
  { label: '50% context', below: 5000 },
  { label: '1% context', below: 100 },
];
const STEP = 1 / 1000;

/** One compared query: Sorrel's URL and DuckDB's SQL for a context, and how to read Sorrel's answer as groups. */
type Query = {
  label: string;
  grouped: boolean; // a /dist/ grouped count (the target applies)
  path(below: number): string;
  sql(below: number): string;
  toGroups(body: unknown): Group[];
};
type ValuesBody = { values: { value: unknown; count: number }[] };
type DistBody = { data: DistPoint[]; outliers: DistPoint[] };
type DistPoint = { values: unknown[]; count: number };

const toContext = (below: number) =>
  encodeURIComponent(JSON.stringify({ type: 'and', children: [{ field: SEL, operator: 'lt', value: below }] }));
const groupSql = (columns: string[], below: number | null) =>
  `SELECT ${columns.join(', ')}, count(*)::DOUBLE FROM t WHERE ${below === null ? 'true' : `sel < ${below}`}` +
  `${columns.map((c) => ` AND ${c} IS NOT NULL`).join('')} GROUP BY ALL ORDER BY ${columns.join(', ')}`;
const fromValues = (body: unknown): Group[] =>
  (body as ValuesBody).values.map((v) => ({ key: [v.value], count: v.count }));
const fromDist = (body: unknown): Group[] => {
  const { data, outliers } = body as DistBody;
  return [...data, ...outliers].map((p) => ({ key: p.values, count: p.count }));
};

const QUERIES: Query[] = [
  {
    label: 'aware values of `name` (distinct + counts)',
    grouped: false,
    path: (b) => `/api/fields/${NAME}/values/?aware=true&limit=0&context=${toContext(b)}`,
    sql: (b) => groupSql(['name'], b),
    toGroups: fromValues,
  },
  {
    label: 'aware dist, 1 dim (`cat`)',
    grouped: true,
    path: (b) => `/api/fields/${CAT}/dist/?cluster=false&aware=true&context=${toContext(b)}`,
    sql: (b) => groupSql(['cat'], b),
    toGroups: fromDist,
  },
  {
    label: 'aware dist, 2 dims (`cat` × `grade`)',
    grouped: true,
    path: (b) => `/api/fields/${CAT}/dist/?dimensions=${CAT},${GRADE}&cluster=false&aware=true&context=${toContext(b)}`,
    sql: (b) => groupSql(['cat', 'grade'], b),
    toGroups: fromDist,
  },
];

/** Non-aware answers Sorrel keeps in memory; each is checked against DuckDB, then timed alone. */
const MEMORY = [
  {
    label: 'non-aware values of `cat`, limit=0',
    route: 'values',
    path: `/api/fields/${CAT}/values/?limit=0`,
    sql: groupSql(['cat'], null),
    toGroups: fromValues,
  },
  {
    label: 'non-aware values of `name`, first page',
    route: 'values',
    path: `/api/fields/${NAME}/values/`,
    sql: `${groupSql(['name'], null)} LIMIT 10`,
    toGroups: fromValues,
  },
  {
    label: 'non-aware dist of `cat`',
    route: 'dist',
    path: `/api/fields/${CAT}/dist/`,
    sql: groupSql(['cat'], null),
    toGroups: fromDist,
  },
];

export const scenario: Scenario = {
  name: 'compute',
  description:
    'context-aware values and grouped counts (1 and 2 dimensions, 50% and 1% contexts) over HTTP vs DuckDB in-process on the same Parquet file, by row count; non-aware answers from memory',
  async run({ quick, dataDir, rows: only }) {
    const sizes = only ? [only] : quick ? [100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000];
    const warmup = quick ? 1 : 2;
    const rounds = quick ? 5 : 9;
    const duck = await openDuck();
    const reference = `DuckDB ${duck.version} (in-process)`;
    const rows: BenchRow[] = [];
    const series = new Map<string, Series>();
    try {
      for (const size of sizes) {
        const largest = size === sizes[sizes.length - 1];
        note(`compute: ${toRowsLabel(size)} rows: data, DuckDB table, Sorrel`);
        const files = await ensureTable(toTableSpec(size), dataDir);
        await duck.run(`CREATE OR REPLACE TABLE t AS SELECT * FROM read_parquet(${toSqlString(files.parquet)})`);
        const sorrel = await startSorrel(writeTableCatalog(files.parquet, COLUMNS, dataDir), {
          SORREL_MAX_VALUES_LIMIT: '100000000',
          SORREL_MAX_GROUPS: '100000000',
        });
        try {
          const loaded = (sorrel.ready.datasets as { rows: number }[])[0].rows;
          const count = Number((await duck.rows('SELECT count(*)::DOUBLE FROM t'))[0][0]);
          if (loaded !== count) throw new Error(`Sorrel loaded ${loaded} rows from ${files.parquet}, DuckDB ${count}.`);
          for (const { label: contextLabel, below } of CONTEXTS) {
            for (const q of QUERIES) {
              const url = (b: number) => sorrel.url + q.path(b);
              const caseLabel = `${q.label}, ${contextLabel}`;
              note(`compute: ${toRowsLabel(size)} rows, ${caseLabel}`);
              checkSame(caseLabel, q.toGroups(JSON.parse(await getText(url(below)))), await duck.rows(q.sql(below)));
              let ks = 0,
                kd = 0;
              const runs = await alternate(
                timed(() => getText(url(below - ++ks * STEP))),
                timed(() => duck.rows(q.sql(below - ++kd * STEP))),
                warmup,
                rounds,
              );
              const s = series.get(caseLabel) ?? new Map();
              series.set(caseLabel, s.set(size, runs));
              const target = q.grouped && largest;
              rows.push(
                toRow({
                  scenario: 'compute',
                  case: `${toRowsLabel(size)} rows, ${caseLabel}`,
                  metric: 'median ms',
                  referenceName: reference,
                  better: 'lower',
                  sorrel: runs.sorrel,
                  reference: runs.reference,
                  target: target ? '≤ 1.5× DuckDB' : '—',
                  limit: target ? { on: 'ratio', value: 1.5 } : null,
                }),
              );
            }
          }
          if (largest) rows.push(...(await timeMemory(sorrel.url, duck, size, quick ? 100 : 300)));
        } finally {
          await sorrel.stop();
        }
      }
      for (const [label, s] of series) rows.push(...toGrowthRows('compute', label, 'time', reference, s));
      // Numbers and dates (issue 19): the wide table at the largest size.
      rows.push(...(await runWide(sizes[sizes.length - 1], dataDir, duck, { warmup, rounds, reference })));
      return rows;
    } finally {
      duck.close();
    }
  },
};

/** Non-aware answers served from memory: each checked against DuckDB, then timed (bench/lib/served.ts). */
async function timeMemory(base: string, duck: Duck, size: number, n: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const m of MEMORY) {
    checkSame(m.label, m.toGroups(JSON.parse(await getText(base + m.path))), await duck.rows(m.sql));
    rows.push(
      ...(await timeServed(base, m.path, m.route, n, {
        scenario: 'compute',
        case: `${toRowsLabel(size)} rows, ${m.label}`,
      })),
    );
  }
  return rows;
}
