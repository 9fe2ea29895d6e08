// Test helper: a seeded random CSV table and its catalog, one field per column, of every kind a naive dist groups.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../src/common/random.ts';

/** The columns, in field id order (1…). */
export const SEEDED_COLUMNS = ['k', 'i', 'x', 's', 'd', 'b', 'one', 'none', 'big', 'f'] as const;

/**
 * Writes a table of 2,000–10,000 rows (or `rows`) drawn from `seed` and returns its catalog's path. Columns: `k`
 * a key (row number), `i` integers, `x` floats with three decimals (and -0), `s` strings, `d` dates,
 * `b` booleans, each ~5% null, over a spread that grows with the seed (3 to 70,000 values); `one` a
 * single value, `none` null on every row, `big` integers beyond 2^53 (64-bit), `f` floats of many
 * magnitudes (nearly unique).
 */
export function writeSeededTable(seed: number, rows?: number): string {
  const rnd = mulberry32(seed);
  const n = rows ?? 2000 + Math.floor(rnd() * 8000);
  const spread = [3, 40, 600, 70_000][seed % 4];
  const lines = [SEEDED_COLUMNS.join(',')];
  for (let r = 0; r < n; r++) {
    const nul = () => rnd() < 0.05;
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(rnd() * spread) * 86_400_000);
    const x = Math.round(rnd() * spread * 1000) / 1000;
    lines.push(
      [
        r,
        nul() ? '' : Math.floor(rnd() * spread) - 5,
        nul() ? '' : rnd() < 0.02 ? '-0' : x,
        nul() ? '' : `s${Math.floor(rnd() * spread)}`,
        nul() ? '' : day.toISOString().slice(0, 10),
        nul() ? '' : rnd() < 0.5,
        'same',
        '',
        nul() ? '' : `${9_007_199_254_740_993n + BigInt(Math.floor(rnd() * spread))}`,
        nul() ? '' : ((rnd() - 0.5) * 10 ** Math.floor(rnd() * 12)).toPrecision(6),
      ].join(','),
    );
  }
  const dir = mkdtempSync('/tmp/sorrel-seeded-');
  writeFileSync(join(dir, 'r.csv'), `${lines.join('\n')}\n`);
  const fields = SEEDED_COLUMNS.map((column, i) => ({ id: i + 1, dataset: 'r', column, name: column }));
  const catalog = join(dir, 'catalog.json');
  writeFileSync(catalog, JSON.stringify({ datasets: [{ name: 'r', file: join(dir, 'r.csv') }], fields }));
  return catalog;
}
