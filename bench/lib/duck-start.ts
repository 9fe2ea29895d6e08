// DuckDB loading a data file into a table in a fresh process (bench/lib/duck-load.ts): the load reference.
import { spawnTs } from './child.ts';
import type { Started } from './sorrel.ts';

/** Spawn → table created (CREATE TABLE AS SELECT * FROM read_parquet/read_csv), and its peak RSS. */
export async function timeDuckLoad(file: string, rows: number): Promise<Started> {
  const child = spawnTs('bench/lib/duck-load.ts', [file]);
  try {
    const m = await child.waitFor('loaded');
    if (Number(m.rows) !== rows) throw new Error(`DuckDB loaded ${m.rows} rows from ${file}, expected ${rows}.`);
    return { ms: m.at - child.startedAt, rss: Number(m.peakRss), bytes: 0 };
  } finally {
    await child.stop();
  }
}
