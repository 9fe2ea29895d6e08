// Test helper: a seeded table of 120,000 sensor readings (continuous numbers, timestamps, times of
// day) as a CSV with a small catalog in a temporary folder, and the rows it holds for scanning.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '../../src/common/random.ts';

export const READINGS = 120_000;
/** Field ids of the readings catalog. */
export const READING = { X: 1, Y: 2, AT: 3, DAY: 4, CLOCK: 5, KIND: 6 } as const;

export type Reading = { x: number; y: number; at: string; day: string; clock: string; kind: string };

const START = Date.UTC(2023, 0, 1);
const SPAN = Date.UTC(2025, 0, 1) - START; // two years, to the second
const KINDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

/**
 * The rows, from mulberry32(seed): x standard normal (Box–Muller, 6 decimals: as many distinct
 * values as rows), y uniform in [0, 1000) (3 decimals), `at` a datetime to the second over 2023–2024,
 * `day` its date, `clock` an independent time of day, `kind` one of five labels.
 */
export function makeReadings(n = READINGS, seed = 18): Reading[] {
  const next = mulberry32(seed);
  const rows: Reading[] = [];
  const pad = (v: number) => String(v).padStart(2, '0');
  for (let i = 0; i < n; i++) {
    const x = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    const at = new Date(START + Math.floor(next() * (SPAN / 1000)) * 1000).toISOString().slice(0, 19);
    const s = Math.floor(next() * 86_400);
    rows.push({
      x: Number(x.toFixed(6)),
      y: Number((next() * 1000).toFixed(3)),
      at,
      day: at.slice(0, 10),
      clock: `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`,
      kind: KINDS[Math.floor(next() * KINDS.length)],
    });
  }
  return rows;
}

/** Writes readings.csv and catalog.yaml into a new temporary folder; returns the catalog's path. */
export function writeReadings(rows: Reading[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-readings-'));
  const lines = ['x,y,at,day,clock,kind', ...rows.map((r) => `${r.x},${r.y},${r.at},${r.day},${r.clock},${r.kind}`)];
  writeFileSync(join(dir, 'readings.csv'), `${lines.join('\n')}\n`);
  const catalog = join(dir, 'catalog.yaml');
  writeFileSync(
    catalog,
    `title: Readings
modified: "2026-01-02T03:04:05.678"
datasets:
  - name: readings
    model: reading
    file: readings.csv
    data_modified: "2026-01-02T03:04:05.678"
    columns: { x: float, y: float, at: datetime, day: date, clock: time, kind: char }
fields:
  - { id: 1, dataset: readings, column: x, name: Signal, unit: volt }
  - { id: 2, dataset: readings, column: y, name: Load }
  - { id: 3, dataset: readings, column: at, name: Taken at }
  - { id: 4, dataset: readings, column: day, name: Day }
  - { id: 5, dataset: readings, column: clock, name: Clock }
  - { id: 6, dataset: readings, column: kind, name: Kind }
concepts:
  - { id: 1, name: Reading, fields: [1, 2, 3, 4, 5, 6] }
`,
  );
  return catalog;
}
