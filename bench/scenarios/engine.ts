// Engine (issue 20, API.md §14): issue 19's table in a two-shard ClickHouse beside DuckDB in-process and Sorrel in memory.
import { loadavg } from 'node:os';
import { waitForOk } from '../lib/child.ts';
import { openDuck, toSqlString } from '../lib/duck.ts';
import {
  type EngineRun,
  rowsPerShard,
  runLogged,
  startWideCluster,
  writeEngineCatalog,
} from '../lib/engine-cluster.ts';
import { type EngineQuery, isSame, toEngineQueries } from '../lib/engine-queries.ts';
import { runEngineScale } from '../lib/engine-scale.ts';
import { toRowsLabel } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { timeServed } from '../lib/served.ts';
import { getText, type SorrelChild, spawnSorrel } from '../lib/sorrel.ts';
import { toSpread } from '../lib/stats.ts';
import { toFieldId, writeTableCatalog } from '../lib/table-catalog.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';
import { ensureWide, WIDE_COLUMNS } from '../lib/wide.ts';
import type { Cluster } from '../../test/helpers/clickhouse.ts';

const ENGINE_ENV = { SORREL_BENCH_ENGINE: '1', SORREL_SEARCH_VALUES_PER_FIELD: '1000' };
const REPS = 3; // each a fresh request: the context bound (or search term) moves with the repetition

export const scenario: Scenario = {
  name: 'engine',
  description:
    "issue 19's table (10M rows) in two ClickHouse 18.16 shards on this machine (test/helpers/clickhouse.ts), each request as SQL on the Distributed table and on each shard's local table alone, beside DuckDB in-process, Sorrel's in-memory first request and Sorrel over the engine (all checked equal); rows each shard read from system.query_log",
  async run({ quick, dataDir, rows: only }) {
    // 100M and 1B rows: generated in the shards, Sorrel over the engine beside the raw SQL (bench/engine-scale);
    // with --quick, start-up only (ready and memory: each answer at 1B rows takes minutes).
    if (only !== undefined && only >= 100_000_000) return runEngineScale(only, dataDir, { answers: !quick });
    const rows = only ?? (quick ? 1_000_000 : 10_000_000);
    const load = loadavg()[0];
    const file = await ensureWide(rows, dataDir);
    const duck = await openDuck();
    let ch: Cluster | null = null;
    let engine: SorrelChild | null = null;
    const sorrel = await spawnSorrel(writeTableCatalog(file, WIDE_COLUMNS, dataDir));
    try {
      await duck.run(`CREATE TABLE w AS SELECT * FROM read_parquet(${toSqlString(file)})`);
      const [xMin, xMax] = (await duck.rows('SELECT min(x), max(x) FROM w'))[0] as number[];
      ch = await startWideCluster(duck, dataDir, rows);
      await waitForOk(`${sorrel.url}/readyz`, sorrel.child);
      const size = toRowsLabel(rows);
      // Sorrel over the engine: `name` (50,000 values) beyond a search bound of 1,000, so its value search is pushed.
      let t = performance.now();
      engine = await spawnSorrel(writeEngineCatalog(ch, WIDE_COLUMNS, dataDir), ENGINE_ENV);
      await waitForOk(`${engine.url}/readyz`, engine.child);
      const readyMs = performance.now() - t;
      note(`engine: Sorrel over the engine ready in ${Math.round(readyMs)} ms`);
      const out: BenchRow[] = [
        toRow({
          scenario: 'engine',
          case: `${size} rows, Sorrel over the engine: spawn → /readyz (describe, fingerprint, profiles of 6 columns)`,
          metric: 'ms to ready',
          referenceName: '—',
          better: 'lower',
          sorrel: [readyMs],
          reference: null,
          target: '—',
          limit: null,
        }),
      ];
      for (const q of toEngineQueries([xMin!, xMax!]))
        out.push(...(await timeQuery(q, ch, duck, { file: sorrel.url, engine: engine.url }, size)));
      // A naive answer repeated: served from the reply cache (§10), over a file and over the engine alike.
      const naive = `/api/fields/${toFieldId(WIDE_COLUMNS, 'cat')}/dist/?cluster=false`;
      for (const [base, kind] of [
        [sorrel.url, 'file dataset'],
        [engine.url, 'engine dataset'],
      ] as const) {
        t = performance.now();
        const rowsOut = await timeServed(base, naive, 'dist', 200, {
          scenario: 'engine',
          case: `${size} rows, naive dist of \`cat\` repeated (reply cache), ${kind}`,
        });
        out.push(...rowsOut);
        note(`engine: reply-cache rows for the ${kind} in ${Math.round(performance.now() - t)} ms`);
      }
      note(`engine: load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (1 min)`);
      return out;
    } finally {
      await sorrel.stop();
      await engine?.stop();
      await ch?.stop();
      duck.close();
    }
  },
};

