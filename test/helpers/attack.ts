// Test helper: the small-count attack (API.md §15): seeded catalogs, an attacker's requests, and interval reasoning over what answers show.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toShownCount } from '../../src/common/disclosure.ts';
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
const NUMERIC = 5;

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

type Interval = { lo: number; hi: number };

/** One answer as the attacker reads it: cells with the interval each shown number allows, and targets (suppressed cells). */
export type Reading = { cells: Map<string, { atoms: Atom[]; iv: Interval }>; suppressed: Map<string, Atom[]> };

/** The counts c the rule shows as `shown` (the public rule, inverted by scanning). */
function inverse(shown: number, rule: Rule, n: number): Interval {
  let lo = Number.POSITIVE_INFINITY;
  let hi = -1;
  for (let c = Math.max(0, shown - rule.r); c <= Math.min(n, shown + rule.r); c++) {
    if (toShownCount(c, { minCount: rule.k, roundTo: rule.r, exempt: [] }) === shown) {
      lo = Math.min(lo, c);
      hi = Math.max(hi, c);
    }
  }
  return { lo, hi };
}

export function createReading(): Reading {
  return { cells: new Map(), suppressed: new Map() };
}

function observe(reading: Reading, atoms: Atom[], iv: Interval, suppressed: boolean): void {
  const key = toKey(atoms);
  const had = reading.cells.get(key);
  reading.cells.set(key, {
    atoms,
    iv: had ? { lo: Math.max(had.iv.lo, iv.lo), hi: Math.min(had.iv.hi, iv.hi) } : iv,
  });
  if (suppressed) reading.suppressed.set(key, atoms);
}

/**
 * Reads a list of counts (values of a field, a dist's points) under `context`: shown counts give
 * their rounding's interval; a suppressed one is in 1..k−1, or (when it hides beside one) at most the
 * smallest count shown beside it. `total`: null_count beside the list, as shown.
 */
export function readList(
  reading: Reading,
  cat: AttackCatalog,
  context: Atom[],
  items: { atoms: Atom[]; count: number | null }[],
  total?: { atoms: Atom[]; count: number | null },
): void {
  const { k } = cat.rule;
  const shown = items.filter((i) => i.count !== null).map((i) => inverse(i.count!, cat.rule, cat.n).hi);
  const cap = Math.max(k - 1, shown.length ? Math.min(...shown) : cat.n);
  const anySuppressed = items.some((i) => i.count === null);
  for (const i of items) {
    const atoms = [...context, ...i.atoms];
    if (i.count === null) observe(reading, atoms, { lo: 1, hi: cap }, true);
    else observe(reading, atoms, inverse(i.count, cat.rule, cat.n), false);
  }
  if (total) {
    const atoms = [...context, ...total.atoms];
    if (total.count === null) observe(reading, atoms, { lo: 1, hi: k - 1 }, true);
    else if (anySuppressed)
      // beside a suppressed count: rounded down to a multiple of k (0 only for 0, as 1..k−1 would be null)
      observe(
        reading,
        atoms,
        total.count === 0 ? { lo: 0, hi: 0 } : { lo: total.count, hi: total.count + k - 1 },
        false,
      );
    else observe(reading, atoms, inverse(total.count, cat.rule, cat.n), false);
  }
}

/** Reads one count of a cell (an entity count, a stats count); null = suppressed, so 1..k−1. */
export function readCount(reading: Reading, cat: AttackCatalog, atoms: Atom[], count: number | null): void {
  if (count === null) observe(reading, atoms, { lo: 1, hi: cat.rule.k - 1 }, true);
  else observe(reading, atoms, inverse(count, cat.rule, cat.n), false);
}

/** Merges readings (what the attacker knows after several answers). */
export function mergeReadings(readings: Reading[]): Reading {
  const all = createReading();
  for (const r of readings) {
    for (const { atoms, iv } of r.cells.values()) observe(all, atoms, iv, false);
    for (const [key, atoms] of r.suppressed) all.suppressed.set(key, atoms);
  }
  return all;
}

