// The scale scenario's first requests (issue 19): each a request Sorrel has not answered before, checked
// against DuckDB (table `w` in this process) and timed beside the same query there.
import type { Duck } from './duck.ts';
import { toRowsLabel } from './growth.ts';
import { note } from './log.ts';
import { dateSql, fromDist } from './numbers.ts';
import { toRow } from './rows.ts';
import { checkSame } from './served.ts';
import { getText } from './sorrel.ts';
import { toFieldId } from './table-catalog.ts';
import type { BenchRow } from './types.ts';
import { WIDE_COLUMNS } from './wide.ts';

const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
const SAMPLES = 3; // each a first request: the context bound moves by less than the data's resolution

type Judge = { target: string; limit: { on: 'ratio' | 'sorrel'; value: number } | null };
type First = {
  label: string;
  path(below: number | null): string; // null: a naive request
  sql(below: number | null): string;
  /** Fails unless Sorrel's body is DuckDB's answer. */
  check(body: unknown, duck: unknown[][]): void;
  judge: Judge;
  naive?: boolean;
  /** The context's bound, moved down by `step` (less than the column's resolution) between samples. */
  below?: number;
  step?: number;
};

/**
 * The contexts of the aware first requests: `grade < 10` (50%, an int: the original rows, whose
 * labels name it alone), 1% on an int, 50% and 1% on the float `x` (3 decimals).
 */
const CONTEXTS = [
  { label: '`grade < 10`', column: 'grade', below: 10, step: 1e-3 },
  { label: '1% context on an int (`code < 1000`)', column: 'code', below: 1000, step: 1e-3 },
  { label: '50% context on a float (`x < 500`)', column: 'x', below: 500, step: 1e-5 },
  { label: '1% context on a float (`x < 10`)', column: 'x', below: 10, step: 1e-5 },
];
type Context = (typeof CONTEXTS)[number];

const toContext = (c: Context, below: number) =>
  `&aware=true&context=${encodeURIComponent(JSON.stringify({ field: id(c.column), operator: 'lt', value: below }))}`;
const toWhere = (c: Context, below: number | null) => (below === null ? 'true' : `${c.column} < ${below}`);
const group = (keys: string[], where: string) =>
  `SELECT ${keys.join(', ')}, count(*)::DOUBLE FROM w WHERE ${where} GROUP BY ALL ORDER BY ALL`;
const dist = (dims: string[], context: string) =>
  `/api/fields/${id(dims[0])}/dist/?dimensions=${dims.map(id).join(',')}&cluster=false${context}`;
const sameGroups = (label: string) => (body: unknown, duck: unknown[][]) =>
  checkSame(label, fromDist(body), duck, { nonZero: true });
/**
 * The default naive dist (`/api/fields/:id/dist/`, no parameters) of one column, its first request:
 * computed into the memo after start-up (src/serve/warm.ts), so no grouping waits for it. A clustered answer
 * (the float `x`, 1M values) is checked by its `size`, the distinct values DuckDB counts.
 */
const KINDS = { cat: 'int, 1,000 groups', x: 'float, 1M values, clustered', d: 'date', name: 'string, 50k groups' };
function naiveFirst(column: keyof typeof KINDS): First {
  return {
    label: `naive dist of \`${column}\` (${KINDS[column]}), default parameters, first request`,
    path: () => `/api/fields/${id(column)}/dist/`,
    sql: () => (column === 'd' ? dateSql('true') : group([column], 'true')),
    check: (body, duck) => {
      const b = body as { clustered: boolean; size: number };
      if (!b.clustered) return sameGroups(`naive ${column}`)(body, duck);
      if (b.size !== duck.length)
        throw new Error(`naive dist of ${column}: size ${b.size}, DuckDB ${duck.length} groups.`);
    },
    judge: { target: '< 50 ms', limit: { on: 'sorrel', value: 50 } },
    naive: true,
  };
}
const RATIO: Judge = { target: '≤ 1.5× DuckDB', limit: { on: 'ratio', value: 1.5 } };

/** The aware dists of `cat`, `cat` × `grade`, `name` and `d` under one context. */
function awareFirsts(c: Context): First[] {
  const path = (dims: string[]) => (b: number | null) => dist(dims, b === null ? '' : toContext(c, b));
  const sql = (keys: string[]) => (b: number | null) => group(keys, toWhere(c, b));
  const firsts: First[] = [
    {
      label: 'aware dist of `cat` (int)',
      path: path(['cat']),
      sql: sql(['cat']),
      check: sameGroups('cat'),
      judge: RATIO,
    },
    {
      label: 'aware dist `cat` × `grade` (ints)',
      path: path(['cat', 'grade']),
      sql: sql(['cat', 'grade']),
      check: sameGroups('cat × grade'),
      judge: RATIO,
    },
    {
      label: 'aware dist of `name` (string, 50k groups)',
      path: path(['name']),
      sql: sql(['name']),
      check: sameGroups('name'),
      judge: { target: '< 1 s', limit: { on: 'sorrel', value: 1000 } },
    },
    {
      label: 'aware dist of `d` (date)',
      path: path(['d']),
      sql: (b) => dateSql(toWhere(c, b)),
      check: sameGroups('d'),
      judge: RATIO,
    },
  ];
  return firsts.map((f) => ({ ...f, label: `${f.label}, ${c.label}`, step: c.step, below: c.below }));
}

