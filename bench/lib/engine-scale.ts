// The engine scenario at 100M and 1B rows: issue 19's table generated in the two shards by ClickHouse's numbers(), each Sorrel answer over the engine beside the raw SQL that computes the same result.
import { loadavg } from 'node:os';
import { type Cluster, startCluster } from '../../test/helpers/clickhouse.ts';
import { waitForOk } from './child.ts';
import { COLUMNS, timeStartupSql, toStartupSql, writeEngineCatalog } from './engine-cluster.ts';
import { mib, toPeakRssRow, toReadyRow } from './engine-rows.ts';
import { toRowsLabel } from './growth.ts';
import { note } from './log.ts';
import { toRow } from './rows.ts';
import { getText, spawnSorrel } from './sorrel.ts';
import { toFieldId } from './table-catalog.ts';
import type { BenchRow } from './types.ts';
import { WIDE_COLUMNS } from './wide.ts';

const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
/** MergeTree's index granularity: a granule (mark) read is up to this many rows. */
const GRANULE = 8192;

/**
 * Each shard's local table `w_local` of `rows / 2` rows (ids k, k + 2, …: where the Distributed
 * table, sharded by id, puts them), the columns of bench/lib/wide.ts from cityHash64 of the id
 * (not DuckDB's hash: the same distributions, other values), written by one INSERT … SELECT FROM
 * numbers() per shard, both at once.
 */
export async function generate(ch: Cluster, rows: number): Promise<number> {
  await ch.createTable('w', COLUMNS, 'id');
  // Each INSERT writes one part and no part is merged: at 1B rows, merging 25M-row parts needed more
  // than the 66 GiB this disk has free beside the 24 GiB of parts (a merge writes its whole result
  // before dropping its inputs). Queries read 2 parts a shard at 100M rows, 20 at 1B.
  await Promise.all([0, 1].map((k) => ch.sql(`SYSTEM STOP MERGES ${ch.database}.w_local`, k)));
  const t = performance.now();
  // In INSERTs of at most CHUNK rows a shard: one INSERT of 500M rows answers after fetch's 300 s header timeout.
  const CHUNK = 25_000_000;
  const half = Math.floor(rows / 2);
  await Promise.all(
    [0, 1].map(async (k) => {
      for (let at = 0; at < half; at += CHUNK) {
        const sql = `INSERT INTO ${ch.database}.w_local SELECT toInt64((number + ${at}) * 2 + ${k}) AS id,
           toInt32(cityHash64(id, 1) % 1000) AS cat, toInt32(cityHash64(id, 2) % 100000) AS code,
           concat('n', substring(toString(1000000 + cityHash64(id, 3) % 50000), 2)) AS name,
           (cityHash64(id, 4) % 1000000) / 1000 AS x, toInt32(cityHash64(id, 5) % 20) AS grade,
           toDate(toUInt16(toDate('2020-01-01')) + cityHash64(id, 6) % 1500) AS d
         FROM numbers(${Math.min(CHUNK, half - at)})`;
        // The insert's block size is a setting of the request (a trailing SETTINGS applies to the SELECT only).
        const res = await fetch(`${ch.urls[k]}/?min_insert_block_size_rows=${CHUNK}&min_insert_block_size_bytes=0`, {
          method: 'POST',
          body: sql,
        });
        if (!res.ok) throw new Error(`ClickHouse shard ${k}: ${(await res.text()).trim()}`);
      }
    }),
  );
  return performance.now() - t;
}

/** Granules read so far on each shard (system.events SelectedMarks: 18.16 counts no rows read). */
async function marks(ch: Cluster): Promise<[number, number]> {
  const one = async (k: number) =>
    Number((await ch.sql("SELECT sum(value) FROM system.events WHERE event = 'SelectedMarks'", k)).trim());
  return [await one(0), await one(1)];
}

/** One Sorrel request and the raw SQL that computes the same result: their times and the granules each shard read. */
export type Case = { label: string; path: string; sql: string };

