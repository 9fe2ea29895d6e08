// Scale (issue 19): a wide-table file loaded cold beside DuckDB in a fresh process, `sorrel build`, and
// the built file started; the rows the Parquet and CSV runs share (bench/scenarios/scale.ts, scale-csv.ts).
import { createReadStream } from 'node:fs';
import { timeDuckLoad } from './duck-start.ts';
import { note } from './log.ts';
import { toRow } from './rows.ts';
import { buildSnapshot, type Started, timeStart } from './sorrel.ts';
import type { BenchRow } from './types.ts';

const MiB = 1024 * 1024;

export type Starts = { cold: Started[]; duck: Started[]; warm: Started[]; built: number; arrowMiB: number };

/** `reps` cold starts beside DuckDB's load (alternating which goes first), the build, `reps` starts of its file. */
export async function timeStarts(
  file: string,
  rows: number,
  catalog: string,
  snapshot: string,
  reps: number,
  tag: string,
): Promise<Starts> {
  const { cold, duck } = await timeColdStarts(file, rows, catalog, reps, tag);
  const built = buildSnapshot(catalog, snapshot);
  const warm: Started[] = [];
  for (let i = 0; i < reps; i++) warm.push(await timeStart(snapshot));
  return { cold, duck, warm, built, arrowMiB: cold[0].bytes / MiB };
}

/** `reps` cold starts beside DuckDB's load, alternating which goes first (`--cold` runs only these). */
export async function timeColdStarts(
  file: string,
  rows: number,
  catalog: string,
  reps: number,
  tag: string,
): Promise<Pick<Starts, 'cold' | 'duck'>> {
  const cold: Started[] = [],
    duck: Started[] = [];
  // One read of the file first, so the first timed start (Sorrel's) does not alone pay for the disk: a
  // single 100M run once measured 19.6 s cold, first after the build, against 15.4-16.6 s for three in a row.
  await primePageCache(file);
  for (let i = 0; i < reps; i++) {
    // Alternate which side goes first, so neither always finds the file in a warmer page cache.
    if (i % 2 === 1) duck.push(await timeDuckLoad(file, rows));
    cold.push(await timeStart(catalog));
    if (i % 2 === 0) duck.push(await timeDuckLoad(file, rows));
    note(`${tag}: cold ${Math.round(cold[i].ms)} ms, DuckDB ${Math.round(duck[i].ms)} ms`);
  }
  return { cold, duck };
}

/** Reads a file once, start to end, into the page cache (the bytes are dropped as they come). */
async function primePageCache(file: string): Promise<void> {
  for await (const _ of createReadStream(file, { highWaterMark: 8 * MiB }));
}

/**
 * The rows of those starts: time to ready cold vs DuckDB (`coldTarget`: whether ≤ 2× is judged; issue 19
 * sets it for Parquet), from the built file vs cold, the peak RSS of each vs the Arrow bytes and DuckDB's,
 * and the build's seconds.
 */
export function toStartRows(
  label: string,
  format: 'Parquet' | 'CSV',
  reader: string,
  s: Starts,
  coldTarget: boolean,
): BenchRow[] {
  const c = { scenario: 'scale', case: label, better: 'lower' as const };
  const [ready, peak, peakDuck] = toColdRows(label, format, reader, s, coldTarget);
  return [
    ready,
    toRow({
      ...c,
      metric: 'ms to ready from the built snapshot',
      referenceName: 'Sorrel cold',
      sorrel: s.warm.map((x) => x.ms),
      reference: s.cold.map((x) => x.ms),
      target: '≤ 0.2× cold',
      limit: { on: 'ratio', value: 0.2 },
    }),
    peak,
    toRow({
      ...c,
      metric: 'peak RSS MiB from the built snapshot',
      referenceName: `Arrow buffers (${s.arrowMiB.toFixed(0)} MiB)`,
      sorrel: s.warm.map((x) => x.rss / MiB),
      reference: s.arrowMiB,
      target: '≤ 1.3× Arrow bytes',
      limit: { on: 'ratio', value: 1.3 },
    }),
    peakDuck,
    toRow({
      ...c,
      metric: 'sorrel build s',
      referenceName: '—',
      sorrel: [s.built / 1000],
      reference: null,
      target: '—',
      limit: null,
    }),
  ];
}

/** The cold rows alone (all that `--cold` runs): time to ready vs DuckDB, peak RSS vs the Arrow bytes and vs DuckDB's. */
export function toColdRows(
  label: string,
  format: 'Parquet' | 'CSV',
  reader: string,
  s: Pick<Starts, 'cold' | 'duck'>,
  coldTarget: boolean,
): BenchRow[] {
  const c = { scenario: 'scale', case: label, better: 'lower' as const };
  const arrowMiB = s.cold[0].bytes / MiB;
  return [
    toRow({
      ...c,
      metric: `ms to ready, cold (from ${format})`,
      referenceName: `DuckDB CREATE TABLE AS SELECT * FROM ${reader} (fresh process)`,
      sorrel: s.cold.map((x) => x.ms),
      reference: s.duck.map((x) => x.ms),
      target: coldTarget ? '≤ 2× DuckDB' : '—',
      limit: coldTarget ? { on: 'ratio', value: 2 } : null,
    }),
    toRow({
      ...c,
      metric: 'peak RSS MiB, cold',
      referenceName: `Arrow buffers (${arrowMiB.toFixed(0)} MiB)`,
      sorrel: s.cold.map((x) => x.rss / MiB),
      reference: arrowMiB,
      target: '≤ 2× Arrow bytes',
      limit: { on: 'ratio', value: 2 },
    }),
    toRow({
      ...c,
      metric: 'peak RSS MiB, cold',
      referenceName: 'DuckDB peak RSS (fresh process)',
      sorrel: s.cold.map((x) => x.rss / MiB),
      reference: s.duck.map((x) => x.rss / MiB),
      target: '—',
      limit: null,
    }),
  ];
}
