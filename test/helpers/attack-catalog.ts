// Test helper: the small-count attack's catalogs (API.md §15): seeded skewed tables, cells as atoms, their true counts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '../../src/common/random.ts';

/** An atom of a cell: field `f` equal to (`=`) or not equal to (`!=`) value `v` (null: is null). */
export type Atom = { f: number; op: '=' | '!='; v: string | null };
export type Rule = { k: number; r: number };
export type AttackCatalog = {
  path: string;
  rule: Rule;
  n: number; // rows (each row one entity: the root has no key)
  values: Map<number, string[]>; // each field's distinct non-null values, as labels
  rows: (string | null)[][]; // rows[i][f - 1]
};

export const FIELDS = [1, 2, 3, 4, 5]; // 1..4 text, 5 integers (stats)
export const NUMERIC = 5;

/**
 * A table of 60–400 rows drawn from `seed`: four text columns of 2–6 values with skewed (Zipf-like)
 * weights, so some values are rare, and an integer column of 1–4; every column ~4% null.
 */
export function writeAttackCatalog(seed: number, rule: Rule): AttackCatalog {
  const rnd = mulberry32(seed);
  const n = 60 + Math.floor(rnd() * 340);
  const values = new Map<number, string[]>();
  const weights = new Map<number, number[]>();
  for (const f of FIELDS) {
    const m = f === NUMERIC ? 4 : 2 + Math.floor(rnd() * 5);
    values.set(
      f,
      Array.from({ length: m }, (_, i) => (f === NUMERIC ? String(i + 1) : `q${f}x${i}`)),
    );
    const s = 0.8 + rnd() * 1.6;
    weights.set(
      f,
      Array.from({ length: m }, (_, i) => 1 / (i + 1) ** s),
    );
  }
  const pick = (f: number): string | null => {
    if (rnd() < 0.04) return null;
    const w = weights.get(f)!;
    let x = rnd() * w.reduce((a, b) => a + b, 0);
    for (let i = 0; i < w.length; i++) if ((x -= w[i]) < 0) return values.get(f)![i];
    return values.get(f)![w.length - 1];
  };
  const rows = Array.from({ length: n }, () => FIELDS.map(pick));
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-attack-'));
  const csv = ['c1,c2,c3,c4,n5', ...rows.map((row) => row.map((v) => v ?? '').join(','))];
  writeFileSync(join(dir, 'data.csv'), `${csv.join('\n')}\n`);
  const yaml = [
    'title: Attack',
    'modified: "2026-01-01T00:00:00.000"',
    'root: data',
    `disclosure: { min_count: ${rule.k}, round_to: ${rule.r} }`,
    'datasets: [{ name: data, file: data.csv, data_modified: "2026-01-01T00:00:00.000", columns: { n5: integer } }]',
    'fields:',
    ...FIELDS.map(
      (f) =>
        `  - { id: ${f}, dataset: data, column: ${f === NUMERIC ? 'n5' : `c${f}`}, name: Field${f}, enumerable: true }`,
    ),
  ];
  writeFileSync(join(dir, 'catalog.yaml'), `${yaml.join('\n')}\n`);
  return { path: join(dir, 'catalog.yaml'), rule, n, values, rows };
}

/** A cell's key: its atoms sorted. */
export const toKey = (atoms: Atom[]): string =>
  atoms
    .map((a) => `${a.f}${a.op}${a.v === null ? '∅' : a.v}`)
    .sort()
    .join('&');

/** The true count of a cell (rows satisfying every atom). */
export function truthOf(cat: AttackCatalog, atoms: Atom[]): number {
  let c = 0;
  for (const row of cat.rows) if (atoms.every((a) => (row[a.f - 1] === a.v) === (a.op === '='))) c++;
  return c;
}

/** The context JSON of atoms (exact / -exact; null atoms are not sent). */
export function toContextParam(atoms: Atom[]): string {
  const node = (a: Atom) => ({
    field: a.f,
    operator: a.op === '=' ? 'exact' : '-exact',
    value: a.f === NUMERIC ? Number(a.v) : a.v,
  });
  const tree = atoms.length === 1 ? node(atoms[0]) : { type: 'and', children: atoms.map(node) };
  return `aware=true&context=${encodeURIComponent(JSON.stringify(tree))}`;
}
