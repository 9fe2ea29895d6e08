// Issue 19's table of numbers and dates, written as Parquet (or CSV) by DuckDB from range(n) with seeded
// hashes into bench/data/ (reused when present): the data of compute's number rows and of the scale scenario.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDuck, toSqlString } from './duck.ts';
import { SEED } from './generate.ts';

/**
 * The columns, in file order (none null; each a hash of the row number and the seed, so a rerun of the
 * pinned DuckDB writes the same values):
 * - `id`    bigint, the row number
 * - `cat`   integer 0..999 uniform: 1,000 groups
 * - `code`  integer 0..99,999 uniform: 100,000 groups (`x` × `code` has more groups than Sorrel's maximum)
 * - `name`  string "n" + 6 digits, uniform over 50,000 codes
 * - `x`     double 0..999.999 with 3 decimals: 1M distinct values; `x < 500` keeps ~50%, `x < 10` ~1%
 * - `grade` integer 0..19 uniform: `grade < 10` keeps ~50%, `grade < 1` ~5%
 * - `d`     date, uniform over the 1,500 days from 2020-01-01
 */
export const WIDE_COLUMNS = ['id', 'cat', 'code', 'name', 'x', 'grade', 'd'] as const;

const SELECT = (rows: number, seed: number) =>
  `SELECT i::BIGINT AS id,
     (hash(i, ${seed}, 1) % 1000)::INTEGER AS cat,
     (hash(i, ${seed}, 2) % 100000)::INTEGER AS code,
     'n' || lpad((hash(i, ${seed}, 3) % 50000)::VARCHAR, 6, '0') AS name,
     (hash(i, ${seed}, 4) % 1000000)::DOUBLE / 1000 AS x,
     (hash(i, ${seed}, 5) % 20)::INTEGER AS grade,
     DATE '2020-01-01' + (hash(i, ${seed}, 6) % 1500)::INTEGER AS d
   FROM range(${rows}) r(i) ORDER BY i`;

/**
 * The Parquet (or CSV, with a header) file of `rows` rows in `dataDir`, written first unless a finished
 * one is there. DuckDB may use 4 GiB while it writes (100M rows, sorted), not most of the machine.
 */
export async function ensureWide(
  rows: number,
  dataDir: string,
  format: 'parquet' | 'csv' = 'parquet',
): Promise<string> {
  const path = join(dataDir, `wide-r${rows}-s${SEED}.${format}`);
  const marker = `${path}.json`;
  const spec = JSON.stringify({ rows, seed: SEED, columns: WIDE_COLUMNS });
  if (existsSync(path) && existsSync(marker) && readFileSync(marker, 'utf8') === spec) return path;
  const t0 = performance.now();
  const duck = await openDuck();
  try {
    await duck.run("SET memory_limit = '4GB'");
    const options = format === 'csv' ? 'FORMAT csv, HEADER' : 'FORMAT parquet';
    await duck.run(`COPY (${SELECT(rows, SEED)}) TO ${toSqlString(`${path}.tmp`)} (${options})`);
  } finally {
    duck.close();
  }
  renameSync(`${path}.tmp`, path);
  writeFileSync(marker, spec);
  console.error(`  generated ${rows} rows (${format}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return path;
}