const GRADE = CONTEXTS[0];
const FIRSTS: First[] = [
  ...awareFirsts(GRADE),
  {
    label: 'aware stats of `x`, `grade < 10`',
    path: (b) => `/api/fields/${id('x')}/stats/?${b === null ? '' : toContext(GRADE, b).slice(1)}`,
    sql: (b) =>
      `SELECT count(x)::DOUBLE, min(x), max(x), avg(x), quantile_cont(x, 0.5) FROM w WHERE ${toWhere(GRADE, b)}`,
    check: (body, duck) => {
      const s = body as { count: number; min: number; max: number; mean: number; p50: number };
      const [count, min, max, mean, p50] = duck[0] as number[];
      const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
      if (s.count !== count || s.min !== min || s.max !== max || !near(s.mean, mean) || !near(s.p50, p50))
        throw new Error(`stats of x: Sorrel ${JSON.stringify(s)}, DuckDB ${JSON.stringify(duck[0])}.`);
    },
    judge: { target: '—', limit: null },
    step: GRADE.step,
    below: GRADE.below,
  },
  ...(['cat', 'x', 'd', 'name'] as const).map(naiveFirst),
  ...CONTEXTS.slice(1).flatMap(awareFirsts),
];

/** Times each of FIRSTS on a fresh server at `base`; then the refusal of the naive dist `x` × `code`. */
export async function timeFirstRequests(base: string, duck: Duck, rows: number, reference: string) {
  const out: BenchRow[] = [];
  const c = { scenario: 'scale', referenceName: reference, better: 'lower' as const };
  for (const f of FIRSTS) {
    const bounds = f.naive ? [null] : Array.from({ length: SAMPLES }, (_, k) => (f.below ?? 0) - k * (f.step ?? 0));
    const sorrel: number[] = [],
      ref: number[] = [];
    for (const b of bounds) {
      // A full collection of this client first (bench/run.mjs exposes gc), on both sides: the DuckDB
      // query before may have left a million rows of garbage, and a pause inside a 3 ms request was
      // seen (64 ms once for the naive dist of `d`, right after `x`'s).
      (globalThis as { gc?: () => void }).gc?.();
      // Timed to the answer's last byte; parsing it (23-62 ms in a Node client for the 2.7 MB body of 50,000 points, against 10-21 ms to receive it) is the client's work.
      let t = performance.now();
      const text = await getText(base + f.path(b));
      sorrel.push(performance.now() - t);
      const body = JSON.parse(text);
      (globalThis as { gc?: () => void }).gc?.();
      t = performance.now();
      const answer = await duck.rows(f.sql(b));
      ref.push(performance.now() - t);
      f.check(body, answer);
    }
    note(
      `scale: ${f.label}: Sorrel ${sorrel.map(Math.round).join(', ')} ms; DuckDB ${ref.map(Math.round).join(', ')} ms`,
    );
    out.push(
      toRow({
        ...c,
        ...f.judge,
        case: `${toRowsLabel(rows)} rows, ${f.label}`,
        metric: 'first request ms',
        sorrel,
        reference: ref,
      }),
    );
  }
  // A distribution that will be refused: Sorrel's 422 beside DuckDB counting the groups.
  let t = performance.now();
  const res = await fetch(`${base}${dist(['x', 'code'], '')}`);
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 422 || !text.includes('TOO_MANY_GROUPS'))
    throw new Error(`naive dist x × code: expected a 422 TOO_MANY_GROUPS, got ${res.status} ${text.slice(0, 200)}`);
  t = performance.now();
  const groups = Number((await duck.rows('SELECT count(*)::DOUBLE FROM (SELECT DISTINCT x, code FROM w)'))[0][0]);
  const refMs = performance.now() - t;
  note(
    `scale: naive dist x × code: 422 in ${Math.round(ms)} ms; DuckDB counts ${groups} groups in ${Math.round(refMs)} ms`,
  );
  out.push(
    toRow({
      ...c,
      case: `${toRowsLabel(rows)} rows, naive dist \`x\` × \`code\`, cluster=false (${groups} groups): 422 TOO_MANY_GROUPS`,
      metric: 'ms to the 422',
      referenceName: `${reference}, counting the groups`,
      sorrel: [ms],
      reference: refMs,
      target: '≤ 1 s of work',
      limit: { on: 'sorrel', value: 1000 },
    }),
  );
  return out;
}