type Equation = { total: string; parts: string[] };

/**
 * The identities the attacker knows: a cell is the sum of its split by any field's values (and
 * null), and a cell with `X != v` is its parent less `X = v`. Only equations touching a cell read.
 */
function toEquations(cat: AttackCatalog, reading: Reading): { equations: Equation[]; atomsOf: Map<string, Atom[]> } {
  const atomsOf = new Map<string, Atom[]>();
  const seen = new Set<string>();
  const equations: Equation[] = [];
  const add = (total: Atom[], parts: Atom[][]) => {
    const e = { total: toKey(total), parts: parts.map(toKey) };
    const id = `${e.total}=${e.parts.join('+')}`;
    if (seen.has(id)) return;
    seen.add(id);
    atomsOf.set(e.total, total);
    for (const [i, p] of parts.entries()) atomsOf.set(e.parts[i], p);
    equations.push(e);
  };
  for (const { atoms } of reading.cells.values()) {
    for (const [i, a] of atoms.entries()) {
      const parent = atoms.filter((_, j) => j !== i);
      if (a.op === '=') {
        if (parent.some((b) => b.f === a.f)) continue;
        const split = [...cat.values.get(a.f)!, null].map((v) => [...parent, { f: a.f, op: '=' as const, v }]);
        add(parent, split);
      } else add(parent, [atoms, [...parent, { f: a.f, op: '=', v: a.v }]]);
    }
  }
  return { equations, atomsOf };
}

/**
 * Interval propagation over the known identities until nothing narrows. Returns each cell's
 * interval; throws when one excludes the truth (the attacker's model of the rule would be wrong).
 */
export function solve(cat: AttackCatalog, reading: Reading): Map<string, Interval> {
  const { equations, atomsOf } = toEquations(cat, reading);
  const iv = new Map<string, Interval>();
  const get = (key: string) => iv.get(key) ?? { lo: 0, hi: cat.n };
  for (const [key, c] of reading.cells) iv.set(key, { ...c.iv });
  for (let round = 0; round < 50; round++) {
    let changed = false;
    const narrow = (key: string, lo: number, hi: number) => {
      const cur = get(key);
      const next = { lo: Math.max(cur.lo, lo), hi: Math.min(cur.hi, hi) };
      if (next.lo !== cur.lo || next.hi !== cur.hi) {
        iv.set(key, next);
        changed = true;
      }
    };
    for (const e of equations) {
      const parts = e.parts.map(get);
      const sumLo = parts.reduce((s, p) => s + p.lo, 0);
      const sumHi = parts.reduce((s, p) => s + p.hi, 0);
      narrow(e.total, sumLo, sumHi);
      const t = get(e.total);
      for (const [i, key] of e.parts.entries()) narrow(key, t.lo - (sumHi - parts[i].hi), t.hi - (sumLo - parts[i].lo));
    }
    if (!changed) break;
  }
  for (const [key, i] of iv) {
    const atoms = atomsOf.get(key) ?? reading.cells.get(key)?.atoms;
    if (!atoms) continue;
    const t = truthOf(cat, atoms);
    if (t < i.lo || t > i.hi) throw new Error(`cell ${key}: truth ${t} outside [${i.lo}, ${i.hi}]`);
  }
  return iv;
}

/** The suppressed cells whose true count is 1..k−1 (the targets), and those the intervals pin exactly. */
export function toRecovered(cat: AttackCatalog, reading: Reading, iv: Map<string, Interval>) {
  const targets: string[] = [];
  const recovered: string[] = [];
  for (const [key, atoms] of reading.suppressed) {
    const t = truthOf(cat, atoms);
    if (t < 1 || t >= cat.rule.k) continue;
    targets.push(key);
    const i = iv.get(key)!;
    if (i.lo === i.hi) recovered.push(key);
  }
  return { targets, recovered };
}

