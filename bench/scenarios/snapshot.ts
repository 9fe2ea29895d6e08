// Snapshot: start-up from a built snapshot file beside a cold start from its catalog, peak RSS beside the
// Arrow bytes, and the resident memory a series of reloads (SIGHUP) leaves behind.
// Standalone: node --import tsx bench/scenarios/snapshot.ts [--quick] (builds dist/ first).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, waitForOk } from '../lib/child.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { buildSnapshot, spawnSorrel, type Started, timeStart } from '../lib/sorrel.ts';
import { runIfMain } from '../lib/standalone.ts';
import { median } from '../lib/stats.ts';
import { writeTableCatalog } from '../lib/table-catalog.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

const FLIGHTS = join(ROOT, 'node_modules/vega-datasets/data/flights-3m.parquet');
const FLIGHTS_COLUMNS = ['date', 'delay', 'distance', 'origin', 'destination'];
const MiB = 1024 * 1024;
const RELOADS = 10;

type Case = { name: string; label: string; catalog: string; flights: boolean };

export const scenario: Scenario = {
  name: 'snapshot',
  description: `process start → /readyz 200 and peak RSS serving a file from \`sorrel build\` beside a cold start from its catalog (demo; flights-3m.parquet), and RSS after ${RELOADS} reloads (SIGHUP) beside after the first`,
  async run({ quick, dataDir }) {
    if (!existsSync(join(ROOT, 'dist/src/main.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm run bench does it).');
    if (!existsSync(FLIGHTS)) throw new Error(`${FLIGHTS} is missing; run npm install at the root (vega-datasets).`);
    const reps = quick ? 2 : 3;
    const cases: Case[] = [
      {
        name: 'demo',
        label: 'demo catalog (6 datasets, 14k rows)',
        catalog: join(ROOT, 'demo/catalog.yaml'),
        flights: false,
      },
      {
        name: 'flights',
        label: 'flights-3m.parquet (vega-datasets)',
        catalog: writeTableCatalog(FLIGHTS, FLIGHTS_COLUMNS, dataDir),
        flights: true,
      },
    ];
    const c = { scenario: 'snapshot' };
    const rows: BenchRow[] = [];
    let fixed: { ms: number; rss: number } | null = null; // the demo file's start: a process serving next to no data
    for (const k of cases) {
      const file = join(dataDir, `${k.name}.sorrel`);
      const built = buildSnapshot(k.catalog, file);
      note(`snapshot: ${k.name}: built ${file} in ${(built / 1000).toFixed(1)} s`);
      const cold: Started[] = [],
        warm: Started[] = [];
      for (let i = 0; i < reps; i++) {
        // Alternate which side goes first, so neither always finds its files in a warmer page cache.
        if (i % 2 === 1) cold.push(await timeStart(k.catalog));
        warm.push(await timeStart(file));
        if (i % 2 === 0) cold.push(await timeStart(k.catalog));
      }
      const arrow = warm[0].bytes / MiB;
      const ms = warm.map((w) => w.ms),
        rss = warm.map((w) => w.rss / MiB);
      rows.push(
        toRow({
          ...c,
          case: k.label,
          metric: 'ms to ready',
          referenceName: 'cold start from the catalog',
          better: 'lower',
          sorrel: ms,
          reference: cold.map((x) => x.ms),
          target: k.flights ? '≤ 0.1× cold start' : '< 1000 ms',
          limit: k.flights ? { on: 'ratio', value: 0.1 } : { on: 'sorrel', value: 1000 },
        }),
      );
      if (fixed) {
        rows.push(
          toRow({
            ...c,
            case: k.label,
            metric: 'ms to ready above a process serving the demo file',
            referenceName: 'cold start from the catalog, same',
            better: 'lower',
            sorrel: ms.map((x) => x - fixed!.ms),
            reference: cold.map((x) => x.ms - fixed!.ms),
            target: '—',
            limit: null,
          }),
        );
      }
      rows.push(
        toRow({
          ...c,
          case: k.label,
          metric: 'peak RSS MiB',
          referenceName: `Arrow buffers (${arrow.toFixed(1)} MiB)`,
          better: 'lower',
          sorrel: rss,
          reference: arrow,
          target: k.flights ? '≤ 1.5× Arrow bytes' : '—',
          limit: k.flights ? { on: 'ratio', value: 1.5 } : null,
        }),
      );
      if (fixed) {
        rows.push(
          toRow({
            ...c,
            case: k.label,
            metric: 'peak RSS above a process serving the demo file, MiB',
            referenceName: `Arrow buffers (${arrow.toFixed(1)} MiB)`,
            better: 'lower',
            sorrel: rss.map((x) => x - fixed!.rss),
            reference: arrow,
            target: '—',
            limit: null,
          }),
        );
      }
      rows.push(
        toRow({
          ...c,
          case: k.label,
          metric: 'peak RSS MiB',
          referenceName: 'cold start from the catalog',
          better: 'lower',
          sorrel: rss,
          reference: cold.map((x) => x.rss / MiB),
          target: '—',
          limit: null,
        }),
      );
      rows.push(
        toRow({
          ...c,
          case: k.label,
          metric: 'sorrel build s',
          referenceName: '—',
          better: 'lower',
          sorrel: [built / 1000],
          reference: null,
          target: '—',
          limit: null,
        }),
      );
      if (!k.flights) fixed = { ms: median(ms), rss: median(rss) };
      else {
        for (const [what, source] of [
          ['the built file', file],
          ['the catalog', k.catalog],
        ] as const) {
          const { first, last, all } = await reloads(source);
          note(
            `snapshot: ${k.name} from ${what}: RSS MiB after each reload ${all.map((x) => Math.round(x / MiB)).join(', ')}`,
          );
          rows.push(
            toRow({
              ...c,
              case: `${k.label}, served from ${what}`,
              metric: `RSS MiB after ${RELOADS} reloads`,
              referenceName: 'RSS after the first reload',
              better: 'lower',
              sorrel: [last / MiB],
              reference: first / MiB,
              target: '≤ 1.1× after the first',
              limit: { on: 'ratio', value: 1.1 },
              spread: all.map((x) => Math.round(x / MiB)).join(' → '),
            }),
          );
        }
      }
    }
    return rows;
  },
};

/**
 * SIGHUP `RELOADS` times, each followed by a few context-aware requests (so the worker thread moves to
 * the new tables) and half a second of rest; the resident set (VmRSS) after each.
 */
async function reloads(source: string): Promise<{ first: number; last: number; all: number[] }> {
  const s = await spawnSorrel(source);
  try {
    await waitForOk(`${s.url}/readyz`, s.child);
    const all: number[] = [];
    for (let i = 1; i <= RELOADS; i++) {
      process.kill(s.child.pid, 'SIGHUP');
      const outcome = await s.child.waitFor(`reloaded-${i}`);
      if (!outcome.ok) throw new Error(`reload ${i} of ${source} failed: ${JSON.stringify(outcome.problems)}`);
      for (let k = 0; k < 3; k++) {
        const context = encodeURIComponent(JSON.stringify({ field: 3, operator: 'gte', value: -(i * 10 + k) }));
        const res = await fetch(`${s.url}/api/fields/4/values/?aware=true&context=${context}`);
        if (res.status !== 200) throw new Error(`after reload ${i}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
      await new Promise((r) => setTimeout(r, 500));
      all.push(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))![1]) * 1024);
    }
    return { first: all[0], last: all[all.length - 1], all };
  } finally {
    await s.stop();
  }
}

// Standalone, Sorrel is measured as `npm start` runs it: build dist/ first.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
runIfMain(scenario, import.meta.url);
