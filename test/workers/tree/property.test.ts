// Tests: random trees, contexts and dimensions; every tree answer against the naive joins of tree-oracle.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findBase } from '../../../src/catalog/tree-join.ts';
import type { TreeContextNode } from '../../../src/contract/tree.ts';
import { mulberry32 } from '../../../src/common/random.ts';
import { contextEntities } from '../../../workers/tree/context.ts';
import { treeGroups } from '../../../workers/tree/dist.ts';
import { treeDistinct } from '../../../workers/tree/distinct.ts';
import { treeStats } from '../../../workers/tree/stats.ts';
import type { TreeView } from '../../../workers/tree/open.ts';
import { dict, f64, i64, type ColumnSpec } from '../table.ts';
import { makeTree, type TestTable } from './fixture.ts';
import * as oracle from './oracle.ts';

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)];

type KeyKind = 'f64' | 'i64' | 'dict';
const toSpec = (kind: KeyKind, values: oracle.Value[]): ColumnSpec =>
  kind === 'dict'
    ? dict(values as (string | null)[])
    : kind === 'i64'
      ? i64(values.map((v) => (v === null ? null : BigInt(v))))
      : f64(values as (number | null)[]);

/**
 * A random tree of 2–5 tables, t0 the root: each next table hangs off an earlier one, as its child
 * (it links there) or as its lookup (the earlier one links to it). Keys are unique Float64,
 * Int64 or string values; link columns pick a key value, null (10%) or a dangling value (10%),
 * sometimes in the other numeric storage; every table has `a` (integers 0–4) and `s` (x, y, z),
 * 15% null each, and 0–8 rows.
 */
function randomTree(r: Rand): { tables: Record<string, TestTable>; tree: oracle.OracleTree } {
  const k = 2 + int(r, 4);
  const names = Array.from({ length: k }, (_, i) => `t${i}`);
  const rows = names.map(() => int(r, 9));
  const kinds = names.map(() => pick(r, ['f64', 'i64', 'dict'] as const));
  const links: oracle.OracleLink[] = [];
  for (let i = 1; i < k; i++) {
    const p = int(r, i);
    links.push(
      r() < 0.6
        ? { from: names[i], column: `to_t${p}`, to: names[p] }
        : { from: names[p], column: `to_t${i}`, to: names[i] },
    );
  }
  const keyed = new Set(links.map((l) => l.to));
  const keyValues = names.map((_, i) => {
    const ints = Array.from({ length: 3 * rows[i] + 1 }, (_, v) => v - rows[i]);
    for (let j = ints.length - 1; j > 0; j--) {
      const m = int(r, j + 1);
      [ints[j], ints[m]] = [ints[m], ints[j]];
    }
    return ints.slice(0, rows[i]).map((v) => (kinds[i] === 'dict' ? `k${v}` : v));
  });
  const data: Record<string, oracle.Row[]> = {};
  const tables: Record<string, TestTable> = {};
  const cell = (values: oracle.Value[]) => values.map((v) => (r() < 0.15 ? null : v));
  names.forEach((name, i) => {
    const hasKey = keyed.has(name) || r() < 0.5;
    const columns: Record<string, oracle.Value[]> = {
      a: cell(Array.from({ length: rows[i] }, () => int(r, 5))),
      s: cell(Array.from({ length: rows[i] }, () => pick(r, ['x', 'y', 'z']))),
    };
    const specs: Record<string, ColumnSpec> = {
      a: f64(columns.a as (number | null)[]),
      s: dict(columns.s as (string | null)[]),
    };
    if (hasKey) {
      columns.id = keyValues[i];
      specs.id = toSpec(kinds[i], keyValues[i]);
    }
    const out = links.filter((l) => l.from === name);
    for (const l of out) {
      const t = names.indexOf(l.to);
      const values = Array.from({ length: rows[i] }, () => {
        const u = r();
        if (u < 0.1) return null;
        if (u < 0.2 || rows[t] === 0) return kinds[t] === 'dict' ? `zz${int(r, 3)}` : 1000 + int(r, 3);
        return pick(r, keyValues[t]);
      });
      columns[l.column] = values;
      // A numeric link may use the other numeric storage than its key.
      specs[l.column] = toSpec(
        kinds[t] === 'dict' ? 'dict' : r() < 0.5 ? kinds[t] : kinds[t] === 'f64' ? 'i64' : 'f64',
        values,
      );
    }
    data[name] = Array.from({ length: rows[i] }, (_, row) =>
      Object.fromEntries(Object.entries(columns).map(([c, vs]) => [c, vs[row]])),
    );
    tables[name] = {
      key: hasKey ? 'id' : undefined,
      links: out.map((l) => ({ column: l.column, to: l.to })),
      columns: specs,
    };
  });
  const keys = Object.fromEntries(names.map((n) => [n, tables[n].key ?? null]));
  return { tables, tree: { root: 't0', keys, links, rows: data } };
}

