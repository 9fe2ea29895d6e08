// The engine contract fixture on disk and in the cluster: the same rows as NDJSON files and as ClickHouse tables.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cluster } from '../clickhouse.ts';
import { catalogText } from './catalog.ts';
import { type Cell, type Column, type Dataset, makeDatasets } from './rows.ts';

export type Fixture = {
  dir: string;
  database: string;
  datasets: Dataset[];
  /** The catalog over the NDJSON files. */
  fileCatalog: string;
  /** The same catalog over the cluster's tables. */
  engineCatalog: string;
};

/**
 * One row as a JSON line. 64-bit integers and decimals go out as their exact digits (never through a
 * double); booleans are `true`/`false` in the file and 0/1 for the engine's UInt8.
 */
export function toJsonLine(row: Record<string, Cell>, columns: Column[], target: 'file' | 'engine'): string {
  const cells = columns.map(({ name, kind }) => {
    const v = row[name];
    let text: string;
    if (v === null || v === undefined) text = 'null';
    else if (kind === 'big' || kind === 'dec') text = String(v);
    else if (kind === 'bool' && target === 'engine') text = v ? '1' : '0';
    else text = JSON.stringify(v);
    return `${JSON.stringify(name)}:${text}`;
  });
  return `{${cells.join(',')}}`;
}

/**
 * Writes the NDJSON files and the file catalog to a new temporary folder, loads the rows into
 * `database` (a test file's own, so its tables never meet another test's in the shared cluster),
 * and writes the engine catalog.
 */
export async function createFixture(cluster: Cluster, database: string, seed = 20): Promise<Fixture> {
  const datasets = makeDatasets(seed);
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-contract-'));
  for (const d of datasets) {
    const lines = d.rows.map((r) => toJsonLine(r, d.columns, 'file'));
    writeFileSync(join(dir, `${d.name}.ndjson`), `${lines.join('\n')}\n`);
  }
  const fileCatalog = join(dir, 'files.yaml');
  writeFileSync(fileCatalog, catalogText(datasets, null));
  await loadTables(cluster, database, datasets);
  const engineCatalog = join(dir, 'engine.yaml');
  writeFileSync(engineCatalog, catalogText(datasets, { url: cluster.url, database }));
  return { dir, database, datasets, fileCatalog, engineCatalog };
}

/**
 * Creates `database` anew on both shards with each dataset's tables (`<name>_local` MergeTree,
 * `<name>` Distributed by the dataset's shard key), and inserts the rows through the Distributed table.
 */
export async function loadTables(cluster: Cluster, database: string, datasets: Dataset[]): Promise<void> {
  for (const shard of [0, 1]) {
    await cluster.sql(`DROP DATABASE IF EXISTS ${database}`, shard);
    await cluster.sql(`CREATE DATABASE ${database}`, shard);
  }
  for (const d of datasets) {
    const cols = d.columns.map((c) => `\`${c.name}\` ${c.ch}`).join(', ');
    for (const shard of [0, 1]) {
      await cluster.sql(
        `CREATE TABLE ${database}.${d.name}_local (${cols}) ENGINE = MergeTree() ORDER BY tuple()`,
        shard,
      );
      const distributed = `Distributed(${cluster.cluster}, ${database}, ${d.name}_local, ${d.shardKey})`;
      await cluster.sql(
        `CREATE TABLE ${database}.${d.name} AS ${database}.${d.name}_local ENGINE = ${distributed}`,
        shard,
      );
    }
    await insertLines(
      cluster,
      database,
      d.name,
      d.rows.map((r) => toJsonLine(r, d.columns, 'engine')),
    );
  }
}

/** Inserts JSON lines through the Distributed table, synchronously (Cluster.insert would send 64-bit integers through a double). */
async function insertLines(cluster: Cluster, database: string, table: string, lines: string[]): Promise<void> {
  const query = encodeURIComponent(`INSERT INTO ${database}.${table} FORMAT JSONEachRow`);
  const res = await fetch(`${cluster.url}/?insert_distributed_sync=1&query=${query}`, {
    method: 'POST',
    body: lines.join('\n'),
  });
  if (!res.ok) throw new Error(`ClickHouse insert into ${table}: ${(await res.text()).trim()}`);
}
