// Test helper: the seeded table of the brushing tests (every storage a brushed column or a chart may have) and random brushes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../src/common/random.ts';

// Field ids in column order: every storage a brushed column or a chart's dimension may have.
export const COLUMNS = ['i', 'w', 'x', 'f', 's', 'd', 't', 'b', 'g', 'big'] as const;
export const ID = Object.fromEntries(COLUMNS.map((c, k) => [c, k + 1])) as Record<(typeof COLUMNS)[number], number>;

/**
 * A seeded table: `i` Int32 integers, `w` integers stored Float64 (beyond 2^31), `x` floats of three
 * decimals with -0, `f` floats of many magnitudes, `s` strings, `d` dates, `t` datetimes to the second,
 * `b` booleans, `g` a small integer, `big` 64-bit integers: each ~6% null but `g`.
 */
export function writeTable(seed: number, rows: number): string {
  const rnd = mulberry32(seed);
  const nul = () => rnd() < 0.06;
  const lines = [COLUMNS.join(',')];
  for (let r = 0; r < rows; r++) {
    const day = Date.UTC(2020, 0, 1) + Math.floor(rnd() * 900) * 86_400_000;
    const x = Math.round(rnd() * 400_000) / 1000 - 100;
    lines.push(
      [
        nul() ? '' : Math.floor(rnd() * 300) - 50,
        nul() ? '' : 5_000_000_000 + Math.floor(rnd() * 90),
        nul() ? '' : rnd() < 0.02 ? '-0' : x,
        nul() ? '' : ((rnd() - 0.5) * 10 ** Math.floor(rnd() * 8)).toPrecision(5),
        nul() ? '' : `s${Math.floor(rnd() * 30)}`,
        nul() ? '' : new Date(day).toISOString().slice(0, 10),
        nul() ? '' : new Date(day + Math.floor(rnd() * 86_400) * 1000).toISOString().replace('.000Z', 'Z'),
        nul() ? '' : rnd() < 0.5,
        Math.floor(rnd() * 5),
        nul() ? '' : `${9_007_199_254_740_993n + BigInt(Math.floor(rnd() * 50))}`,
      ].join(','),
    );
  }
  const dir = mkdtempSync('/tmp/sorrel-brush-');
  writeFileSync(join(dir, 'r.csv'), `${lines.join('\n')}\n`);
  const fields = COLUMNS.map((column, k) => ({ id: k + 1, dataset: 'r', column, name: column }));
  const catalog = join(dir, 'catalog.json');
  writeFileSync(catalog, JSON.stringify({ datasets: [{ name: 'r', file: join(dir, 'r.csv') }], fields }));
  return catalog;
}

export type Brush = { field: number; operator: string; value: unknown }[];

const DAY = 86_400_000;
/** A random range on `field` over its values' span, beyond it, empty, or on one value, in one of the forms a brush sends. */
export function randomBrush(rnd: () => number, column: (typeof COLUMNS)[number]): Brush {
  const spans: Record<string, [number, number]> = {
    i: [-60, 260],
    w: [5_000_000_000 - 5, 5_000_000_095],
    x: [-110, 310],
    f: [-6e6, 6e6],
    d: [Date.UTC(2019, 11, 20), Date.UTC(2022, 7, 1)],
    t: [Date.UTC(2019, 11, 20), Date.UTC(2022, 7, 1)],
  };
  const [lo, hi] = spans[column];
  const pick = () => {
    const v = lo + rnd() * (hi - lo);
    if (column === 'd') return new Date(Math.floor(v / DAY) * DAY).toISOString().slice(0, 10);
    if (column === 't') return new Date(Math.floor(v / 1000) * 1000).toISOString().slice(0, 19);
    if (column === 'x') return rnd() < 0.2 ? 0 : Math.round(v * 1000) / 1000;
    if (column === 'f') return Number((v * rnd() ** 4).toPrecision(3));
    return rnd() < 0.5 ? Math.round(v) : Math.round(v * 10) / 10;
  };
  let a = pick(),
    b = pick();
  const order = (p: unknown, q: unknown) =>
    typeof p === 'number' ? p - (q as number) : String(p) < String(q) ? -1 : 1;
  if (rnd() < 0.85 && order(a, b) > 0) [a, b] = [b, a]; // else an empty range, now and then
  const field = ID[column];
  const form = Math.floor(rnd() * 4);
  if (form === 0) return [{ field, operator: 'range', value: [a, b] }];
  if (form === 1)
    return [
      { field, operator: 'gt', value: a },
      { field, operator: 'lte', value: b },
    ];
  if (form === 2) return [{ field, operator: rnd() < 0.5 ? 'gte' : 'lt', value: a }];
  return [
    { field, operator: 'gte', value: a },
    { field, operator: 'lt', value: b },
  ];
}

export const withContext = (path: string, nodes: Brush) =>
  `${path}${path.includes('?') ? '&' : '?'}aware=true&context=${encodeURIComponent(JSON.stringify({ type: 'and', children: nodes }))}`;
