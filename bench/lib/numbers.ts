// compute's number and date rows (issue 19): aware values and dist over integer, date and float columns of
// the wide table (bench/lib/wide.ts), under contexts on an integer and on a float column, beside DuckDB.
import { type Duck, toSqlString } from './duck.ts';
import { toRowsLabel } from './growth.ts';
import { note } from './log.ts';
import { toRow } from './rows.ts';
import { checkSame, type Group } from './served.ts';
import { getText, startSorrel } from './sorrel.ts';
import { toFieldId, writeTableCatalog } from './table-catalog.ts';
import { alternate, timed } from './timing.ts';
import type { BenchRow } from './types.ts';
import { ensureWide, WIDE_COLUMNS } from './wide.ts';

const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
const BINS = 50;

/**
 * Contexts on the integers `grade` (0..19) and `code` (0..99,999) and on the float `x` (3 decimals). Every timed request lowers
 * the bound by `step` (less than the data's resolution): the checked rows and answer, but a request the
 * reply cache has not seen.
 */
export const WIDE_CONTEXTS = [
  { label: '50% context on an int (`grade < 10`)', column: 'grade', below: 10, step: 1e-3 },
  { label: '5% context on an int (`grade < 1`)', column: 'grade', below: 1, step: 1e-3 },
  { label: '1% context on an int (`code < 1000`)', column: 'code', below: 1000, step: 1e-3 },
  { label: '50% context on a float (`x < 500`)', column: 'x', below: 500, step: 1e-5 },
  { label: '1% context on a float (`x < 10`)', column: 'x', below: 10, step: 1e-5 },
];
type Context = (typeof WIDE_CONTEXTS)[number];

type Query = {
  label: string;
  path(context: string): string;
  sql(where: string): string;
  toGroups(body: unknown): Group[];
  check?(body: unknown): void;
};
type ValuesBody = { values: { value: unknown; count: number }[] };
type DistBody = { data: DistPoint[]; outliers: DistPoint[]; axes?: { bins?: { width: number } }[] };
type DistPoint = { values: unknown[]; count: number };

const toContext = (c: Context, below: number) =>
  encodeURIComponent(
    JSON.stringify({ type: 'and', children: [{ field: id(c.column), operator: 'lt', value: below }] }),
  );
const groupSql = (keys: string[], where: string) =>
  `SELECT ${keys.join(', ')}, count(*)::DOUBLE FROM w WHERE ${where} GROUP BY ALL ORDER BY ALL`;
/** Dates group as dates; only the groups become the API's `YYYY-MM-DD` strings (not every row). */
export const dateSql = (where: string) =>
  `SELECT d::VARCHAR, n FROM (SELECT d, count(*)::DOUBLE AS n FROM w WHERE ${where} GROUP BY d) ORDER BY d`;
const fromValues = (body: unknown): Group[] =>
  (body as ValuesBody).values.map((v) => ({ key: [v.value], count: v.count }));
