// Tests: src/engine/compute/grid.ts and src/engine/sql/exact.ts — the engine's exact sums and §13 grid against BigInt oracles written from API.md §7, §8 and §13.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EngineQuery } from '../../src/contract/engine.ts';
import { engineGrid, toSqlDouble } from '../../src/engine/compute/grid.ts';
import { roundRatio } from '../../src/common/exact-round.ts';
import { exactSumsSql, fromExactMoments, fromExactSum } from '../../src/engine/sql/exact.ts';
import { type Cluster, sharedCluster } from '../helpers/clickhouse.ts';
import { toRand } from '../helpers/fuzz.ts';
import { toEngineQuery } from './fixture.ts';

let ch: Cluster;
let query: EngineQuery;

test.before(async () => {
  ch = await sharedCluster();
  query = toEngineQuery(ch);
});

const bitsOf = (x: number) => new BigUint64Array(new Float64Array([x]).buffer)[0];

/** x · 2^1074 as a BigInt: every finite double is an integer multiple of 2^−1074. */
function scaled(x: number): bigint {
  const b = bitsOf(x);
  const field = (b >> 52n) & 2047n;
  const fraction = b & ((1n << 52n) - 1n);
  const m = field === 0n ? fraction : fraction + (1n << 52n);
  const v = m << (field === 0n ? 0n : field - 1n);
  return b >> 63n ? -v : v;
}

/** Values as SQL rows, each from its bits (the engine's decimal parser may be one bit off), each `times` times. */
function valuesSql(xs: number[], times = 1): string {
  const rows = times > 1 ? ` FROM numbers(${times})` : '';
  return `SELECT arrayJoin([${xs.map((x) => bitsOf(x)).join(', ')}]) AS b, reinterpretAsFloat64(reinterpretAsString(b)) AS x${rows}`;
}

test('the engine sums adversarial doubles exactly (cancellation, 1e308 with 1, subnormals, mixed signs)', async () => {
  const cases: number[][] = [
    [1e308, 1, -1e308],
    [1e308, 1e308, -1e308, -1e308, 2 ** -1074],
    [0.1, 0.2, 0.3, -0.6],
    [Number.MIN_VALUE, -Number.MIN_VALUE * 3, 2 ** -1022, -(2 ** -1023)],
    [2 ** 53, 1, 1, -(2 ** 53)],
    Array.from({ length: 1000 }, (_, i) => (i % 2 ? -1 : 1) * (1 + i * 2 ** -52) * 2 ** (((i * 37) % 2000) - 1000)),
  ];
  // Every fraction bit set, thousands of times per sign and exponent: the digits' product sums pass 2^64 and wrap.
  const repeated = [
    [2 - 2 ** -52, -(2 - 2 ** -52), 2 ** 30 * (2 - 2 ** -52), 3 - 2 ** -51],
    [2 ** -1022 - 2 ** -1074, -(2 ** -1022 - 2 ** -1074), 2 ** -1022 - 2 ** -1073],
  ];
  const TIMES = 9000;
  for (const [xs, times] of [...cases.map((xs) => [xs, 1] as const), ...repeated.map((xs) => [xs, TIMES] as const)]) {
    const [row] = await query(
      exactSumsSql({
        from: `(${valuesSql(xs, times)})`,
        sums: { s: { x: 'x' }, w: { x: 'x', weight: 'toUInt64(3)' }, q: { x: 'x', squares: true } },
      }),
    );
    // In units of 2^−1074 (2^−2148 for squares): every finite double is a whole number of them.
    const at = (v: bigint, exp: number, unit: number) => v * 2n ** BigInt(exp - unit);
    const want = BigInt(times) * xs.reduce((s, x) => s + scaled(x), 0n);
    const sum = fromExactSum(row.s);
    assert.is(at(sum.sum, sum.exp, -1074), want, `Σ ${xs.slice(0, 5)}`);
    const w = fromExactSum(row.w);
    assert.is(at(w.sum, w.exp, -1074), 3n * want, `Σ 3x ${xs.slice(0, 5)}`);
    const squares = BigInt(times) * xs.reduce((s, x) => s + scaled(x) * scaled(x), 0n);
    const q = fromExactMoments(row.q);
    assert.is(at(q.sum, q.exp, -1074), want, `Σ ${xs.slice(0, 5)} beside the squares`);
    assert.is(at(q.squares, 2 * q.exp, -2148), squares, `Σ x² ${xs.slice(0, 5)}`);
  }
  // 1e308 + 1 − 1e308 is 1 exactly, where any order of floating-point additions gives 0.
  const [row] = await query(exactSumsSql({ from: `(${valuesSql([1e308, 1, -1e308])})`, sums: { s: { x: 'x' } } }));
  const s = fromExactSum(row.s);
  assert.is(roundRatio(s.sum, 1n, s.exp), 1);
});

