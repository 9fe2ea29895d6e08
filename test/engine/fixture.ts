// Test helper: one seeded table of every internal type, loaded into the two-shard ClickHouse and built as an in-memory Arrow table.
import type { EngineQuery, EngineTable } from '../../src/contract/engine.ts';
import type { InternalType } from '../../src/contract/model.ts';
import type { TableRef } from '../../src/contract/storage.ts';
import { type Rand, toRand } from '../helpers/fuzz.ts';
import type { Cluster } from '../helpers/clickhouse.ts';
import { bool, type ColumnSpec, date, datetime, dict, f64, i64, makeTableRef } from '../workers/table.ts';

/** A column of the fixture: its internal type, its ClickHouse type, and a draw of one value (storage units). */
type ColumnDef = { type: InternalType; ch: string; draw: (r: Rand) => unknown };

/** Strings that stress every layer: quotes, backslashes, controls, accents, final sigma, astral, Hangul, SQL. */
export const HOSTILE = [
  "it's",
  'say "hi"',
  'back\\slash',
  '\\',
  "\\'",
  "'",
  "''",
  'nul\u0000byte',
  'line\nbreak\r\ttab',
  '\u007f\u0001',
  "x' OR 1=1 --",
  "'); DROP TABLE t; --",
  '`id`',
  '\\x41',
  '%_*',
  'Éclair',
  'éclair',
  'ECLAIR',
  'e\u0301clair',
  'ΟΔΟΣ',
  'οδος',
  'ὈΔΌΣ.',
  'ΣΑΣ',
  'İstanbul',
  'straße',
  'STRASSE',
  '한국어',
  '한',
  '𝔘𝔫𝔦',
  '😀 emoji',
  '',
  ' ',
  'Zebra',
  'apple',
  'Apple',
  'zeta',
];

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const bigs = [
  0n,
  1n,
  -1n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 3n,
  2n ** 62n,
  -(2n ** 63n),
  2n ** 63n - 1n,
  12345678901234567n,
];

export const COLUMNS: Record<string, ColumnDef> = {
  n: { type: 'float', ch: 'Float64', draw: (r) => r.pick([-2.5, 0, 0.1, 0.30000000000000004, 1e21, -1e-7, 3, 7.25]) },
  i: { type: 'integer', ch: 'Int32', draw: (r) => r.int(41) - 20 },
  dec: { type: 'decimal', ch: 'Decimal(18, 4)', draw: (r) => (r.int(200001) - 100000) / 1e4 },
  big: { type: 'biginteger', ch: 'Int64', draw: (r) => (r.chance(0.5) ? r.pick(bigs) : BigInt(r.int(7) - 3)) },
  s: { type: 'text', ch: 'String', draw: (r) => r.pick(HOSTILE) },
  b: { type: 'boolean', ch: 'UInt8', draw: (r) => r.chance(0.5) },
  d: { type: 'date', ch: 'Date', draw: (r) => day('2020-01-01') + r.int(900) - 450 },
  dt: {
    type: 'datetime',
    ch: 'DateTime',
    draw: (r) => (Date.UTC(2021, 0, 1) / 1000 + r.int(4 * 366 * 86400) - 2 * 366 * 86400) * 1000,
  },
};

export type Row = Record<string, unknown>; // column → storage value or null; `id` the row number

/** `count` seeded rows; each value is null with probability `nulls`. */
export function makeRows(seed: number, count: number, nulls = 0.15): Row[] {
  const r = toRand(seed);
  return Array.from({ length: count }, (_, id) => {
    const row: Row = { id };
    for (const [name, c] of Object.entries(COLUMNS)) row[name] = r.chance(nulls) ? null : c.draw(r);
    return row;
  });
}

/** The rows as an in-memory table that follows the storage contract. */
export function toTableRef(rows: Row[]): TableRef {
  const specs: Record<string, ColumnSpec> = {};
  const col = <T>(name: string) => rows.map((r) => r[name] as T | null);
  for (const [name, c] of Object.entries(COLUMNS)) {
    if (c.type === 'text') specs[name] = dict(col<string>(name));
    else if (c.type === 'biginteger') specs[name] = i64(col<bigint>(name));
    else if (c.type === 'boolean') specs[name] = bool(col<boolean>(name));
    else if (c.type === 'date') specs[name] = date(col<number>(name));
    else if (c.type === 'datetime') specs[name] = datetime(col<number>(name));
    else specs[name] = f64(col<number>(name));
  }
  return makeTableRef(specs);
}

/** One JSONEachRow line for ClickHouse (bigints unquoted, dates and datetimes as text in UTC). */
function toLine(row: Row): string {
  const parts = [`"id":${row.id}`];
  for (const [name, c] of Object.entries(COLUMNS)) {
    const v = row[name];
    let text: string;
    if (v === null) text = 'null';
    else if (c.type === 'biginteger') text = String(v);
    else if (c.type === 'boolean') text = v ? '1' : '0';
    else if (c.type === 'date') text = `"${new Date((v as number) * 86_400_000).toISOString().slice(0, 10)}"`;
    else if (c.type === 'datetime') text = `"${new Date(v as number).toISOString().slice(0, 19).replace('T', ' ')}"`;
    else text = JSON.stringify(v);
    parts.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * Creates `name` (Distributed over two MergeTree shards, sharded by id) and inserts the rows into
 * each shard's local table directly (synchronous, and both shards get rows).
 */
export async function loadRows(ch: Cluster, name: string, rows: Row[]): Promise<EngineTable> {
  const columns: [string, string][] = [['id', 'Int64']];
  for (const [col, c] of Object.entries(COLUMNS)) columns.push([col, `Nullable(${c.ch})`]);
  await ch.createTable(name, columns, 'id');
  for (let shard = 0; shard < 2; shard++) {
    const lines = rows.filter((r) => (r.id as number) % 2 === shard).map(toLine);
    if (lines.length > 0)
      await ch.sql(`INSERT INTO ${ch.database}.${name}_local FORMAT JSONEachRow\n${lines.join('\n')}`, shard);
  }
  const types: Record<string, InternalType> = { id: 'integer' };
  for (const [col, c] of Object.entries(COLUMNS)) types[col] = c.type;
  return { engine: 'ch', database: ch.database, table: name, columns: types, rows: rows.length };
}

/** An EngineQuery over plain fetch (the tests' own; src/engine/client.ts is engine-plumb's): rows of the JSON format. */
export function toEngineQuery(ch: Cluster, seen?: string[]): EngineQuery {
  return async (sql, signal, opts) => {
    seen?.push(sql);
    const session = opts?.session ? `&session_id=${encodeURIComponent(opts.session)}` : '';
    const settings = Object.entries(opts?.settings ?? {}).map(([k, v]) => `&${k}=${v}`);
    const res = await fetch(`${ch.url}/?default_format=JSON&database=${ch.database}${session}${settings.join('')}`, {
      method: 'POST',
      body: sql,
      signal,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`ClickHouse: ${text.trim().slice(0, 2000)}\nSQL: ${sql.slice(0, 2000)}`);
    if (opts?.command) return [];
    return (JSON.parse(text) as { data: Record<string, unknown>[] }).data;
  };
}
