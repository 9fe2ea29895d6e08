// Scale (issue 19): the wide table as Parquet at 10M rows (50M, 100M with --rows): time to ready and peak
// RSS cold and from a built snapshot beside DuckDB loading the same file, then first requests beside DuckDB.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { waitForOk } from '../lib/child.ts';
import { openDuck, toSqlString } from '../lib/duck.ts';
import { toRowsLabel } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { timeInitCheck } from '../lib/scale-commands.ts';
import { runScaleCsv } from '../lib/scale-csv.ts';
import { timeClusteredGrid } from '../lib/scale-grid.ts';
import { timeFirstRequests } from '../lib/scale-requests.ts';
import { timeColdStarts, timeStarts, toColdRows, toStartRows } from '../lib/scale-start.ts';
import { timeSplit } from '../lib/split-requests.ts';
import { type SorrelChild, spawnSorrel } from '../lib/sorrel.ts';
import { writeTableCatalog } from '../lib/table-catalog.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';
import { ensureWide, WIDE_COLUMNS } from '../lib/wide.ts';

const MiB = 1024 * 1024;

export const scenario: Scenario = {
  name: 'scale',
  description:
    "issue 19's table (id, cat, code, name, x, grade, d) as Parquet: spawn → /readyz 200 and peak RSS, cold and from `sorrel build`'s file, beside DuckDB's CREATE TABLE AS SELECT * FROM read_parquet in a fresh process; `sorrel init` and `check` on it; first requests beside DuckDB in-process (`--format csv`: bench/lib/scale-csv.ts)",
  async run({ quick, dataDir, rows: only, format, cold }) {
    if (format === 'csv') return runScaleCsv({ quick, dataDir, rows: only });
    const rows = only ?? (quick ? 1_000_000 : 10_000_000);
    const size = toRowsLabel(rows);
    const reps = 3; // cold, DuckDB's load and the built file's start: medians of three at every size
    const file = await ensureWide(rows, dataDir);
    const catalog = writeTableCatalog(file, WIDE_COLUMNS, dataDir);
    const snapshot = join(dataDir, `wide-r${rows}.sorrel`);
    const label = `${size} rows, wide Parquet (${(statSync(file).size / MiB).toFixed(0)} MiB)`;
    if (cold) {
      const starts = await timeColdStarts(file, rows, catalog, reps, `scale: ${size}`);
      return toColdRows(label, 'Parquet', 'read_parquet', starts, true);
    }
    const starts = await timeStarts(file, rows, catalog, snapshot, reps, `scale: ${size}`);
    const arrow = starts.arrowMiB;
    const out = toStartRows(label, 'Parquet', 'read_parquet', starts, true);
    out.push(...(await timeInitCheck(file, catalog, WIDE_COLUMNS, starts.cold[0].bytes, label)));
    // First requests on a fresh process serving the snapshot, beside DuckDB in this process.
    const db = await openDuck();
    const sorrel = await spawnSorrel(snapshot);
    try {
      await db.run(`CREATE TABLE w AS SELECT * FROM read_parquet(${toSqlString(file)})`);
      await waitForOk(`${sorrel.url}/readyz`, sorrel.child);
      out.push(...(await timeWarmUp(sorrel, size, arrow)));
      out.push(...(await timeFirstRequests(sorrel.url, db, rows, `DuckDB ${db.version} (in-process)`)));
      out.push(
        ...(await timeClusteredGrid(sorrel.url, sorrel.child.pid, db, rows, `DuckDB ${db.version} (in-process)`)),
      );
      await sorrel.stop();
      // One large request split across the threads, beside one thread and DuckDB (bench/lib/split-requests.ts).
      out.push(...(await timeSplit(snapshot, db, rows, `DuckDB ${db.version} (in-process)`)));
    } finally {
      await sorrel.stop();
      db.close();
    }
    return out;
  },
};

/**
 * After /readyz: how long each field's default naive dist takes to be computed into the memo in the
 * background (src/serve/warm.ts), and the peak RSS once it has (the memory goal holds with the warm-up).
 */
async function timeWarmUp(sorrel: SorrelChild, size: string, arrow: number): Promise<BenchRow[]> {
  const ready = await sorrel.child.waitFor('ready');
  const warmed = await sorrel.child.waitFor('warmed');
  const ms = Number(warmed.ms) - Number(ready.ms);
  note(`scale: ${size}: ${warmed.fields} naive dists warmed ${Math.round(ms)} ms after ready`);
  const c = { scenario: 'scale', case: `${size} rows, built snapshot, naive dists warmed in the background` };
  return [
    toRow({
      ...c,
      metric: `ms from ready to ${warmed.fields} fields' naive dists in the memo`,
      referenceName: '—',
      sorrel: [ms],
      reference: null,
      better: 'lower',
      target: '—',
      limit: null,
    }),
    toRow({
      ...c,
      metric: 'peak RSS MiB after the warm-up',
      referenceName: `Arrow buffers (${arrow.toFixed(0)} MiB)`,
      sorrel: [sorrel.child.peakRss() / MiB],
      reference: arrow,
      better: 'lower',
      target: '≤ 1.3× Arrow bytes',
      limit: { on: 'ratio', value: 1.3 },
    }),
  ];
}