test('a double travels to the engine as its bits, exactly', async () => {
  const xs = [0.1, -7.597, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -0];
  const rows = await query(
    `SELECT ${xs.map((x, i) => `toString(reinterpretAsUInt64(reinterpretAsString(${toSqlDouble(x)}))) AS b${i}`).join(', ')}`,
  );
  for (const [i, x] of xs.entries()) assert.is(BigInt(rows[0][`b${i}`] as string), bitsOf(x), String(x));
});

/** The oracle: §7 steps 1–2 and §13's grid over groups (values per dimension, count), every sum exact and rounded once. */
function oracle(groups: { values: number[]; count: number }[], maxPoints: number) {
  const nd = groups[0].values.length;
  const n = BigInt(groups.length);
  const ratio = (sum: bigint, den: bigint, exp: number) => roundRatio(sum, den, exp);
  const std = Array.from({ length: nd }, (_, d) => {
    let s = 0n,
      q = 0n;
    for (const g of groups) {
      s += scaled(g.values[d]);
      q += scaled(g.values[d]) ** 2n;
    }
    // M₂/n = (n·Σx² − (Σx)²) / n², both sides in units of 2^−2148.
    return Math.sqrt(ratio(n * q - s * s, n * n, -2148));
  });
  const z = groups.map((g) => g.values.map((x, d) => (std[d] === 0 ? 0 : x / std[d])));
  const centre = std.map((_, d) =>
    ratio(
      z.reduce((s, p) => s + scaled(p[d]), 0n),
      n,
      -1074,
    ),
  );
  const dist = z.map((p) => {
    let ss = 0;
    for (let d = 0; d < nd; d++) ss += (p[d] - centre[d]) * (p[d] - centre[d]);
    return Math.sqrt(ss);
  });
  const meanDist = ratio(
    dist.reduce((s, x) => s + scaled(x), 0n),
    n,
    -1074,
  );
  const isOutlier = dist.map((x) => meanDist !== 0 && x >= 3 * meanDist);
  const kept = z.filter((_, g) => !isOutlier[g]);
  if (kept.length <= maxPoints) return null;
  let side = Math.max(1, Math.floor(maxPoints ** (1 / nd)));
  while ((side + 1) ** nd <= maxPoints) side++;
  while (side > 1 && side ** nd > maxPoints) side--;
  const lo = std.map((_, d) => Math.min(...kept.map((p) => p[d])));
  const hi = std.map((_, d) => Math.max(...kept.map((p) => p[d])));
  const cells = new Map<number, { w: bigint; sums: bigint[] }>();
  z.forEach((p, g) => {
    if (isOutlier[g]) return;
    let cell = 0;
    for (let d = 0; d < nd; d++) {
      const span = hi[d] - lo[d];
      cell = cell * side + (span === 0 ? 0 : Math.min(side - 1, Math.floor(((p[d] - lo[d]) / span) * side)));
    }
    const c = cells.get(cell) ?? { w: 0n, sums: p.map(() => 0n) };
    c.w += BigInt(groups[g].count);
    p.forEach((v, d) => {
      c.sums[d] += BigInt(groups[g].count) * scaled(v);
    });
    cells.set(cell, c);
  });
  const order = [...cells.keys()].sort((a, b) => a - b);
  return {
    std,
    cells: order.length,
    counts: order.map((k) => Number(cells.get(k)!.w)),
    values: order.flatMap((k) => cells.get(k)!.sums.map((s) => ratio(s, cells.get(k)!.w, -1074))),
    outliers: groups
      .filter((_, g) => isOutlier[g])
      .map((g) => JSON.stringify(g))
      .sort(),
  };
}

