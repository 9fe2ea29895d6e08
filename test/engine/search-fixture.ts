// The engine search tests' data: hostile, accented and plain values in a two-shard table, and a pool that runs search tasks on it.
import type { EngineRow } from '../../src/contract/engine.ts';
import type { Pool } from '../../src/contract/pool.ts';
import type { TableRef } from '../../src/contract/storage.ts';
import { runSearchTask } from '../../src/engine/search/index.ts';
import type { Cluster } from '../helpers/clickhouse.ts';

/** Values of the searched column: SQL and regex syntax, accents (composed and not), white space runs, control characters. */
export const NAMES = [
  'Café au lait',
  'cafe',
  'CAFÉ NOIR',
  'naïve',
  'Straße',
  'İstanbul',
  'Kelvin \u212a',
  'tab\tseparated',
  'multi   space',
  "it's",
  'back\\slash',
  '100%',
  'under_score',
  'a.b*c',
  '(paren)',
  'quote"d',
  'blood pressure',
  'blood \n pressures',
  'lifeblood pressure',
  'x\x01y',
  '日本語',
  'ＡＢＣ',
  '  padded  ',
  "'); DROP TABLE es_names; --",
  'plain ascii',
  'Ünïcödé',
  'e\u0301galite',
  'back`tick',
];

/** `${dataset}` as two shards hold it: each name on a few rows, and some nulls. */
export async function loadNames(ch: Cluster, table: string): Promise<TableRef> {
  await ch.createTable(
    table,
    [
      ['id', 'Int64'],
      ['name', 'Nullable(String)'],
    ],
    'id',
  );
  const rows = [...NAMES, ...NAMES.slice(0, 7), null, null].map((name, id) => ({ id, name }));
  await ch.insert(table, rows);
  const engine = { engine: 'ch', database: ch.database, table, columns: { name: 'text' as const }, rows: rows.length };
  return Object.freeze({ key: `engine:${table}`, generation: 0, parts: [], engine });
}

/** Runs SQL on shard 0 (the Distributed table spans both) and returns its rows; `seen` collects every statement. */
export function toEngineQuery(ch: Cluster, seen: string[] = []) {
  return async (sql: string): Promise<EngineRow[]> => {
    seen.push(sql);
    const res = await fetch(ch.url, { method: 'POST', body: `${sql} FORMAT JSON` });
    if (!res.ok) throw new Error(`ClickHouse: ${(await res.text()).trim()}`);
    return ((await res.json()) as { data: EngineRow[] }).data;
  };
}

/** A pool whose tasks all run on the engine's search runner. */
export function toSearchPool(query: (sql: string) => Promise<EngineRow[]>): Pool {
  const pool: Pool = {
    run: <T>(task: Parameters<Pool['run']>[0], signal?: AbortSignal) =>
      runSearchTask(task, { query, pool }, signal) as Promise<T>,
    stats: () => ({ queued: 0, utilization: 0, threads: 0 }),
    close: async () => {},
  };
  return pool;
}
