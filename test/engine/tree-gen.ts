// Test helper: a seeded model tree with every kind of table (root, children, grandchildren, lookups, a child of a lookup).
import type { TreeContextNode } from '../../src/contract/tree.ts';
import { mulberry32 } from '../../src/common/random.ts';
import { date, dict, f64, i64 } from '../workers/table.ts';
import type { TestTable } from '../workers/tree/fixture.ts';

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)];
const maybe = <T>(r: Rand, v: T, p = 0.15): T | null => (r() < p ? null : v);

/**
 * patients (root, Int64 key) ← visits (Float64 link, Int64 key) ← labs; patients → insurers (a
 * lookup, String key); visits → sites (a lookup) ← site_notes (a child of a lookup: its rows
 * belong to every entity whose visit was at that site). Links hold nulls and dangling values;
 * visits are not ordered by patient; every other column has nulls.
 */
export function generatedTree(seed: number): Record<string, TestTable> {
  const r = mulberry32(seed);
  const patients = 30,
    visits = 80,
    labs = 160;
  const codes = ['A', 'B', 'C', 'D', 'E'];
  const link = <T>(values: readonly T[], dangling: T) => {
    const u = r();
    return u < 0.08 ? null : u < 0.14 ? dangling : pick(r, values);
  };
  const pids = Array.from({ length: patients }, (_, i) => 1000 + 7 * i);
  const vids = Array.from({ length: visits }, (_, i) => 5000 + 3 * i);
  return {
    patients: {
      key: 'pid',
      links: [{ column: 'insurer', to: 'insurers' }],
      columns: {
        pid: i64(pids.map(BigInt)),
        sex: dict(pids.map(() => maybe(r, pick(r, ['F', 'M'])))),
        age: f64(pids.map(() => maybe(r, 18 + int(r, 70)))),
        insurer: dict(pids.map(() => link(['ax', 'by', 'cz'], 'zz'))),
      },
    },
    insurers: {
      key: 'code',
      columns: { code: dict(['ax', 'by', 'cz', 'dw']), plan: dict(['gold', 'basic', null, 'basic']) },
    },
    visits: {
      key: 'vid',
      links: [
        { column: 'patient_id', to: 'patients' },
        { column: 'site', to: 'sites' },
      ],
      columns: {
        vid: i64(vids.map(BigInt)),
        patient_id: f64(vids.map(() => link(pids, 99))),
        site: dict(vids.map(() => link(codes, 'Q'))),
        kind: dict(vids.map(() => maybe(r, pick(r, ['er', 'out', 'in'])))),
        cost: f64(vids.map(() => maybe(r, Math.round(r() * 10000) / 8))),
        day: date(vids.map(() => maybe(r, 19000 + int(r, 400)))),
      },
    },
    labs: {
      links: [{ column: 'visit_id', to: 'visits' }],
      columns: {
        visit_id: f64(Array.from({ length: labs }, () => link(vids, 1))),
        test: dict(Array.from({ length: labs }, () => maybe(r, pick(r, ['hb', 'na', 'k', 'glu'])))),
        value: f64(Array.from({ length: labs }, () => maybe(r, Math.round(r() * 2000) / 10))),
      },
    },
    sites: {
      key: 'code',
      columns: {
        code: dict(codes),
        region: dict(['north', 'south', 'north', null, 'east']),
        beds: f64([10, 20, null, 40, 20]),
      },
    },
    site_notes: {
      links: [{ column: 'site', to: 'sites' }],
      columns: {
        site: dict(['A', 'A', 'B', 'C', null, 'Q', 'E', 'E', 'B']),
        topic: dict(['fire', 'audit', 'audit', null, 'fire', 'audit', 'staff', 'fire', 'staff']),
      },
    },
  };
}

/** Columns the random contexts and answers use, by dataset, with their operators' value makers. */
const COLUMNS: Record<string, Record<string, { type: 'integer' | 'float' | 'text' | 'date'; values: unknown[] }>> = {
  patients: { sex: { type: 'text', values: ['F', 'M', 'X'] }, age: { type: 'integer', values: [20, 40, 60, 80] } },
  insurers: { plan: { type: 'text', values: ['gold', 'basic'] } },
  visits: {
    kind: { type: 'text', values: ['er', 'out', 'in'] },
    cost: { type: 'float', values: [100, 500.5, 900] },
    day: { type: 'date', values: [19000, 19200, 19399] },
  },
  labs: { test: { type: 'text', values: ['hb', 'na', 'k'] }, value: { type: 'float', values: [20, 100, 150.5] } },
  sites: {
    region: { type: 'text', values: ['north', 'south', 'west'] },
    beds: { type: 'integer', values: [10, 20, 30] },
  },
  site_notes: { topic: { type: 'text', values: ['fire', 'audit', 'staff'] } },
};

/** A random (dataset, column) of the generated tree, with its type. */
export function randomColumn(r: Rand): { dataset: string; column: string; type: string } {
  const dataset = pick(r, Object.keys(COLUMNS));
  const column = pick(r, Object.keys(COLUMNS[dataset]));
  return { dataset, column, type: COLUMNS[dataset][column].type };
}

const NUMBER_OPS = ['exact', '-exact', 'in', '-in', 'lt', 'gte', 'range', '-range', 'isnull', '-isnull'];
const TEXT_OPS = ['exact', '-exact', 'in', '-in', 'icontains', '-icontains', 'isnull', '-isnull'];

/** A random context over the generated tree: conditions on any table, nested AND / OR, sometimes empty branches. */
export function randomContext(r: Rand, depth = 0): TreeContextNode | null {
  if (depth === 0 && r() < 0.1) return null;
  if (depth >= 2 || r() < 0.55) {
    const { dataset, column, type } = randomColumn(r);
    const { values } = COLUMNS[dataset][column];
    const operator = pick(r, type === 'text' ? TEXT_OPS : NUMBER_OPS);
    const op = operator.replace(/^-/, '');
    const one = () => pick(r, values);
    const value =
      op === 'isnull'
        ? r() < 0.5
        : op === 'in'
          ? Array.from({ length: 1 + int(r, 3) }, () => (r() < 0.15 ? null : one()))
          : op === 'range'
            ? [one(), one()].sort((a, b) => (a as number) - (b as number))
            : op === 'icontains'
              ? String(one()).slice(1, 3).toUpperCase()
              : one();
    return { field: 1, dataset, column, type: type as never, operator, value };
  }
  return {
    type: r() < 0.5 ? 'and' : 'or',
    children: Array.from({ length: int(r, 4) }, () => randomContext(r, depth + 1)!),
  };
}