/** Groups as an engine table of their values' bits and counts, and the SQL that reads them as a GROUP BY's rows (k0…, c). */
async function toGroupsSql(name: string, groups: { values: number[]; count: number }[]): Promise<string> {
  const nd = groups[0].values.length;
  const table = `${ch.database}.${name}`;
  await ch.sql(`DROP TABLE IF EXISTS ${table}`);
  const columns = Array.from({ length: nd }, (_, d) => `b${d} UInt64`).join(', ');
  await ch.sql(`CREATE TABLE ${table} (${columns}, c UInt64) ENGINE = Memory`);
  const tsv = groups.map((g) => [...g.values.map(bitsOf), g.count].join('\t')).join('\n');
  await ch.sql(`INSERT INTO ${table} FORMAT TabSeparated\n${tsv}\n`);
  const keys = Array.from({ length: nd }, (_, d) => `reinterpretAsFloat64(reinterpretAsString(b${d})) AS k${d}`);
  return `SELECT ${keys.join(', ')}, c FROM ${table}`;
}

async function compareGrid(name: string, groups: { values: number[]; count: number }[], maxPoints: number) {
  const nd = groups[0].values.length;
  const sql = await toGroupsSql(`grid_${nd}`, groups);
  const answer = await engineGrid(query, { sql, dims: nd, finish: (q) => q }, maxPoints);
  const want = oracle(groups, maxPoints);
  assert.ok(answer.kind === 'cells' && want !== null, `${name}: gridded`);
  const got = answer.kind === 'cells' ? answer.grid : null;
  assert.equal(got!.std, want!.std, `${name}: deviation`);
  assert.is(got!.cells, want!.cells, `${name}: cells`);
  assert.equal(Array.from(got!.counts), want!.counts, `${name}: cell counts`);
  assert.equal(Array.from(got!.values), want!.values, `${name}: cell means`);
  assert.equal(got!.outliers.map((g) => JSON.stringify(g)).sort(), want!.outliers, `${name}: outliers`);
  assert.ok(want!.outliers.length > 0, `${name}: some outliers`);
}

test('engineGrid gives the cells, deviations and outliers of the §13 oracle (1-D and 2-D)', async () => {
  const r = toRand(5);
  const one = Array.from({ length: 3000 }, (_, i) => ({
    values: [i % 97 === 0 ? i * 1000.125 : (r.int(2 ** 20) - 2 ** 19) / 1024 + i * 2 ** -30],
    count: r.int(20) + 1,
  }));
  await compareGrid('1-D', one, 500);
  const two = Array.from({ length: 4000 }, (_, i) => ({
    values: [r.int(1000) / 8 + (i % 211 === 0 ? 1e6 : 0), (r.int(10 ** 6) - 5e5) * 1.1e-3],
    count: r.int(5) + 1,
  }));
  await compareGrid('2-D', two, 600);
});

test('engineGrid sends few groups back themselves, in its first round', async () => {
  const seen: string[] = [];
  const sql = 'SELECT toFloat64(number) / 4 AS k0, number % 3 AS c FROM system.numbers LIMIT 400';
  const answer = await engineGrid(toEngineQuery(ch, seen), { sql, dims: 1, finish: (q) => q }, 500);
  assert.is(answer.kind, 'groups');
  const rows = answer.kind === 'groups' ? answer.rows : [];
  assert.equal(
    rows.map((r) => [Number(r.k0), Number(r.c)]).sort((a, b) => a[0] - b[0]),
    Array.from({ length: 400 }, (_, i) => [i / 4, i % 3]),
  );
  // The session's table, the groups counted once into it, its count (round 1), its rows, the table dropped.
  assert.equal(
    seen.map((q) => q.split(' ')[0]),
    ['CREATE', 'INSERT', 'SELECT', 'SELECT', 'DROP'],
  );
});

test.run();