export function toCases(db: string): Case[] {
  const t = `${db}.w`;
  const aware = `&aware=true&context=${encodeURIComponent(JSON.stringify({ field: id('grade'), operator: 'lt', value: 10 }))}`;
  const cases: Case[] = [];
  for (const [side, q, where] of [
    ['naive', '', '1'],
    ['aware (grade < 10)', aware, 'grade < 10'],
  ] as const) {
    const p = (path: string) => `${path}${path.includes('?') ? '' : '?'}${q}`;
    cases.push(
      {
        label: `${side} values page of \`name\` (50,000 values)`,
        path: p(`/api/fields/${id('name')}/values/?limit=100`),
        sql: `SELECT name, count() FROM ${t} WHERE ${where} GROUP BY name ORDER BY name LIMIT 100`,
      },
      {
        label: `${side} dist of \`cat\` (1,000 groups)`,
        path: p(`/api/fields/${id('cat')}/dist/?cluster=false`),
        sql: `SELECT cat, count() FROM ${t} WHERE ${where} GROUP BY cat`,
      },
      {
        label: `${side} dist of \`x\`, bins=20`,
        path: p(`/api/fields/${id('x')}/dist/?bins=20`),
        sql: `SELECT floor(x / 50) AS b, count() FROM ${t} WHERE ${where} GROUP BY b`,
      },
      {
        label: `${side} dist of \`d\`, interval=month`,
        path: p(`/api/fields/${id('d')}/dist/?interval=month`),
        sql: `SELECT toStartOfMonth(d) AS m, count() FROM ${t} WHERE ${where} GROUP BY m`,
      },
      {
        label: `${side} stats of \`x\``,
        path: p(`/api/fields/${id('x')}/stats/`),
        sql: `SELECT count(x), min(x), max(x), sum(x), stddevSamp(x), uniqExact(x), quantilesExact(0.05, 0.25, 0.5, 0.75, 0.95)(x) FROM ${t} WHERE ${where}`,
      },
      {
        label: `${side} clustered dist of \`x\` (1M groups: §13 grid)`,
        path: p(`/api/fields/${id('x')}/dist/`),
        sql: `SELECT count(), sum(c) FROM (SELECT x, count() AS c FROM ${t} WHERE ${where} GROUP BY x)`,
      },
      {
        // 2M groups: x × grade would be 20M, past the test cluster's 2 GB per query (ClickHouse error 241).
        label: `${side} clustered dist \`code\` × \`grade\` (2M groups: §13 grid)`,
        path: p(`/api/fields/${id('code')}/dist/?dimensions=${id('grade')}`),
        sql: `SELECT count(), sum(c) FROM (SELECT code, grade, count() AS c FROM ${t} WHERE ${where} GROUP BY code, grade)`,
      },
    );
  }
  return cases;
}

/**
 * Runs the scale cases once each at `rows` rows (100M, 1B): generation, start-up, and (unless
 * `answers` is false) every answer beside its raw SQL.
 */