const A_OPS = ['exact', '-exact', 'in', '-in', 'lt', 'lte', 'gt', 'gte', 'range', '-range', 'isnull', '-isnull'];
const S_OPS = ['exact', '-exact', 'in', '-in', 'isnull', '-isnull'];

function randomCondition(r: Rand, datasets: string[]): TreeContextNode {
  const dataset = pick(r, datasets),
    column = pick(r, ['a', 's'] as const);
  const operator = pick(r, column === 'a' ? A_OPS : S_OPS);
  const one = () => (column === 'a' ? int(r, 7) - 1 : pick(r, ['x', 'y', 'z', 'w']));
  const op = operator.replace(/^-/, '');
  const value =
    op === 'isnull'
      ? r() < 0.5
      : op === 'in'
        ? Array.from({ length: 1 + int(r, 3) }, () => (r() < 0.2 ? null : one()))
        : op === 'range'
          ? [one(), one()].sort((x, y) => (x as number) - (y as number))
          : one();
  return { field: 1, dataset, column, type: column === 'a' ? 'integer' : 'text', operator, value };
}

function randomContext(r: Rand, datasets: string[], depth = 0): TreeContextNode | null {
  const u = r();
  if (depth === 0 && u < 0.2) return null;
  if (depth >= 2 || u < 0.6) return randomCondition(r, datasets);
  return {
    type: r() < 0.5 ? 'and' : 'or',
    children: Array.from({ length: int(r, 4) }, () => randomContext(r, datasets, depth + 1)!),
  };
}

const selectedOf = (tree: TreeView, context: TreeContextNode | null) => contextEntities(tree, context);
const asSet = (m: Uint8Array | null, n: number) =>
  new Set(Array.from({ length: n }, (_, e) => e).filter((e) => m === null || m[e] === 1));

test('random trees: counts, values, stats and groups agree with naive joins', async () => {
  const r = mulberry32(20261120);
  let checked = 0;
  for (let round = 0; round < 200; round++) {
    const gen = randomTree(r);
    const { tree, problems } = await makeTree('t0', gen.tables);
    assert.equal(
      problems.filter((p) => p.level === 'error'),
      [],
      `round ${round}`,
    );
    const datasets = Object.keys(gen.tables);
    for (let q = 0; q < 4; q++) {
      const context = randomContext(r, datasets);
      const where = `round ${round}, query ${q}, context ${JSON.stringify(context)}`;
      const mask = selectedOf(tree, context);
      const sel = oracle.select(gen.tree, context);
      assert.equal([...asSet(mask, tree.entities)], [...sel], `entities: ${where}`);

      const dataset = pick(r, datasets),
        column = pick(r, ['a', 's']);
      assert.equal(
        treeDistinct(tree, dataset, column, mask),
        oracle.distinct(gen.tree, dataset, column, sel),
        `values of ${dataset}.${column}: ${where}`,
      );

      const s = treeStats(tree, dataset, 'a', mask);
      const o = oracle.statValues(gen.tree, dataset, 'a', sel);
      const sorted = [...o.values].sort((x, y) => x - y);
      assert.equal(
        [s.count, s.null_count, s.distinct, s.min, s.max, s.sum ?? 0],
        [
          o.values.length,
          o.nulls,
          new Set(o.values).size,
          sorted[0] ?? null,
          sorted.at(-1) ?? null,
          o.values.reduce((x, y) => x + y, 0),
        ],
        `stats of ${dataset}.a: ${where}`,
      );

      // Dimensions: one on a random base, the others on tables it reaches along links.
      const base = pick(r, datasets);
      const reach = datasets.filter((d) => {
        try {
          oracle.forward(gen.tree, base, d);
          return true;
        } catch {
          return false;
        }
      });
      const dims = [
        { dataset: base, column: pick(r, ['a', 's']) },
        ...Array.from({ length: int(r, 3) }, () => ({ dataset: pick(r, reach), column: pick(r, ['a', 's']) })),
      ];
      const found = findBase(tree.shape, dims);
      assert.is(found.base, base, `base: ${where}`);
      if (found.base === null) continue;
      const nulls = r() < 0.5;
      const g = treeGroups(tree, found.base, found.dimensions, mask, { nulls, maxGroups: 1e6 });
      const got = Array.from({ length: g.size }, (_, i) => [
        ...g.dims.map((d) => (d.ranks[i] === d.values.length ? null : d.values[d.ranks[i]])),
        g.counts[i],
      ]);
      assert.equal(
        got,
        oracle.groups(gen.tree, base, dims, sel, nulls),
        `groups by ${JSON.stringify(dims)}, nulls ${nulls}: ${where}`,
      );
      checked++;
    }
  }
  assert.is(checked, 800);
});

test.run();