/** One answer the attacker got: what it asked and what it read. */
export type Answer = { path: string; reading: Reading };

type ValueItem = { value: unknown; count: number | null };
type Point = { values: unknown[]; count: number | null };
const label = (v: unknown): string | null => (v === null ? null : String(v));

/**
 * The attacker's requests against a server at `base` (anonymous, so the rule applies): the root
 * document; each field's values and 1-D dist; each pair's 2-D dist; each field's values, and the
 * entities, under every atom A and its complement (`-exact`); the entities under A∧B and A∧¬B; the
 * stats under each atom. `get` fetches a path's JSON (the test's checks the OpenAPI document too).
 */
export async function runAttack(cat: AttackCatalog, get: (path: string) => Promise<unknown>): Promise<Answer[]> {
  const answers: Answer[] = [];
  const ask = async (path: string, read: (body: any, reading: Reading) => void) => {
    const reading = createReading();
    read(await get(path), reading);
    answers.push({ path, reading });
  };
  const whole = (body: any) =>
    body !== null && typeof body === 'object' && Object.keys(body).length === 1 && body.suppressed === true;
  const readValues = (context: Atom[], f: number) => (body: any, reading: Reading) => {
    if (whole(body)) return context.length ? readCount(reading, cat, context, null) : undefined;
    const items = (body.values as ValueItem[]).map((v) => ({
      atoms: [{ f, op: '=' as const, v: label(v.value) }],
      count: v.count,
    }));
    readList(reading, cat, context, items, { atoms: [{ f, op: '=', v: null }], count: body.null_count });
  };
  const readDist = (context: Atom[], dims: number[]) => (body: any, reading: Reading) => {
    if (whole(body)) return context.length ? readCount(reading, cat, context, null) : undefined;
    const points = [...body.data, ...body.outliers] as Point[];
    const items = points.map((p) => ({
      atoms: dims.map((f, i) => ({ f, op: '=' as const, v: label(p.values[i]) })),
      count: p.count,
    }));
    readList(reading, cat, context, items);
  };
  const readEntities = (context: Atom[]) => (body: any, reading: Reading) =>
    readCount(reading, cat, context, whole(body) ? null : body.count);
  const readStats = (context: Atom[]) => (body: any, reading: Reading) => {
    if (whole(body)) return; // fewer than k values, or the context keeps fewer than k: which one is not said
    readCount(reading, cat, [...context, { f: NUMERIC, op: '!=', v: null }], body.count);
    readCount(reading, cat, [...context, { f: NUMERIC, op: '=', v: null }], body.null_count);
  };

  await ask('/api/', (body: any, reading) =>
    readCount(reading, cat, [], body.entity.suppressed ? null : body.entity.count),
  );
  for (const f of FIELDS) {
    await ask(`/api/fields/${f}/values/?limit=0`, readValues([], f));
    await ask(`/api/fields/${f}/dist/?nulls=true`, readDist([], [f]));
    for (const g of FIELDS)
      if (g > f) await ask(`/api/fields/${f}/dist/?nulls=true&dimensions=${f},${g}`, readDist([], [f, g]));
  }
  const atoms: Atom[] = FIELDS.flatMap((f) =>
    cat.values.get(f)!.flatMap((v) => [
      { f, op: '=' as const, v },
      { f, op: '!=' as const, v },
    ]),
  );
  for (const a of atoms) {
    const c = [a];
    const q = toContextParam(c);
    await ask(`/api/entities/?${q}`, readEntities(c));
    await ask(`/api/fields/${NUMERIC}/stats/?${q}`, readStats(c));
    for (const f of FIELDS) if (f !== a.f) await ask(`/api/fields/${f}/values/?limit=0&${q}`, readValues(c, f));
  }
  const positive = atoms.filter((a) => a.op === '=');
  for (const a of positive)
    for (const b of atoms)
      if (b.f > a.f) {
        const c = [a, b];
        await ask(`/api/entities/?${toContextParam(c)}`, readEntities(c));
      }
  return answers;
}
