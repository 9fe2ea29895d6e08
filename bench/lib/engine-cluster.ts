// The engine scenario's ClickHouse: two shards started by the test helper, issue 19's table loaded into each shard's local table.
import { createReadStream, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type Cluster, startCluster } from '../../test/helpers/clickhouse.ts';
import type { Duck } from './duck.ts';
import { toSqlString } from './duck.ts';
import { note } from './log.ts';

/** ClickHouse types of WIDE_COLUMNS (bench/lib/wide.ts), in file order. */
export const COLUMNS: [string, string][] = [
  ['id', 'Int64'],
  ['cat', 'Int32'],
  ['code', 'Int32'],
  ['name', 'String'],
  ['x', 'Float64'],
  ['grade', 'Int32'],
  ['d', 'Date'],
];

/**
 * Starts two shards and loads DuckDB's table `w` into `w_local` on each (rows with id % 2 = k on
 * shard k: what the Distributed table `w`, sharded by `id`, would send there), as CSV that DuckDB
 * writes and each shard reads over HTTP. Stops the shards when anything fails.
 */
export async function startWideCluster(duck: Duck, dataDir: string, rows: number): Promise<Cluster> {
  const ch = await startCluster();
  try {
    await ch.createTable('w', COLUMNS, 'id');
    const t0 = performance.now();
    for (let k = 0; k < 2; k++) {
      const file = join(dataDir, `engine-shard${k}.csv`);
      await duck.run(`COPY (SELECT * FROM w WHERE id % 2 = ${k}) TO ${toSqlString(file)} (FORMAT csv, HEADER false)`);
      const size = statSync(file).size;
      await insertFile(ch, k, file);
      rmSync(file);
      note(`engine: shard ${k} loaded (${(size / 2 ** 20).toFixed(0)} MiB of CSV)`);
    }
    const count = Number(await ch.sql(`SELECT count() FROM ${ch.database}.w`));
    if (count !== rows) throw new Error(`the Distributed table holds ${count} rows, expected ${rows}.`);
    note(`engine: ${rows} rows in two shards in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return ch;
  } catch (err) {
    await ch.stop();
    throw err;
  }
}

/** Streams a CSV file into shard k's local table. */
async function insertFile(ch: Cluster, k: number, file: string): Promise<void> {
  const query = encodeURIComponent(`INSERT INTO ${ch.database}.w_local FORMAT CSV`);
  const res = await fetch(`${ch.urls[k]}/?query=${query}`, {
    method: 'POST',
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (!res.ok) throw new Error(`ClickHouse shard ${k}: ${(await res.text()).trim()}`);
}

/** One timed engine query: its rows (JSONCompact `data`), wall time, and its id for system.query_log. */
export type EngineRun = { rows: unknown[][]; ms: number; id: string };

let runs = 0;

/** Runs `sql` on shard `k` (0: the Distributed table's entry point) with query logging on. */
export async function runLogged(ch: Cluster, sql: string, k = 0): Promise<EngineRun> {
  const id = `bench-${process.pid}-${++runs}`;
  const t = performance.now();
  const res = await fetch(`${ch.urls[k]}/?log_queries=1&query_id=${id}`, {
    method: 'POST',
    body: `${sql} FORMAT JSONCompact`,
  });
  const text = await res.text();
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`ClickHouse: ${text.trim().slice(0, 300)}`);
  return { rows: (JSON.parse(text) as { data: unknown[][] }).data, ms, id };
}

/**
 * Rows each shard read for a query through the Distributed table: shard 1 logs its part as a
 * secondary query; shard 0 reads its own part inside the initial query, whose count holds both.
 */
export async function rowsPerShard(ch: Cluster, id: string): Promise<[number, number]> {
  for (let k = 0; k < 2; k++) await ch.sql('SYSTEM FLUSH LOGS', k);
  const read = async (k: number, initial: boolean) =>
    Number(
      (
        await ch.sql(
          `SELECT sum(read_rows) FROM system.query_log WHERE initial_query_id = '${id}' AND type = 2 AND is_initial_query = ${initial ? 1 : 0}`,
          k,
        )
      ).trim(),
    );
  const remote = await read(1, false);
  return [(await read(0, true)) - remote, remote];
}

/** The catalog a bench serves over the Distributed table `w`: one concept holding `fields`, written as `file` in `dir`. */
export function writeEngineCatalogOf(
  ch: Cluster,
  fields: { id: number; column: string; internal_type?: string }[],
  dir: string,
  file: string,
  title: string,
): string {
  const path = join(dir, file);
  const catalog = {
    title,
    access: { anonymous: true },
    engines: { ch: { kind: 'clickhouse', url: ch.url, database: ch.database } },
    datasets: [{ name: 'data', model: 'row', engine: 'ch', table: 'w' }],
    categories: [{ id: 1, name: 'Bench', order: 1 }],
    fields: fields.map((f) => ({ dataset: 'data', name: f.column, ...f })),
    concepts: [{ id: 1, name: 'Row', category: 1, order: 1, fields: fields.map((f) => f.id) }],
  };
  writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
  return path;
}

/**
 * A catalog over the Distributed table `w`, with writeTableCatalog's field ids (bench/lib/table-catalog.ts)
 * but no `id` field: its profile would carry all 10M distinct ids out of the engine.
 */
export function writeEngineCatalog(ch: Cluster, columns: readonly string[], dir: string): string {
  const fields = columns.map((column, i) => ({ id: i + 1, column })).filter((f) => f.column !== 'id');
  return writeEngineCatalogOf(ch, fields, dir, 'engine-w.catalog.json', 'Bench catalog over ClickHouse');
}

/** How start-up treats the text columns of an engine table (docs/engines.md "Start and SIGHUP"). */
export type StartupText = {
  /** Enumerable or searchable text columns: a distinct count the engine stops at max(bound, 30) + 1. */
  counted: string[];
  /** Those with at most `bound` values: read with GROUP BY (the search index, naive /values/). */
  held: string[];
  /** Those with more: their accented values read (the pushed value search). */
  pushed: string[];
};

/**
 * The SQL Sorrel's start-up sends for an engine table `t` of `columns` (name, ClickHouse type), to
 * time alone beside it: one scan of the type facts, the fingerprint and the min and max of each of
 * the `fields`' columns (src/engine/describe.ts; no column here holds nulls), then what `text`
 * says of the text columns.
 */
export function toStartupSql(
  t: string,
  columns: [string, string][],
  fields: readonly string[],
  text: StartupText,
  bound: number,
): string[] {
  const facts = columns.flatMap(([c, type]) =>
    type === 'Int64'
      ? [`toString(min(${c}))`, `toString(max(${c}))`]
      : type === 'String'
        ? [`max(lengthUTF8(${c})) > 255`]
        : [],
  );
  const ranges = columns
    .filter(([c, type]) => fields.includes(c) && type !== 'Int64')
    .flatMap(([c]) => [`min(${c})`, `max(${c})`]);
  const fingerprint = `toString(count()), toString(sum(cityHash64(${columns.map(([c]) => c).join(', ')})))`;
  return [
    `SELECT ${[...facts, fingerprint, ...ranges].join(', ')} FROM ${t}`,
    // A held column is counted by its GROUP BY below (start-up reads its values and count in one scan
    // when the bound is at least 30); one over the bound by a read that stops past it, as start-up's does.
    ...text.counted
      .filter((c) => !(bound >= 30 && text.held.includes(c)))
      .map(
        (c) =>
          `SELECT count() FROM (SELECT DISTINCT ${c} FROM ${t} WHERE isNotNull(${c}) LIMIT ${Math.max(bound, 30) + 1})`,
      ),
    ...text.held.map((c) => `SELECT ${c}, count() FROM ${t} GROUP BY ${c}`),
    ...text.pushed.map(
      (c) =>
        `SELECT DISTINCT ${c} AS v FROM ${t} WHERE NOT (length(${c}) = lengthUTF8(${c})) ORDER BY v LIMIT ${bound}`,
    ),
  ];
}

/** Sends `sqls` in order: the first alone (start-up's scan comes first), the rest two at a time as start-up does; resolves with the wall time in ms. */
export async function timeStartupSql(ch: Cluster, sqls: string[]): Promise<number> {
  const t = performance.now();
  const [first, ...rest] = sqls;
  if (first !== undefined) await ch.sql(first);
  await sendTwoAtATime(ch, rest);
  return performance.now() - t;
}

/** Sends `sqls` in order, two at a time (start-up's summaries run in two lanes); resolves with the wall time in ms. */
export async function sendTwoAtATime(ch: Cluster, sqls: string[]): Promise<number> {
  const t = performance.now();
  const queue = [...sqls];
  const lane = async () => {
    for (let sql = queue.shift(); sql !== undefined; sql = queue.shift()) await ch.sql(sql);
  };
  await Promise.all([lane(), lane()]);
  return performance.now() - t;
}
