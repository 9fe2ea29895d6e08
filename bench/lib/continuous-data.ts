// Continuous data for the §13 bench: a float with a distinct value per row, a Gaussian, a timestamp to the second.
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { toSqlString, type Duck } from './duck.ts';

export const CONTINUOUS_COLUMNS = ['x', 'y', 't', 'sel'] as const;

/**
 * Writes `continuous-<rows>.parquet` into `dataDir` with DuckDB (once; reused after), from hashes of
 * the row number so every run writes the same values whatever the thread count:
 * - `x`   float 0..1000 with 9 decimals, ~one distinct value per row;
 * - `y`   normal(50, 15) by Box–Muller, ~one distinct value per row;
 * - `t`   a timestamp to the second over four years from 2020-01-01;
 * - `sel` integer 0..9999 uniform: `sel < 5000` keeps ~50% of the rows.
 */
export async function ensureContinuous(duck: Duck, rows: number, dataDir: string): Promise<string> {
  const file = join(dataDir, `continuous-${rows}.parquet`);
  if (existsSync(file)) return file;
  const u = (salt: number) => `((hash(i + ${salt}) % 1000000000)::DOUBLE + 0.5) / 1e9`;
  const tmp = `${file}.tmp`;
  await duck.run(
    `COPY (SELECT (hash(i) % 1000000000000)::DOUBLE / 1e9 AS x,
       50 + 15 * sqrt(-2 * ln(${u(1e10)})) * cos(2 * pi() * ${u(2e10)}) AS y,
       TIMESTAMP '2020-01-01' + to_seconds((hash(i + 3e10) % 126144000)::BIGINT) AS t,
       (hash(i + 4e10) % 10000)::INTEGER AS sel
     FROM range(${rows}) r(i) ORDER BY i) TO ${toSqlString(tmp)} (FORMAT parquet)`,
  );
  renameSync(tmp, file);
  return file;
}
