// Issue 28's clustered question by engine CPU: one clustered dist's engine queries (engineGrid of two checkouts) beside the raw SQL, per query, in both shard servers' CPU time (every thread, from /proc).
//
// Usage: node --import tsx bench/engine/grid-cpu.ts [--rows 10000000] [--reps 5] [--before <dir>] [--only <label text>]
// Like stats-cpu.ts: two ClickHouse shards get bench/lib/engine-scale.ts's table; each repetition
// runs, in a rotating order, the raw SQL (engine-scale's clustered cases), the before checkout's
// engineGrid and this one's over the same groups SQL (as src/engine/compute/dist.ts builds it),
// naive and aware (grade < 10), 1-D (`x`, 1M groups) and 2-D (`code` × `grade`, 2M groups). CPU is
// what both shards' server processes used during each query (user + system of /proc/<pid>/stat, which
// keeps the time of threads that ended, in 10 ms ticks): 18.16's query_log counts only some threads
// of a query (a round reading a table in parallel showed a third of its CPU there), and the live
// threads' schedstat misses the query threads that ended. Both checkouts' grids must be equal.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { EngineQueryOptions, EngineRow } from '../../src/contract/engine.ts';
import { engineGrid } from '../../src/engine/compute/grid.ts';
import { startCluster } from '../../test/helpers/clickhouse.ts';
import { generate } from '../lib/engine-scale.ts';
import { readCpuMs } from '../lib/proc-cpu.ts';

/** The pid of the clickhouse-server whose config holds HTTP port `port`. */
function serverPid(port: string): number {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const config = /--config-file=(\S+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
      if (config && readFileSync(config[1]!, 'utf8').includes(`<http_port>${port}</http_port>`)) return Number(pid);
    } catch {} // a process that ended, or not ours to read
  }
  throw new Error(`No clickhouse-server on port ${port}`);
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? null : args[i + 1]!;
};
const ROWS = Number(option('rows') ?? 10_000_000);
const REPS = Number(option('reps') ?? 5);
const BEFORE = option('before');
const ONLY = option('only'); // run only the cases whose label holds this text
const MAX_POINTS = 50_000; // API.md §13's default maxClusterPoints

type Query = (sql: string, signal?: AbortSignal, opts?: EngineQueryOptions) => Promise<EngineRow[]>;
type Run = (query: Query, where: string, columns: string[]) => Promise<unknown>;
const sides: [string, Run][] = [];
const ch = await startCluster();
try {
  await generate(ch, ROWS);
  const pids = ch.urls.map((u) => serverPid(new URL(u).port));
  const serversCpu = () => pids.reduce((a, pid) => a + readCpuMs(pid), 0);
  const t = `${ch.database}.w`;
  const groupsSql = (where: string, columns: string[]) =>
    `SELECT ${columns.map((c, d) => `toFloat64(\`${c}\`) AS k${d}`).join(', ')}, count() AS c FROM ${t} WHERE ${where} AND ${columns.map((c) => `isNotNull(\`${c}\`)`).join(' AND ')} GROUP BY ${columns.map((_, d) => `k${d}`).join(', ')}`;
  const grid =
    (f: typeof engineGrid): Run =>
    (q, where, columns) =>
      f(q, { sql: groupsSql(where, columns), dims: columns.length, finish: (s) => s }, MAX_POINTS);
  sides.push([
    'raw SQL',
    (q, where, columns) =>
      q(
        `SELECT count(), sum(c) FROM (SELECT ${columns.join(', ')}, count() AS c FROM ${t} WHERE ${where} GROUP BY ${columns.join(', ')})`,
      ),
  ]);
  if (BEFORE) {
    const before = (await import(join(BEFORE, 'src/engine/compute/grid.ts'))) as { engineGrid: typeof engineGrid };
    sides.push(['before', grid(before.engineGrid)]);
  }
  sides.push(['after', grid(engineGrid)]);

  const sql = async (shard: number, text: string, params = '') => {
    const res = await fetch(`${ch.urls[shard]}/?default_format=JSONEachRow${params}`, { method: 'POST', body: text });
    const body = await res.text();
    if (!res.ok) throw new Error(body);
    return body;
  };
  /** One answer: its wall ms, each query's CPU ms on both shards (in order), its body. */
  const measure = async (run: Run, where: string, columns: string[]) => {
    const ids: string[] = [];
    const walls: number[] = [],
      cpu: number[] = [];
    const query: Query = async (text, _signal, opts) => {
      const id = randomUUID();
      ids.push(id);
      const session =
        (opts?.session ? `&session_id=${opts.session}` : '') +
        Object.entries(opts?.settings ?? {})
          .map(([k, v]) => `&${k}=${v}`)
          .join('');
      const [t, c] = [performance.now(), serversCpu()];
      const body = (await sql(0, text, `&query_id=${id}${session}`)).trim();
      walls.push(performance.now() - t);
      cpu.push(serversCpu() - c);
      return body && !opts?.command ? body.split('\n').map((l) => JSON.parse(l) as EngineRow) : [];
    };
    const t0 = performance.now();
    const out = await run(query, where, columns);
    const wall = performance.now() - t0;
    const body = JSON.stringify(out, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v));
    return { wall, cpu, walls, body };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `| case (${ROWS} rows) | side | queries | wall ms | engine CPU ms | CPU ratio | CPU ms per query | wall ms per query | load |`,
  );
  console.log('|---|---|--:|--:|--:|--:|---|---|--:|');
  for (const [label, where, columns] of [
    ['naive clustered `x`', '1', ['x']],
    ['aware clustered `x`', 'grade < 10', ['x']],
    ['naive clustered `code` × `grade`', '1', ['code', 'grade']],
    ['aware clustered `code` × `grade`', 'grade < 10', ['code', 'grade']],
  ] as const) {
    if (ONLY && !label.includes(ONLY)) continue;
    const got = sides.map(() => ({ wall: [] as number[], cpu: [] as number[][], walls: [] as number[][], body: '' }));
    for (let r = 0; r < REPS; r++)
      for (let k = 0; k < sides.length; k++) {
        const i = (k + r) % sides.length; // a rotating order: no side always runs first
        const m = await measure(sides[i]![1], where, [...columns]);
        got[i]!.wall.push(m.wall);
        got[i]!.cpu.push(m.cpu);
        got[i]!.walls.push(m.walls);
        got[i]!.body = m.body;
      }
    if (BEFORE && got[1]!.body !== got[2]!.body) throw new Error(`${label}: before and after differ`);
    const total = (i: number) => median(got[i]!.cpu.map((c) => c.reduce((a, b) => a + b, 0)));
    sides.forEach(([name], i) => {
      const each = (xs: number[][]) => xs[0]!.map((_, q) => Math.round(median(xs.map((c) => c[q] ?? 0))));
      const perQuery = each(got[i]!.cpu),
        wallPerQuery = each(got[i]!.walls);
      console.log(
        `| ${label} | ${name} | ${perQuery.length} | ${Math.round(median(got[i]!.wall))} | ${Math.round(total(i))} | ${(total(i) / total(0)).toFixed(2)}× | ${perQuery.join(' + ')} | ${wallPerQuery.join(' + ')} | ${loadavg()[0].toFixed(1)} |`,
      );
    });
  }
  console.log(`# medians of ${REPS}`);
} finally {
  await ch.stop();
}