/** Outliers (§7 step 2, numbers only) leave `data`: both lists together, in key order, are the groups. */
export const fromDist = (body: unknown): Group[] => {
  const { data, outliers } = body as DistBody;
  const all = [...data, ...outliers].map((p) => ({ key: p.values, count: p.count }));
  const cmp = (a: Group, b: Group) => {
    for (let i = 0; i < a.key.length; i++) {
      const [x, y] = [a.key[i] as number | string, b.key[i] as number | string];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
  return all.sort(cmp);
};

/**
 * API.md §13's bin step for N bins over [min, max]: the smallest m × 10^j (m ∈ {1, 2, 5}) with
 * ⌈max/s⌉ − ⌊min/s⌋ ≤ N; as an integer `inverse` (1/s) when s < 1, so the SQL divides exactly.
 */
export function toBinStep(min: number, max: number, n: number): { step: number; inverse: number | null } {
  for (let j = -12; j <= 15; j++) {
    for (const m of [1, 2, 5]) {
      const inverse = j < 0 ? Math.round(10 ** -j / m) : null; // an integer for every m when j < 0
      const step = inverse !== null ? 1 / inverse : m * 10 ** j;
      const cut = (v: number, f: (x: number) => number) => (inverse !== null ? f(v * inverse) : f(v / step));
      if (Math.max(1, cut(max, Math.ceil) - cut(min, Math.floor)) <= n) return { step, inverse };
    }
  }
  throw new Error(`no bin step for [${min}, ${max}] in ${n} bins`);
}

/** The compared queries; `xRange` is the float's naive min and max (bins take them, API.md §13). */
function toQueries(xRange: [number, number]): Query[] {
  const [CAT, GRADE, D, X, NAME] = ['cat', 'grade', 'd', 'x', 'name'].map(id);
  const { step, inverse } = toBinStep(xRange[0], xRange[1], BINS);
  const scaled = (v: string) => (inverse !== null ? `floor(${v} * ${inverse})` : `floor(${v} / ${step})`);
  const cut = (v: number, f: (x: number) => number) => (inverse !== null ? f(v * inverse) : f(v / step));
  const first = cut(xRange[0], Math.floor);
  const count = Math.max(1, cut(xRange[1], Math.ceil) - cut(xRange[0], Math.floor));
  const bin = `least(${scaled('x')} - ${first}, ${count - 1}) + ${first}`;
  const edge = inverse !== null ? `(${bin}) / ${inverse}` : `(${bin}) * ${step}`;
  const dist = (dims: number[], extra = '') =>
    `/api/fields/${dims[0]}/dist/?dimensions=${dims.join(',')}&cluster=false&aware=true${extra}&context=`;
  return [
    {
      label: 'aware values of `cat` (int, 1,000 values)',
      path: (c) => `/api/fields/${CAT}/values/?aware=true&limit=0&context=${c}`,
      sql: (w) => groupSql(['cat'], w),
      toGroups: fromValues,
    },
    {
      label: 'aware dist of `cat` (int, 1,000 groups)',
      path: (c) => dist([CAT]) + c,
      sql: (w) => groupSql(['cat'], w),
      toGroups: fromDist,
    },
    {
      label: 'aware dist `cat` × `grade` (int × int, 20,000 groups)',
      path: (c) => dist([CAT, GRADE]) + c,
      sql: (w) => groupSql(['cat', 'grade'], w),
      toGroups: fromDist,
    },
    {
      label: 'aware values of `d` (date, 1,500 values)',
      path: (c) => `/api/fields/${D}/values/?aware=true&limit=0&context=${c}`,
      sql: dateSql,
      toGroups: fromValues,
    },
    {
      label: 'aware dist of `d` (date, 1,500 groups)',
      path: (c) => dist([D]) + c,
      sql: dateSql,
      toGroups: fromDist,
    },
    {
      label: `aware dist of \`x\` (float, 1M values), bins=${BINS}`,
      path: (c) => dist([X], `&bins=${BINS}`) + c,
      sql: (w) => groupSql([`${edge} AS lo`], w),
      toGroups: fromDist,
      check: (body) => {
        const width = (body as DistBody).axes?.[0]?.bins?.width;
        if (width !== step) throw new Error(`aware dist of x, bins=${BINS}: bin width ${width}, expected ${step}.`);
      },
    },
    {
      label: 'aware dist of `name` (string, 50,000 groups), for comparison',
      path: (c) => dist([NAME]) + c,
      sql: (w) => groupSql(['name'], w),
      toGroups: fromDist,
    },
  ];
}

/** Every query under every context at one size: checked against DuckDB (table `w` loaded), then timed. */
export async function timeNumbers(
  base: string,
  duck: Duck,
  rows: number,
  { warmup, rounds, reference }: { warmup: number; rounds: number; reference: string },
): Promise<BenchRow[]> {
  const [min, max] = (await duck.rows('SELECT min(x), max(x) FROM w'))[0] as [number, number];
  const out: BenchRow[] = [];
  for (const c of WIDE_CONTEXTS) {
    for (const q of toQueries([min, max])) {
      const label = `${toRowsLabel(rows)} rows, wide table, ${q.label}, ${c.label}`;
      note(`compute: ${label}`);
      const where = (b: number) => `${c.column} < ${b}`;
      const body = JSON.parse(await getText(base + q.path(toContext(c, c.below))));
      q.check?.(body);
      checkSame(label, q.toGroups(body), await duck.rows(q.sql(where(c.below))), { nonZero: true });
      let ks = 0,
        kd = 0;
      const runs = await alternate(
        timed(() => getText(base + q.path(toContext(c, c.below - ++ks * c.step)))),
        timed(() => duck.rows(q.sql(where(c.below - ++kd * c.step)))),
        warmup,
        rounds,
      );
      const judged = !q.label.includes('string');
      out.push(
        toRow({
          scenario: 'compute',
          case: label,
          metric: 'median ms',
          referenceName: reference,
          better: 'lower',
          sorrel: runs.sorrel,
          reference: runs.reference,
          target: judged ? '≤ 1.5× DuckDB' : '—',
          limit: judged ? { on: 'ratio', value: 1.5 } : null,
        }),
      );
    }
  }
  return out;
}

/** The wide table at `rows` rows: Parquet, DuckDB's table `w`, Sorrel over a catalog of it; then timeNumbers. */
export async function runWide(
  rows: number,
  dataDir: string,
  duck: Duck,
  timing: { warmup: number; rounds: number; reference: string },
): Promise<BenchRow[]> {
  note(`compute: ${toRowsLabel(rows)} rows, wide table: data, DuckDB table, Sorrel`);
  const file = await ensureWide(rows, dataDir);
  await duck.run(`CREATE OR REPLACE TABLE w AS SELECT * FROM read_parquet(${toSqlString(file)})`);
  const sorrel = await startSorrel(writeTableCatalog(file, WIDE_COLUMNS, dataDir), {
    SORREL_MAX_VALUES_LIMIT: '100000000',
    SORREL_MAX_GROUPS: '100000000',
  });
  try {
    const loaded = (sorrel.ready.datasets as { rows: number }[])[0].rows;
    if (loaded !== rows) throw new Error(`Sorrel loaded ${loaded} rows from ${file}, expected ${rows}.`);
    return await timeNumbers(sorrel.url, duck, rows, timing);
  } finally {
    await sorrel.stop();
    await duck.run('DROP TABLE w');
  }
}
