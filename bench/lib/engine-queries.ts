// The engine scenario's requests: each as ClickHouse SQL (Distributed or one shard's local table), DuckDB SQL and a Sorrel path.
import { toMatchSql } from '../../src/engine/search/index.ts';
import { fromDist, toBinStep } from './numbers.ts';
import type { Group } from './served.ts';
import { toFieldId } from './table-catalog.ts';
import { WIDE_COLUMNS } from './wide.ts';

const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
const BINS = 20;

/** `rep` picks a fresh variant of the request (a context bound or a search term), so no cache answers it. */
export type EngineQuery = {
  label: string;
  ch(table: string, rep: number): string;
  duck(rep: number): string;
  sorrel(rep: number): string;
  /** Sorrel's body as DuckDB's rows, for the check. */
  fromSorrel(body: unknown): unknown[][];
};

const below = (rep: number) => 10 - rep / 1000;
const where = (rep: number) => `grade < ${below(rep)}`;
const context = (rep: number) =>
  `&aware=true&context=${encodeURIComponent(JSON.stringify({ field: id('grade'), operator: 'lt', value: below(rep) }))}`;
const groups = (gs: Group[]) => gs.map((g) => [...g.key, g.count]);
const chGroup = (keys: string, table: string, rep: number) =>
  `SELECT ${keys}, count() FROM ${table} WHERE ${where(rep)} GROUP BY ${keys} ORDER BY ${keys}`;
const duckGroup = (keys: string, rep: number) =>
  `SELECT ${keys}, count(*)::DOUBLE FROM w WHERE ${where(rep)} GROUP BY ALL ORDER BY ALL`;
const dist = (dims: string[], extra: string, rep: number) =>
  `/api/fields/${id(dims[0])}/dist/?dimensions=${dims.map(id).join(',')}&cluster=false${extra}${context(rep)}`;

/** The compared requests; `xRange` is `x`'s naive min and max (bins take them, API.md §13). */
export function toEngineQueries(xRange: [number, number]): EngineQuery[] {
  const { step, inverse } = toBinStep(xRange[0], xRange[1], BINS);
  if (inverse !== null) throw new Error(`x's bin step ${step} is below 1; the bench expects a whole step.`);
  const last = Math.max(1, Math.ceil(xRange[1] / step) - Math.floor(xRange[0] / step)) - 1;
  const first = Math.floor(xRange[0] / step);
  const lo = `(least(floor(x / ${step}) - ${first}, ${last}) + ${first}) * ${step}`;
  return [
    {
      label: 'aware values of `name` (string, 50,000 values)',
      ch: (t, r) => chGroup('name', t, r),
      duck: (r) => duckGroup('name', r),
      sorrel: (r) => `/api/fields/${id('name')}/values/?limit=0${context(r)}`,
      fromSorrel: (b) => (b as { values: { value: unknown; count: number }[] }).values.map((v) => [v.value, v.count]),
    },
    {
      label: 'aware dist of `cat` (int, 1,000 groups)',
      ch: (t, r) => chGroup('cat', t, r),
      duck: (r) => duckGroup('cat', r),
      sorrel: (r) => dist(['cat'], '', r),
      fromSorrel: (b) => groups(fromDist(b)),
    },
    {
      label: 'aware dist `cat` × `grade` (20,000 groups)',
      ch: (t, r) => chGroup('cat, grade', t, r),
      duck: (r) => duckGroup('cat, grade', r),
      sorrel: (r) => dist(['cat', 'grade'], '', r),
      fromSorrel: (b) => groups(fromDist(b)),
    },
    {
      label: `aware dist of \`x\` (float), bins=${BINS}`,
      ch: (t, r) => `SELECT ${lo} AS lo, count() FROM ${t} WHERE ${where(r)} GROUP BY lo ORDER BY lo`,
      duck: (r) => duckGroup(`${lo} AS lo`, r),
      sorrel: (r) => dist(['x'], `&bins=${BINS}`, r),
      fromSorrel: (b) => groups(fromDist(b)),
    },
    {
      label: 'aware stats of `x` (count, min, max, mean)',
      ch: (t, r) => `SELECT count(x), min(x), max(x), avg(x) FROM ${t} WHERE ${where(r)}`,
      duck: (r) => `SELECT count(x)::DOUBLE, min(x), max(x), avg(x) FROM w WHERE ${where(r)}`,
      sorrel: (r) => `/api/fields/${id('x')}/stats/?${context(r).slice(1)}`,
      fromSorrel: (b) => {
        const s = b as { count: number; min: number; max: number; mean: number };
        return [[s.count, s.min, s.max, s.mean]];
      },
    },
    {
      label: 'value search: does a `name` hold "n0123…"? (pushed, §14 Search)',
      ch: (t, r) => {
        const table = { engine: 'bench', database: t.split('.')[0]!, table: t.split('.')[1]!, columns: {}, rows: 0 };
        return toMatchSql(table, 'name', [{ text: term(r), phrase: false }], true);
      },
      duck: (r) => `SELECT bool_or(contains(lower(name), '${term(r)}'))::INTEGER FROM w`,
      sorrel: (r) => `/api/fields/?query=${term(r)}`,
      fromSorrel: (b) => [[(b as { id: number }[]).some((f) => f.id === id('name')) ? 1 : 0]],
    },
  ];
}

const term = (rep: number) => `n0123${rep}`;

/** Whether two answers hold the same rows (numbers equal to 1e-9 relative: sums may add in another order). */
export function isSame(a: unknown[][], b: unknown[][]): boolean {
  if (a.length !== b.length) return false;
  const num = (v: unknown) =>
    typeof v === 'bigint' ? Number(v) : typeof v === 'string' && /^-?\d/.test(v) ? Number(v) : v;
  return a.every((row, i) =>
    row.every((v, j) => {
      const [x, y] = [num(v), num(b[i]![j])];
      if (typeof x === 'number' && typeof y === 'number') return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y));
      return String(x) === String(y);
    }),
  );
}