export async function runEngineScale(
  rows: number,
  dataDir: string,
  { answers = true }: { answers?: boolean } = {},
): Promise<BenchRow[]> {
  const size = toRowsLabel(rows);
  const load = loadavg()[0];
  const ch = await startCluster();
  const out: BenchRow[] = [];
  try {
    const genMs = await generate(ch, rows);
    const bytes = (
      await Promise.all(
        [0, 1].map((k) => ch.sql(`SELECT sum(bytes_on_disk) FROM system.parts WHERE active AND table = 'w_local'`, k)),
      )
    ).reduce((s, b) => s + Number(b.trim()), 0);
    note(
      `engine-scale: ${size} rows generated in ${(genMs / 1000).toFixed(1)} s, ${(bytes / 2 ** 30).toFixed(1)} GiB on disk (load ${loadavg()[0].toFixed(1)})`,
    );
    // The SQL start-up sends, alone first (`name`: 50,000 values, over the bound of 1,000: counted, then pushed).
    const BOUND = 1000;
    const startupSql = toStartupSql(
      `${ch.database}.w`,
      COLUMNS,
      COLUMNS.map(([c]) => c).filter((c) => c !== 'id'), // writeEngineCatalog's fields
      { counted: ['name'], held: [], pushed: ['name'] },
      BOUND,
    );
    const rawStartupMs = await timeStartupSql(ch, startupSql);
    note(`engine-scale: start-up's raw SQL alone in ${Math.round(rawStartupMs)} ms`);
    const t0 = performance.now();
    const sorrel = await spawnSorrel(writeEngineCatalog(ch, WIDE_COLUMNS, dataDir), {
      SORREL_SEARCH_VALUES_PER_FIELD: String(BOUND),
      SORREL_ENGINE_TIMEOUT: '600',
    });
    try {
      await waitForOk(`${sorrel.url}/readyz`, sorrel.child, 3_600_000);
      const readyMs = performance.now() - t0;
      note(
        `engine-scale: Sorrel over the engine ready in ${Math.round(readyMs)} ms, RSS ${mib(sorrel.child.peakRss())} MiB`,
      );
      out.push(
        toReadyRow('engine', `${size} rows (numbers() in the shards), Sorrel over the engine`, readyMs),
        toRow({
          scenario: 'engine',
          case: `${size} rows, Sorrel over the engine: spawn → /readyz beside the SQL start-up sends (docs/engines.md), alone`,
          metric: 'ms to ready',
          referenceName: "start-up's raw SQL",
          better: 'lower',
          sorrel: [readyMs],
          reference: [rawStartupMs],
          target: '≤ 1.3×',
          limit: { on: 'ratio', value: 1.3 },
        }),
      );
      for (const c of answers ? toCases(ch.database) : []) {
        const before = await marks(ch);
        let t = performance.now();
        let sorrelMs: number, rawMs: number;
        try {
          await getText(sorrel.url + c.path);
          sorrelMs = performance.now() - t;
        } catch (err) {
          note(`engine-scale: ${c.label}: FAILED ${(err as Error).message.slice(0, 300)}`);
          continue;
        }
        const mid = await marks(ch);
        t = performance.now();
        // The raw SQL may fail where Sorrel answers (1B rows: `quantilesExact` passes the engine's memory limit).
        const rawFailure = await ch.sql(c.sql).then(
          () => null,
          (err: Error) => err.message.slice(0, 200),
        );
        rawMs = performance.now() - t;
        const after = await marks(ch);
        const read = (a: [number, number], b: [number, number]) =>
          `${millions((b[0] - a[0]) * GRANULE)} + ${millions((b[1] - a[1]) * GRANULE)}`;
        note(
          `engine-scale: ${c.label}: Sorrel ${Math.round(sorrelMs)} ms (shards read ≤ ${read(before, mid)} rows), raw SQL ${rawFailure ? `FAILED after ${Math.round(rawMs)} ms: ${rawFailure}` : `${Math.round(rawMs)} ms`} (≤ ${read(mid, after)}), ${rawFailure ? 'no ratio' : `${(sorrelMs / rawMs).toFixed(2)}×`}, load ${loadavg()[0].toFixed(1)}`,
        );
        out.push(
          toRow({
            scenario: 'engine',
            case: `${size} rows, ${c.label}`,
            metric: 'ms, Sorrel over the engine (first request)',
            referenceName: 'the raw SQL on the Distributed table',
            better: 'lower',
            sorrel: [sorrelMs],
            reference: rawFailure ? null : [rawMs],
            spread: `shards read ≤ ${read(before, mid)} rows (Sorrel), ≤ ${read(mid, after)} (raw${rawFailure ? `, which failed: ${rawFailure.slice(0, 80)}` : ''})`,
            target: '≤ 1.3×',
            limit: { on: 'ratio', value: 1.3 },
          }),
        );
      }
      const rss = sorrel.child.peakRss();
      note(
        `engine-scale: Sorrel's peak RSS ${mib(rss)} MiB; load ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`,
      );
      out.push(toPeakRssRow('engine', `${size} rows, Sorrel over the engine`, rss));
    } finally {
      await sorrel.stop();
    }
  } finally {
    // The tables go with the cluster's folder: nothing is left on disk.
    await ch.stop();
  }
  return out;
}

const millions = (n: number) => `${(n / 1e6).toFixed(1)}M`;
