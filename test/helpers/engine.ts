// Engine test helpers: a small engine table and its catalog, for the plumbing tests.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cluster } from './clickhouse.ts';

/** The rows of the `people` table the plumbing tests read: ids 1..6, a city per row (one null). */
export const PEOPLE = [
  { id: 1, city: 'Oslo' },
  { id: 2, city: 'Lima' },
  { id: 3, city: 'Oslo' },
  { id: 4, city: null },
  { id: 5, city: 'Pune' },
  { id: 6, city: 'Oslo' },
];

/** Creates `name` (Distributed by id over both shards) holding PEOPLE. */
export async function createPeople(ch: Cluster, name: string): Promise<void> {
  await ch.createTable(
    name,
    [
      ['id', 'Int64'],
      ['city', 'Nullable(String)'],
    ],
    'id',
  );
  await ch.insert(name, PEOPLE);
}

/** A catalog over engine table `table`: fields 1 (id) and 2 (city); `extra` is added to the engine entry. */
export function writeEngineCatalog(ch: Cluster, table: string, extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-engine-'));
  const path = join(dir, 'catalog.json');
  writeFileSync(
    path,
    JSON.stringify({
      title: 'Engine',
      modified: '2026-01-01T00:00:00.000',
      engines: { wh: { kind: 'clickhouse', url: ch.url, database: ch.database, ...extra } },
      datasets: [{ name: 'people', engine: 'wh', table, data_modified: '2026-01-01T00:00:00.000' }],
      fields: [
        { id: 1, dataset: 'people', column: 'id', name: 'Id', modified: '2026-01-01T00:00:00.000' },
        { id: 2, dataset: 'people', column: 'city', name: 'City', modified: '2026-01-01T00:00:00.000' },
      ],
      concepts: [{ id: 1, name: 'City', fields: [2], modified: '2026-01-01T00:00:00.000' }],
    }),
  );
  return path;
}
