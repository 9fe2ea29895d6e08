// Aware values beside aware dist of the same columns at 10M rows (compute's wide rows): per request, the wall
// time, the CPU of the main thread and of the workers (/proc/<pid>/task/*/schedstat), and DuckDB's wall and CPU
// in the same run; with a second build (`--base <dir>`), both servers side by side, request after request.
// Usage: node --import tsx bench/values-cpu.ts [--base <dir>] [rounds] [filter]   (after
// `npm run bench -- --only compute` has written bench/data/wide-r10000000-s20261120.parquet and
// bench/run.mjs has built dist/). A base: `git archive <commit> | tar -x -C <dir>`, node_modules
// linked in, `npm run build` there. `filter` keeps the rows whose "label column<bound" contains it.
import { openDuck, toSqlString } from './lib/duck.ts';
import { dateSql } from './lib/numbers.ts';
import { spawnNode } from './lib/child.ts';
import { getText, SORREL_ENV } from './lib/sorrel.ts';
import { ownCpuMs, threadNs } from './lib/proc-cpu.ts';
import { toFieldId, writeTableCatalog } from './lib/table-catalog.ts';
import { WIDE_COLUMNS } from './lib/wide.ts';

const id = (c: string) => toFieldId(WIDE_COLUMNS, c);
const argv = process.argv.slice(2);
const at = argv.indexOf('--base');
const base = at >= 0 ? argv.splice(at, 2)[1] : null;
const rounds = Number(argv[0] ?? 15);
const filter = argv[1] ?? '';
const file = 'bench/data/wide-r10000000-s20261120.parquet';

const context = (column: string, below: number) =>
  `aware=true&context=${encodeURIComponent(JSON.stringify({ type: 'and', children: [{ field: id(column), operator: 'lt', value: below }] }))}`;
const groupSql = (key: string, where: string) =>
  `SELECT ${key}, count(*)::DOUBLE FROM w WHERE ${where} GROUP BY ALL ORDER BY ALL`;
const QUERIES: [string, string, (w: string) => string][] = [
  ['values `d`', `/api/fields/${id('d')}/values/?limit=0&`, dateSql],
  ['dist `d`', `/api/fields/${id('d')}/dist/?cluster=false&`, dateSql],
  ['values `cat`', `/api/fields/${id('cat')}/values/?limit=0&`, (w) => groupSql('cat', w)],
  ['dist `cat`', `/api/fields/${id('cat')}/dist/?cluster=false&`, (w) => groupSql('cat', w)],
  ['values `code`', `/api/fields/${id('code')}/values/?limit=0&`, (w) => groupSql('code', w)],
  ['values `x`', `/api/fields/${id('x')}/values/?limit=0&`, (w) => groupSql('x', w)],
  ['values `name`', `/api/fields/${id('name')}/values/?limit=0&`, (w) => groupSql('name', w)],
];
const CONTEXTS: [string, number, number][] = [
  ['grade', 1, 1e-3],
  ['grade', 10, 1e-3],
  ['x', 500, 1e-5],
  ['x', 10, 1e-5],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (n: number) => n.toFixed(1).padStart(6);

type Server = { name: string; url: string; pid: number; stop(): Promise<void> };
/** Sorrel from `root`'s dist/ (bench/lib/serve.mjs there) over the wide table, once ready and warmed. */
async function serve(name: string, root: string): Promise<Server> {
  const child = spawnNode([`${root}/bench/lib/serve.mjs`, writeTableCatalog(file, WIDE_COLUMNS, 'bench/data')], {
    ...SORREL_ENV,
    SORREL_MAX_VALUES_LIMIT: '100000000',
    SORREL_MAX_GROUPS: '100000000',
  });
  const { url } = await child.waitFor('listening', 120_000);
  await child.waitFor('ready');
  await child.waitFor('warmed');
  return { name, url: String(url), pid: child.pid, stop: () => child.stop() };
}
type Sample = { wall: number[]; main: number[]; sum: number[]; max: number[] };

/** One request on `s`: wall time, main-thread CPU, the workers' CPU (sum and busiest). */
async function measure(s: Server, path: string, into: Sample): Promise<void> {
  const before = threadNs(s.pid);
  const t0 = performance.now();
  await getText(s.url + path);
  into.wall.push(performance.now() - t0);
  const after = threadNs(s.pid);
  let sum = 0,
    max = 0;
  for (const [tid, ns] of after) {
    if (tid === s.pid) continue;
    const used = (ns - (before.get(tid) ?? 0)) / 1e6;
    sum += used;
    max = Math.max(max, used);
  }
  into.main.push(((after.get(s.pid) ?? 0) - (before.get(s.pid) ?? 0)) / 1e6);
  into.sum.push(sum);
  into.max.push(max);
}

const duck = await openDuck();
await duck.run(`CREATE OR REPLACE TABLE w AS SELECT * FROM read_parquet(${toSqlString(file)})`);
const servers = [await serve('this', '.'), ...(base ? [await serve('base', base)] : [])];
try {
  console.log(
    'request, context, server: wall | main CPU | workers CPU (sum, busiest) | DuckDB wall, CPU (medians, ms)',
  );
  for (const [column, below, step] of CONTEXTS) {
    for (const [label, path, sql] of QUERIES) {
      if (filter && !`${label} ${column}<${below}`.includes(filter)) continue;
      const samples = servers.map(() => ({ wall: [], main: [], sum: [], max: [] }) as Sample);
      const d = { wall: [] as number[], cpu: [] as number[] };
      for (let r = -2; r < rounds; r++) {
        const b = below - (r + 3) * step;
        const order = r % 2 === 0 ? servers.map((_, i) => i) : servers.map((_, i) => servers.length - 1 - i);
        const scratch = servers.map(() => ({ wall: [], main: [], sum: [], max: [] }) as Sample);
        for (const i of order)
          await measure(servers[i], `${path}${context(column, b)}`, r < 0 ? scratch[i] : samples[i]);
        const c0 = ownCpuMs(),
          t1 = performance.now();
        await duck.rows(sql(`${column} < ${b}`));
        if (r < 0) continue;
        d.wall.push(performance.now() - t1);
        d.cpu.push(ownCpuMs() - c0);
      }
      servers.forEach((s, i) => {
        const m = samples[i];
        console.log(
          `${label.padEnd(14)} ${`${column}<${below}`.padEnd(9)} ${s.name} ${f(median(m.wall))} | ${f(median(m.main))} | ${f(median(m.sum))} ${f(median(m.max))} | ${f(median(d.wall))} ${f(median(d.cpu))}  ratio ${(median(m.wall) / median(d.wall)).toFixed(2)}`,
        );
      });
    }
  }
} finally {
  for (const s of servers) await s.stop();
  duck.close();
}
