// A wide number table for §13 over an engine: as many distinct floats as rows, as an NDJSON file and as a two-shard ClickHouse table.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cluster } from '../clickhouse.ts';

/** Field ids of the wide catalog. */
export const WIDE = { id: 1, x: 2, y: 3, k: 4 } as const;

export type Wide = { fileCatalog: string; engineCatalog: string; rows: number; distinctX: number };

/**
 * `rows` rows (at most 2^18): `x` distinct per row (an odd multiplier permutes 0..2^18 − 1), in
 * eighths, every 997th row far out (an outlier) and every 101st null; `y` in sixteenths with 4,001
 * values and every 1,013th far out; `k` = row mod 10 for contexts. Every value is a dyadic fraction
 * with a short decimal form, so the engine's text parser reads the very double the file loader does.
 */
export async function createWide(ch: Cluster, database: string, rows: number): Promise<Wide> {
  if (rows > 2 ** 18) throw new Error('At most 2^18 rows keep x distinct.');
  const lines: string[] = [];
  let distinctX = 0;
  for (let i = 0; i < rows; i++) {
    const x = i % 101 === 0 ? null : i % 997 === 0 ? i * 4096 : (((i * 40503) % 2 ** 18) - 2 ** 17) / 8;
    if (x !== null) distinctX++;
    const y = ((i * 7919) % 4001) / 16 + (i % 1013 === 0 ? 1e5 : 0);
    lines.push(JSON.stringify({ id: i, x, y, k: i % 10 }));
  }
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-wide-'));
  writeFileSync(join(dir, 'wide.ndjson'), `${lines.join('\n')}\n`);
  for (const shard of [0, 1]) {
    await ch.sql(`DROP DATABASE IF EXISTS ${database}`, shard);
    await ch.sql(`CREATE DATABASE ${database}`, shard);
    await ch.sql(
      `CREATE TABLE ${database}.wide_local (id Int64, x Nullable(Float64), y Float64, k Int32) ENGINE = MergeTree() ORDER BY id`,
      shard,
    );
    await ch.sql(
      `CREATE TABLE ${database}.wide AS ${database}.wide_local ENGINE = Distributed(${ch.cluster}, ${database}, wide_local, id)`,
      shard,
    );
  }
  const query = encodeURIComponent(`INSERT INTO ${database}.wide FORMAT JSONEachRow`);
  const res = await fetch(`${ch.url}/?insert_distributed_sync=1&query=${query}`, {
    method: 'POST',
    body: lines.join('\n'),
  });
  if (!res.ok) throw new Error(`ClickHouse insert into wide: ${(await res.text()).trim()}`);
  const catalog = (source: Record<string, unknown>, engines: Record<string, unknown> | null) => ({
    title: 'Wide',
    modified: '2026-01-01T00:00:00.000',
    ...(engines && { engines }),
    datasets: [{ name: 'wide', ...source, data_modified: '2026-01-01T00:00:00.000' }],
    fields: [
      { id: WIDE.id, dataset: 'wide', column: 'id', name: 'Id', internal_type: 'key' },
      { id: WIDE.x, dataset: 'wide', column: 'x', name: 'X' },
      { id: WIDE.y, dataset: 'wide', column: 'y', name: 'Y' },
      { id: WIDE.k, dataset: 'wide', column: 'k', name: 'K' },
    ],
    concepts: [{ id: 1, name: 'Wide', fields: [WIDE.x, WIDE.y, WIDE.k] }],
  });
  const fileCatalog = join(dir, 'files.json');
  writeFileSync(fileCatalog, JSON.stringify(catalog({ file: 'wide.ndjson' }, null)));
  const engineCatalog = join(dir, 'engine.json');
  writeFileSync(
    engineCatalog,
    JSON.stringify(catalog({ engine: 'wh', table: 'wide' }, { wh: { kind: 'clickhouse', url: ch.url, database } })),
  );
  return { fileCatalog, engineCatalog, rows, distinctX };
}
