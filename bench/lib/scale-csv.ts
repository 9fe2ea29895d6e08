// Scale from CSV (issue 19; `npm run bench -- --only scale --format csv`): the wide table written as CSV by
// DuckDB, loaded cold beside DuckDB's read_csv in a fresh process, built, served, and init and check on it.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { waitForOk } from './child.ts';
import { openDuck, toSqlString } from './duck.ts';
import { toRowsLabel } from './growth.ts';
import { note } from './log.ts';
import { fromDist } from './numbers.ts';
import { timeInitCheck } from './scale-commands.ts';
import { timeStarts, toStartRows } from './scale-start.ts';
import { checkSame } from './served.ts';
import { getText, spawnSorrel } from './sorrel.ts';
import { toFieldId, writeTableCatalog } from './table-catalog.ts';
import type { BenchOptions, BenchRow } from './types.ts';
import { ensureWide, WIDE_COLUMNS } from './wide.ts';

const MiB = 1024 * 1024;

/**
 * Time to ready and peak RSS cold from the CSV (beside DuckDB) and from `sorrel build`'s file, the
 * build's time, one aware dist checked against DuckDB on the file, then `sorrel init` and `check`.
 */
export async function runScaleCsv({ quick, dataDir, rows: only }: BenchOptions): Promise<BenchRow[]> {
  const rows = only ?? (quick ? 1_000_000 : 10_000_000);
  const size = toRowsLabel(rows);
  const reps = 3; // cold, DuckDB's load and the built file's start: medians of three at every size
  const file = await ensureWide(rows, dataDir, 'csv');
  const catalog = writeTableCatalog(file, WIDE_COLUMNS, dataDir);
  const snapshot = join(dataDir, `wide-r${rows}-csv.sorrel`);
  const label = `${size} rows, wide CSV (${(statSync(file).size / MiB).toFixed(0)} MiB)`;
  const starts = await timeStarts(file, rows, catalog, snapshot, reps, `scale csv: ${size}`);
  const out = toStartRows(label, 'CSV', 'read_csv', starts, false);
  await checkServed(snapshot, file);
  out.push(...(await timeInitCheck(file, catalog, WIDE_COLUMNS, starts.cold[0].bytes, label)));
  return out;
}

/** Serves the built file and checks one aware dist (`cat`, `grade < 10`) against DuckDB reading the CSV. */
async function checkServed(snapshot: string, file: string): Promise<void> {
  const id = (column: string) => toFieldId(WIDE_COLUMNS, column);
  const context = encodeURIComponent(JSON.stringify({ field: id('grade'), operator: 'lt', value: 10 }));
  const db = await openDuck();
  const sorrel = await spawnSorrel(snapshot);
  try {
    await waitForOk(`${sorrel.url}/readyz`, sorrel.child);
    const t = performance.now();
    const body = await getText(
      `${sorrel.url}/api/fields/${id('cat')}/dist/?cluster=false&aware=true&context=${context}`,
    );
    const ms = performance.now() - t;
    const sql = `SELECT cat, count(*)::DOUBLE FROM read_csv(${toSqlString(file)}) WHERE grade < 10 GROUP BY ALL ORDER BY ALL`;
    checkSame('served from CSV: cat, grade < 10', fromDist(JSON.parse(body)), await db.rows(sql), { nonZero: true });
    note(
      `scale csv: served from the built file: aware dist of cat agrees with DuckDB (first request ${Math.round(ms)} ms)`,
    );
  } finally {
    await sorrel.stop();
    db.close();
  }
}
