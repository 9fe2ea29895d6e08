// Crossfilter (issue 29): a four-chart dashboard brushed over x, each update re-counting the other three charts, beside DuckDB.
import { waitForOk } from '../lib/child.ts';
import {
  brush,
  CHARTS,
  checkSame,
  duckUpdate,
  gauge,
  id,
  readBandwidth,
  update,
  waitForIndex,
  WINDOW,
} from '../lib/crossfilter.ts';
import { openDuck, toSqlString } from '../lib/duck.ts';
import { toRowsLabel } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { processCpuMs } from '../lib/proc-cpu.ts';
import { toRow } from '../lib/rows.ts';
import { getText, type SorrelChild, spawnSorrel } from '../lib/sorrel.ts';
import { quantile } from '../lib/stats.ts';
import { writeTableCatalog } from '../lib/table-catalog.ts';
import type { Scenario } from '../lib/types.ts';
import { ensureWide, WIDE_COLUMNS } from '../lib/wide.ts';

const STEPS = 40;

export const scenario: Scenario = {
  name: 'crossfilter',
  description:
    "issue 29's dashboard over the wide table (x as a 50-bin histogram, grade, d by month, cat): 40 bin-aligned brush steps over x, each asking the other three charts at once, p50/p95 of an update beside DuckDB's three grouped counts; the first update of a new base against a scanned one; the index's memory and build time; bytes a scan reads",
  async run({ quick, dataDir, rows: only }) {
    const rows = only ?? (quick ? 1_000_000 : 10_000_000);
    const size = toRowsLabel(rows);
    const file = await ensureWide(rows, dataDir);
    const catalog = writeTableCatalog(file, WIDE_COLUMNS, dataDir);
    const db = await openDuck();
    let sorrel: SorrelChild | null = null;
    try {
      await db.run(`CREATE TABLE w AS SELECT * FROM read_parquet(${toSqlString(file)})`);
      sorrel = await spawnSorrel(catalog, { SORREL_WARM_DISTS: 'false' });
      await waitForOk(`${sorrel.url}/readyz`, sorrel.child);
      const url = sorrel.url;
      // The x histogram itself (the brushed chart, asked once).
      await getText(`${url}/api/fields/${id('x')}/dist/?bins=50`);
      // Scanned updates: contexts no index serves (an `or` of the window and an empty range: the same rows).
      const large = rows > 20_000_000;
      const scanned = async (width: number): Promise<number[]> => {
        const ms: number[] = [];
        for (let k = 0; k < (large ? 3 : 5); k++) {
          const { context } = brush(k, [], width);
          const or = { type: 'or', children: [context, { field: id('x'), operator: 'lt', value: -1 - k }] };
          ms.push((await update(url, or)).ms);
        }
        return ms;
      };
      const scans = await scanned(WINDOW + 2);
      // A new base: its first update (seen), its second (the index is built after it answers), then the build.
      const base = [{ field: id('grade'), operator: '-exact', value: 99 }];
      // (A window of another width: the timed steps ask nothing the reply cache holds.)
      const first = await update(url, brush(0, base, WINDOW + 1).context);
      const second = await update(url, brush(1, base, WINDOW + 1).context);
      // Scanned updates while the index builds (on its own thread, giving way to them: workers/yield.ts).
      const charts0 = await gauge(url, 'sorrel_brush_index_charts');
      const during = await scanned(WINDOW + 3);
      const builtDuring = (await gauge(url, 'sorrel_brush_index_charts')) - charts0;
      const buildCpu0 = processCpuMs(sorrel.child.pid);
      const waited = await waitForIndex(url);
      const buildCpu = (processCpuMs(sorrel.child.pid) - buildCpu0) / 1e3;
      const buildSeconds = await gauge(url, 'sorrel_brush_build_seconds');
      const indexBytes = await gauge(url, 'sorrel_brush_index_bytes');
      note(
        `crossfilter ${size}: first ${first.ms.toFixed(0)} ms, second ${second.ms.toFixed(0)} ms, scans ${scans.map((s) => s.toFixed(0)).join(' ')} ms, while building ${during.map((s) => s.toFixed(0)).join(' ')} ms (${builtDuring} of 3 charts built by their end); index ${(indexBytes / 2 ** 20).toFixed(0)} MiB built in ${buildSeconds.toFixed(2)} s (waited ${waited.toFixed(0)} ms)`,
      );
      // The brush steps, from the index; each checked against DuckDB's answer first, then both timed.
      const ours: number[] = [],
        theirs: number[] = [],
        ourCpu: number[] = [],
        theirCpu: number[] = [];
      const pid = sorrel.child.pid;
      const answered = await gauge(url, 'sorrel_brush_answers');
      for (let k = 0; k < STEPS; k++) {
        const { lo, hi, context } = brush(k, base);
        const c0 = processCpuMs(pid);
        const s = await update(url, context);
        ourCpu.push(processCpuMs(pid) - c0);
        ours.push(s.ms);
        // At 100M rows DuckDB's three queries take seconds a step: every fifth step is checked and timed.
        if (large && k % 5 !== 0) continue;
        const d0 = processCpuMs(process.pid);
        const d = await duckUpdate(db, lo, hi);
        theirCpu.push(processCpuMs(process.pid) - d0);
        checkSame(k, s.bodies, d.rows);
        theirs.push(d.ms);
      }
      const fromIndex = (await gauge(url, 'sorrel_brush_answers')) - answered;
      if (fromIndex !== STEPS * CHARTS.length)
        throw new Error(`crossfilter: ${fromIndex} of ${STEPS * CHARTS.length} requests came from the index.`);
      const bandwidth = readBandwidth();
      const scanBytes = CHARTS.length * rows * (8 + 4); // x (Float64) and the chart's column (Int32) per chart
      note(
        `crossfilter ${size}: CPU per update ${quantile(ourCpu, 0.5).toFixed(1)} ms vs DuckDB ${quantile(theirCpu, 0.5).toFixed(1)} ms`,
      );
      note(
        `crossfilter ${size}: p50 ${quantile(ours, 0.5).toFixed(1)} / p95 ${quantile(ours, 0.95).toFixed(1)} ms vs DuckDB ${quantile(theirs, 0.5).toFixed(1)} / ${quantile(theirs, 0.95).toFixed(1)}; read ${bandwidth.toFixed(1)} GB/s`,
      );
      const c = {
        scenario: 'crossfilter',
        referenceName: `DuckDB ${db.version} (in-process)`,
        better: 'lower' as const,
      };
      const label = `${size} rows, brush over x (3 charts)`;
      const target = rows > 20_000_000 ? 50 : 16;
      return [
        toRow({
          ...c,
          case: label,
          metric: 'p50 ms of an update',
          sorrel: ours,
          reference: theirs,
          target: `p50 ≤ ${target} ms`,
          limit: { on: 'sorrel', value: target },
        }),
        toRow({
          ...c,
          case: label,
          metric: 'CPU ms of an update, every thread (median)',
          sorrel: ourCpu,
          reference: theirCpu,
          target: '—',
          limit: null,
        }),
        toRow({
          ...c,
          case: label,
          metric: 'p95 ms of an update',
          sorrel: [quantile(ours, 0.95)],
          reference: quantile(theirs, 0.95),
          target: '—',
          limit: null,
        }),
        toRow({
          ...c,
          case: `${size} rows, first update of a new base (scan) ÷ a scanned update`,
          metric: 'ms',
          referenceName: 'scanned update (`or` context)',
          sorrel: [first.ms],
          reference: scans,
          target: '≤ 1.2× a scan',
          limit: { on: 'ratio', value: 1.2 },
        }),
        toRow({
          ...c,
          case: `${size} rows, a scanned update while the index builds ÷ one before`,
          metric: 'ms',
          referenceName: 'scanned update (`or` context), no build running',
          sorrel: during,
          reference: scans,
          target: '≤ 1.2× a scan',
          limit: { on: 'ratio', value: 1.2 },
        }),
        toRow({
          ...c,
          case: `${size} rows, second update (answers, then the build starts)`,
          metric: 'ms',
          referenceName: 'scanned update',
          sorrel: [second.ms],
          reference: scans,
          target: '—',
          limit: null,
        }),
        toRow({
          ...c,
          case: `${size} rows, the index: view of x + 3 charts`,
          metric: 'MiB',
          referenceName: '—',
          sorrel: [indexBytes / 2 ** 20],
          reference: null,
          target: '≤ SORREL_INDEX_MB (½ Arrow bytes)',
          limit: null,
        }),
        toRow({
          ...c,
          case: `${size} rows, the index's build (pool time)`,
          metric: 's',
          referenceName: '—',
          sorrel: [buildSeconds],
          reference: null,
          target: '—',
          limit: null,
        }),
        toRow({
          ...c,
          case: `${size} rows, the index's build: server CPU while waiting for it (most of the build)`,
          metric: 's',
          referenceName: '—',
          sorrel: [buildCpu],
          reference: null,
          target: '—',
          limit: null,
        }),
        toRow({
          ...c,
          case: `${size} rows, physical limit of a scanned update: ${(scanBytes / 1e6).toFixed(0)} MB read at ${bandwidth.toFixed(1)} GB/s (one thread)`,
          metric: 'ms',
          referenceName: '—',
          sorrel: [(scanBytes / (bandwidth * 1e9)) * 1e3],
          reference: null,
          target: '—',
          limit: null,
        }),
      ];
    } finally {
      await sorrel?.stop();
      db.close();
    }
  },
};
