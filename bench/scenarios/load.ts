// Load: time from process start until the data is served (Sorrel: /readyz = 200) and the peak RSS,
// beside DuckDB reading the same file into a table in a fresh process; CSV at growing row counts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, spawnTs, waitForOk } from '../lib/child.ts';
import { openDuck } from '../lib/duck.ts';
import { COLUMNS, ensureTable, toTableSpec } from '../lib/generate.ts';
import { toGrowthRows, toRowsLabel, type Series } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { spawnSorrel } from '../lib/sorrel.ts';
import { writeTableCatalog } from '../lib/table-catalog.ts';
import { median } from '../lib/stats.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const FLIGHTS = join(ROOT, 'node_modules/vega-datasets/data/flights-3m.parquet');
const FLIGHTS_COLUMNS = ['date', 'delay', 'distance', 'origin', 'destination'];
const MiB = 1024 * 1024;
const BASELINE_ROWS = 1000;

type Loaded = { ms: number; rss: number; rows: number; bytes: number };
/**
 * `judged`: the RSS target applies (the cases the issue names: flights and the largest CSV);
 * `fixed`: the tiny table that shows the fixed cost of a process, compared but not judged.
 */
type Case = {
  label: string;
  file: string;
  columns: readonly string[];
  duck: boolean;
  size: number | null;
  judged: boolean;
  fixed?: true;
};

export const scenario: Scenario = {
  name: 'load',
  description:
    'process start → /readyz 200 and peak RSS, vs a fresh process of DuckDB doing CREATE TABLE AS SELECT * FROM the same file; flights-3m.parquet and generated CSV by row count',
  async run({ quick, dataDir }) {
    const sizes = quick ? [100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000];
    const reps = quick ? 2 : 3;
    const duck = await openDuck();
    const version = duck.version;
    duck.close();
    if (!existsSync(FLIGHTS)) throw new Error(`${FLIGHTS} is missing; run npm install at the root (vega-datasets).`);
    const tiny = await ensureTable(toTableSpec(BASELINE_ROWS), dataDir);
    const cases: Case[] = [
      {
        label: `${toRowsLabel(BASELINE_ROWS)} rows, CSV (fixed cost: process, modules, workers)`,
        file: tiny.csv,
        columns: COLUMNS,
        duck: true,
        size: null,
        judged: false,
        fixed: true,
      },
      {
        label: 'flights-3m.parquet (vega-datasets)',
        file: FLIGHTS,
        columns: FLIGHTS_COLUMNS,
        duck: true,
        size: null,
        judged: true,
      },
    ];
    for (const size of sizes) {
      const files = await ensureTable(toTableSpec(size), dataDir);
      const largest = size === sizes[sizes.length - 1];
      cases.push({
        label: `${toRowsLabel(size)} rows, CSV`,
        file: files.csv,
        columns: COLUMNS,
        duck: true,
        size,
        judged: largest,
      });
      if (largest && !quick) {
        cases.push({
          label: `${toRowsLabel(size)} rows, Parquet`,
          file: files.parquet,
          columns: COLUMNS,
          duck: true,
          size: null,
          judged: false,
        });
        cases.push({
          label: `${toRowsLabel(size)} rows, Arrow IPC`,
          file: files.arrow,
          columns: COLUMNS,
          duck: false,
          size: null,
          judged: false,
        });
      }
    }

    const reference = `DuckDB ${version} (new process)`;
    const rows: BenchRow[] = [];
    const series: Series = new Map();
    let baseline: number | null = null; // Sorrel's peak RSS on the 1k-row table (the first case)
    for (const c of cases) {
      note(`load: ${c.label}`);
      const catalog = writeTableCatalog(c.file, c.columns, dataDir);
      const s: Loaded[] = [],
        d: Loaded[] = [];
      for (let i = 0; i < reps; i++) {
        // Alternate which side goes first, so neither always finds the file in a warmer page cache.
        if (i % 2 === 1 && c.duck) d.push(await loadDuck(c.file));
        s.push(await loadSorrel(catalog));
        if (i % 2 === 0 && c.duck) d.push(await loadDuck(c.file));
      }
      if (c.duck && s[0].rows !== d[0].rows)
        throw new Error(`${c.label}: Sorrel loaded ${s[0].rows} rows, DuckDB ${d[0].rows}.`);
      const arrowMiB = s[0].bytes / MiB;
      const ref = c.duck
        ? { referenceName: reference }
        : { referenceName: '— (DuckDB cannot read Arrow IPC without an extension)' };
      rows.push(
        toRow({
          scenario: 'load',
          case: c.label,
          metric: 'ms to ready',
          ...ref,
          better: 'lower',
          sorrel: s.map((x) => x.ms),
          reference: c.duck ? d.map((x) => x.ms) : null,
          target: c.duck && !c.fixed ? '≤ 2× DuckDB' : '—',
          limit: c.duck && !c.fixed ? { on: 'ratio', value: 2 } : null,
        }),
      );
      const rss = s.map((x) => x.rss / MiB);
      if (c.fixed) baseline = median(rss);
      else {
        rows.push(
          toRow({
            scenario: 'load',
            case: c.label,
            metric: 'peak RSS MiB',
            referenceName: `Arrow buffers (${arrowMiB.toFixed(1)} MiB)`,
            better: 'lower',
            sorrel: rss,
            reference: arrowMiB,
            target: c.judged ? '≤ 2× Arrow bytes' : '—',
            limit: c.judged ? { on: 'ratio', value: 2 } : null,
          }),
        );
        rows.push(
          toRow({
            scenario: 'load',
            case: c.label,
            metric: 'peak RSS above the 1k-row process, MiB',
            referenceName: `Arrow buffers (${arrowMiB.toFixed(1)} MiB)`,
            better: 'lower',
            sorrel: rss.map((x) => x - (baseline ?? 0)),
            reference: arrowMiB,
            target: '—',
            limit: null,
          }),
        );
      }
      if (c.duck) {
        rows.push(
          toRow({
            scenario: 'load',
            case: c.label,
            metric: 'peak RSS MiB',
            referenceName: reference,
            better: 'lower',
            sorrel: s.map((x) => x.rss / MiB),
            reference: d.map((x) => x.rss / MiB),
            target: '—',
            limit: null,
          }),
        );
      }
      if (c.size !== null) series.set(c.size, { sorrel: s.map((x) => x.ms), reference: d.map((x) => x.ms) });
    }
    rows.push(...toGrowthRows('load', 'CSV', 'ms to ready', reference, series));
    return rows;
  },
};

/** Starts Sorrel on the catalog, times spawn → /readyz 200, reads its peak RSS, stops it. */
async function loadSorrel(catalog: string): Promise<Loaded> {
  const sorrel = await spawnSorrel(catalog);
  try {
    const at = await waitForOk(`${sorrel.url}/readyz`, sorrel.child);
    const ready = await sorrel.child.waitFor('ready');
    const rss = sorrel.child.peakRss();
    const [data] = ready.datasets as { rows: number; bytes: number }[];
    return { ms: at - sorrel.child.startedAt, rss, rows: data.rows, bytes: data.bytes };
  } finally {
    await sorrel.stop();
  }
}

/** Runs bench/lib/duck-load.ts on the file: spawn → table created, and its peak RSS. */
async function loadDuck(file: string): Promise<Loaded> {
  const child = spawnTs('bench/lib/duck-load.ts', [file]);
  try {
    const m = await child.waitFor('loaded');
    return { ms: m.at - child.startedAt, rss: Number(m.peakRss), rows: Number(m.rows), bytes: 0 };
  } finally {
    await child.stop();
  }
}
