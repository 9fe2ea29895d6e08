// Issue 28's answer question: each engine answer beside the raw SQL computing the same result, two checkouts side by side, with the engine queries and rows each answer cost.
//
// Usage: node --import tsx bench/engine/answers.ts [--rows 10000000] [--before <dir>] [--after <dir>] [--reps 3] [--only <regex>]
// Two ClickHouse shards (test/helpers/clickhouse.ts) get bench/lib/engine-scale.ts's table (issue
// 19's columns from numbers(), `x` 1M distinct floats, `code` × `grade` 2M groups); each checkout's
// Sorrel (`node --import tsx src/main.ts serve`) runs over the same catalog, both at once, reply
// cache and naive memo off. Each repetition times, in a rotating order, the raw SQL on the Distributed table, the
// before checkout and the after one; the table gives medians and each side's ratio to the raw SQL,
// and the engine queries and rows each side's /metrics counted for its last answer.
// `--before` is a checkout of the code before (`git archive <commit> | tar -x -C <dir>`, node_modules
// linked); without it only this checkout runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../../test/helpers/clickhouse.ts';
import { writeEngineCatalog } from '../lib/engine-cluster.ts';
import { generate, toCases } from '../lib/engine-scale.ts';
import { freePort } from '../lib/replica.ts';
import { WIDE_COLUMNS } from '../lib/wide.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? null : args[i + 1]!;
};
const ROWS = Number(option('rows') ?? 10_000_000);
const REPS = Number(option('reps') ?? 3);
const ONLY = new RegExp(option('only') ?? '.');
const sides = [
  ...(option('before') ? [{ name: 'before', root: option('before')! }] : []),
  { name: 'after', root: option('after') ?? join(import.meta.dirname, '..', '..') },
];

type Sorrel = { name: string; url: string; child: ChildProcess };

/** Spawns `root`'s Sorrel over `catalog` and waits for /readyz 200 (at most 20 min). */
async function start(name: string, root: string, catalog: string): Promise<Sorrel> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve', catalog], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SORREL_THREADS: '1',
      SORREL_REPLY_CACHE_MB: '0',
      SORREL_MEMO_MB: '0', // naive answers too are computed per request, not kept
      SORREL_METRICS_PUBLIC: 'true',
      SORREL_SEARCH_VALUES_PER_FIELD: '1000',
      SORREL_ENGINE_TIMEOUT: '600',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = performance.now() + 20 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Sorrel in ${root} exited with ${child.exitCode}`);
    if (performance.now() > until) throw new Error(`Sorrel in ${root}: not ready within 20 minutes`);
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { name, url, child };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The engine queries and rows a Sorrel has counted so far (/metrics). */
async function counted(s: Sorrel): Promise<{ queries: number; rows: number; seconds: number }> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  const sum = (name: string) =>
    [...text.matchAll(new RegExp(`^${name}\\{[^}]*\\} ([\\d.e+-]+)`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  return {
    queries: sum('sorrel_engine_queries_total'),
    rows: sum('sorrel_engine_rows_total'),
    seconds: sum('sorrel_engine_query_duration_seconds_sum'),
  };
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const ch = await startCluster();
const running: Sorrel[] = [];
try {
  const genMs = await generate(ch, ROWS);
  console.log(`# ${ROWS} rows generated in ${(genMs / 1000).toFixed(1)} s (load ${loadavg()[0].toFixed(1)})`);
  const catalog = writeEngineCatalog(ch, WIDE_COLUMNS, mkdtempSync(join(tmpdir(), 'sorrel-answers-')));
  for (const s of sides) running.push(await start(s.name, s.root, catalog));
  const load = [loadavg()[0]];
  const head = running.map((s) => `${s.name} ms | ${s.name} ratio | ${s.name} queries / rows / engine ms`).join(' | ');
  console.log(`| case | raw SQL ms | ${head} |`);
  console.log(`|---|--:|${running.map(() => '--:|--:|--:').join('|')}|`);
  for (const c of toCases(ch.database).filter((c) => ONLY.test(c.label))) {
    const raw: number[] = [];
    const ms = running.map(() => [] as number[]);
    const cost = running.map(() => '');
    for (let r = 0; r < REPS; r++) {
      // A rotating order, so no side always runs first (the engine's caches warm for the next).
      const runs = [
        async () => raw.push(await timed(() => ch.sql(c.sql))),
        ...running.map((s, i) => async () => {
          const before = await counted(s);
          ms[i]!.push(
            await timed(async () => {
              const res = await fetch(s.url + c.path);
              const body = await res.text();
              if (res.status !== 200) throw new Error(`${s.name} ${c.label}: ${res.status} ${body.slice(0, 300)}`);
            }),
          );
          const after = await counted(s);
          cost[i] =
            `${after.queries - before.queries} / ${after.rows - before.rows} / ${Math.round((after.seconds - before.seconds) * 1000)}`;
        }),
      ];
      for (let k = 0; k < runs.length; k++) await runs[(k + r) % runs.length]!();
    }
    load.push(loadavg()[0]);
    const rawMs = median(raw);
    const cells = ms.map((m, i) => `${Math.round(median(m))} | ${(median(m) / rawMs).toFixed(2)}× | ${cost[i]}`);
    console.log(`| ${c.label} | ${Math.round(rawMs)} | ${cells.join(' | ')} |`);
  }
  console.log(`# load average (1 min) ${load.map((l) => l.toFixed(1)).join(', ')}; medians of ${REPS}`);
} finally {
  for (const s of running) s.child.kill('SIGKILL');
  await ch.stop();
}