type Duck = Awaited<ReturnType<typeof openDuck>>;

/** One request REPS times on every side (checked equal each time), as three rows. */
async function timeQuery(
  q: EngineQuery,
  ch: Cluster,
  duck: Duck,
  base: { file: string; engine: string },
  size: string,
): Promise<BenchRow[]> {
  const dist: EngineRun[] = [],
    slower: number[] = [],
    duckMs: number[] = [],
    sorrelMs: number[] = [],
    engineMs: number[] = [];
  for (let r = 0; r < REPS; r++) {
    const d = await runLogged(ch, q.ch(`${ch.database}.w`, r));
    const shards = [
      await runLogged(ch, q.ch(`${ch.database}.w_local`, r), 0),
      await runLogged(ch, q.ch(`${ch.database}.w_local`, r), 1),
    ];
    let t = performance.now();
    const want = await duck.rows(q.duck(r));
    duckMs.push(performance.now() - t);
    t = performance.now();
    const body = JSON.parse(await getText(base.file + q.sorrel(r)));
    sorrelMs.push(performance.now() - t);
    t = performance.now();
    const over = JSON.parse(await getText(base.engine + q.sorrel(r)));
    engineMs.push(performance.now() - t);
    if (!isSame(q.fromSorrel(over), want)) throw new Error(`${q.label}: Sorrel over the engine differs from DuckDB.`);
    if (!isSame(d.rows, want))
      throw new Error(
        `${q.label}: ClickHouse ${JSON.stringify(d.rows.slice(0, 3))}…, DuckDB ${JSON.stringify(want.slice(0, 3), (_, v) => (typeof v === 'bigint' ? Number(v) : v))}…`,
      );
    if (!isSame(q.fromSorrel(body), want))
      throw new Error(`${q.label}: Sorrel ${JSON.stringify(q.fromSorrel(body).slice(0, 3))}…, DuckDB differs.`);
    dist.push(d);
    slower.push(Math.max(shards[0]!.ms, shards[1]!.ms));
  }
  const [s0, s1] = await rowsPerShard(ch, dist[0]!.id);
  const ms = dist.map((d) => d.ms);
  note(
    `engine: ${q.label}: ClickHouse ${ms.map(Math.round).join(', ')} ms (read ${s0} + ${s1} rows); DuckDB ${duckMs.map(Math.round).join(', ')} ms; Sorrel ${sorrelMs.map(Math.round).join(', ')} ms in memory, ${engineMs.map(Math.round).join(', ')} ms over the engine`,
  );
  const c = {
    scenario: 'engine',
    case: `${size} rows, ${q.label}`,
    better: 'lower' as const,
    target: '—',
    limit: null,
  };
  return [
    toRow({
      ...c,
      metric: 'ms, ClickHouse Distributed (2 shards)',
      referenceName: `DuckDB ${duck.version} (in-process)`,
      sorrel: ms,
      reference: duckMs,
      spread: `${toSpread(ms)}; rows read ${s0} + ${s1}`,
    }),
    toRow({
      ...c,
      metric: "ms, the slower shard's local table alone",
      referenceName: 'the Distributed query',
      sorrel: slower,
      reference: ms,
    }),
    toRow({
      ...c,
      metric: 'first request ms, Sorrel in memory',
      referenceName: `DuckDB ${duck.version} (in-process)`,
      sorrel: sorrelMs,
      reference: duckMs,
    }),
    toRow({
      ...c,
      metric: 'first request ms, Sorrel over the engine',
      referenceName: 'the Distributed query alone',
      sorrel: engineMs,
      reference: ms,
    }),
  ];
}
