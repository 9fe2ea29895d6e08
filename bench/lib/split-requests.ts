// The scale scenario's split rows (issue 19): one large aware request split by rows across the worker
// threads, beside the same request on one thread and beside DuckDB (every core), on the built snapshot.
import { availableParallelism } from 'node:os';
import { waitForOk } from './child.ts';
import type { Duck } from './duck.ts';
import { toRowsLabel } from './growth.ts';
import { note } from './log.ts';
import { dateSql, fromDist } from './numbers.ts';
import { toRow } from './rows.ts';
import { checkSame, type Group } from './served.ts';
import { getText, spawnSorrel } from './sorrel.ts';
import { toFieldId } from './table-catalog.ts';
import type { BenchRow } from './types.ts';
import { WIDE_COLUMNS } from './wide.ts';

const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
const STEP = 1e-3; // each timed request lowers `grade < 10` by this: the same rows, a request not seen before

type Query = { label: string; path: string; sql: (below: number) => string; toGroups(body: unknown): Group[] };
const fromValues = (body: unknown): Group[] =>
  (body as { values: { value: unknown; count: number }[] }).values.map((v) => ({ key: [v.value], count: v.count }));
const context = (below: number) =>
  `aware=true&context=${encodeURIComponent(JSON.stringify({ field: id('grade'), operator: 'lt', value: below }))}`;
const dist = (dims: string[]) => `/api/fields/${id(dims[0])}/dist/?dimensions=${dims.map(id).join(',')}&cluster=false&`;
const group = (keys: string[]) => (below: number) =>
  `SELECT ${keys.join(', ')}, count(*)::DOUBLE FROM w WHERE grade < ${below} GROUP BY ALL ORDER BY ALL`;

const QUERIES: Query[] = [
  { label: 'aware dist of `cat` (int)', path: dist(['cat']), sql: group(['cat']), toGroups: fromDist },
  {
    label: 'aware dist `cat` × `grade` (ints)',
    path: dist(['cat', 'grade']),
    sql: group(['cat', 'grade']),
    toGroups: fromDist,
  },
  {
    label: 'aware dist of `d` (date, 1,500 groups)',
    path: dist(['d']),
    sql: (below) => dateSql(`grade < ${below}`),
    toGroups: fromDist,
  },
  {
    label: 'aware dist of `name` (string, 50k groups)',
    path: dist(['name']),
    sql: group(['name']),
    toGroups: fromDist,
  },
  {
    label: 'aware values of `cat` (int, 1,000 values)',
    path: `/api/fields/${id('cat')}/values/?limit=0&`,
    sql: group(['cat']),
    toGroups: fromValues,
  },
  {
    label: 'aware values of `name` (string, 50k values)',
    path: `/api/fields/${id('name')}/values/?limit=0&`,
    sql: group(['name']),
    toGroups: fromValues,
  },
];

/**
 * Two servers of the snapshot, each with one worker thread per core (the default): one splits a large task
 * (the default SORREL_SPLIT_ROWS), the other never does (SORREL_SPLIT_ROWS above the table). Each
 * query, under `grade < 10` (half the rows), is first checked (the two bodies byte-identical, the
 * groups DuckDB's), then timed in rounds of the three, the order rotating.
 */
export async function timeSplit(snapshot: string, duck: Duck, rows: number, reference: string): Promise<BenchRow[]> {
  const threads = String(availableParallelism());
  const split = await spawnSorrel(snapshot, { SORREL_THREADS: threads });
  const whole = await spawnSorrel(snapshot, { SORREL_THREADS: threads, SORREL_SPLIT_ROWS: String(rows + 1) });
  const out: BenchRow[] = [];
  try {
    await waitForOk(`${split.url}/readyz`, split.child);
    await waitForOk(`${whole.url}/readyz`, whole.child);
    // Timed requests start once both have computed the naive dists into their memos (src/serve/warm.ts).
    await Promise.all([split.child.waitFor('warmed'), whole.child.waitFor('warmed')]);
    for (const q of QUERIES) {
      const label = `${toRowsLabel(rows)} rows, ${q.label}, \`grade < 10\``;
      const [a, b] = [await getText(split.url + q.path + context(10)), await getText(whole.url + q.path + context(10))];
      // Byte-identical but for the origin in `_links` (two servers, two ports).
      if (a.replaceAll(split.url, '') !== b.replaceAll(whole.url, ''))
        throw new Error(`${label}: the split answer differs from one thread's.`);
      checkSame(label, q.toGroups(JSON.parse(a)), await duck.rows(q.sql(10)));
      const runs = { split: [] as number[], whole: [] as number[], duck: [] as number[] };
      const sides = [
        ['split', (k: number) => getText(split.url + q.path + context(10 - k * STEP))],
        ['whole', (k: number) => getText(whole.url + q.path + context(10 - k * STEP))],
        ['duck', (k: number) => duck.rows(q.sql(10 - k * STEP))],
      ] as const;
      for (let k = 1; k <= 8; k++) {
        for (let s = 0; s < 3; s++) {
          const [name, run] = sides[(s + k) % 3];
          const t = performance.now();
          await run(k);
          if (k > 1) runs[name].push(performance.now() - t); // the first round warms up
        }
      }
      note(`scale: split ${label}: ${JSON.stringify(runs, (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`);
      const c = {
        scenario: 'scale',
        case: label,
        metric: 'median ms',
        better: 'lower' as const,
        target: '—',
        limit: null,
      };
      const engine = `${reference}, ${threads} threads`;
      out.push(
        toRow({
          ...c,
          metric: `median ms, split over ${threads} threads`,
          referenceName: engine,
          sorrel: runs.split,
          reference: runs.duck,
        }),
        toRow({
          ...c,
          metric: 'median ms, one thread',
          referenceName: engine,
          sorrel: runs.whole,
          reference: runs.duck,
        }),
        toRow({
          ...c,
          metric: `median ms, split over ${threads} threads`,
          referenceName: 'Sorrel, one thread (SORREL_SPLIT_ROWS above the table)',
          sorrel: runs.split,
          reference: runs.whole,
        }),
      );
    }
  } finally {
    await split.stop();
    await whole.stop();
  }
  return out;
}
