// Test helper: what the small-count attacker reads in answers (intervals per cell) and what it infers (interval propagation).
import { toShownCount } from '../../src/common/disclosure.ts';
import { type Atom, type AttackCatalog, type Rule, toKey, truthOf } from './attack-catalog.ts';

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
