// API.md §13's grid computed by the engine: steps 1–2 of §7 and the cells over the groups in SQL, so one row per cell comes back, never one per group.
import { randomUUID } from 'node:crypto';
import type { EngineQuery, EngineRow } from '../../contract/engine.ts';
import type { GridCells } from '../../contract/grid.ts';
import { exactSumsSql, fromExactMoments, fromExactSum, toMean, toPopulationVariance, toWeight } from '../sql/exact.ts';

/**
 * The groups of a distribution as SQL: `sql` selects one row per group with its number key in each
 * dimension as `k0`, `k1`, … (Float64, never null) and its count as `c`; `finish` appends what the
 * statement needs (settings) to every query built over it.
 */
export type GroupsSql = { sql: string; dims: number; finish: (sql: string) => string };

/** The largest G with G^dims ≤ maxPoints (workers/grid.ts toGridSide). */
function toGridSide(maxPoints: number, dims: number): number {
  let g = Math.max(1, Math.floor(maxPoints ** (1 / dims)));
  while ((g + 1) ** dims <= maxPoints) g++;
  while (g > 1 && g ** dims > maxPoints) g--;
  return g;
}

/** A double as SQL from its bits: exact, where 18.16's decimal parser is sometimes one bit off. */
export function toSqlDouble(x: number): string {
  if (Number.isNaN(x)) throw new Error('NaN has no SQL literal here.');
  const bits = new BigUint64Array(new Float64Array([x]).buffer)[0];
  return `reinterpretAsFloat64(reinterpretAsString(toUInt64(${bits})))`;
}

/** A double from the engine's UInt64 bits (decimal text in JSON). */
function fromBits(v: unknown): number {
  const b = new BigUint64Array([BigInt(v as string)]);
  return new Float64Array(b.buffer)[0];
}

function bitsOf(x: string): string {
  return `toString(reinterpretAsUInt64(reinterpretAsString(toFloat64(${x}))))`;
}

/**
 * Steps 1–2 of §7 and §13's grid over the groups `g` selects, as workers/grid-groups.ts does them
 * in memory, with every sum exact and rounded once (API.md §8):
 *   1. n (at most maxPoints: the groups themselves, below), Σx, Σx² and the smallest x per
 *      dimension → the population deviation s = √(M₂/n);
 *   2. Σz per dimension, z = x / s (0 when s = 0) → the mean point;
 *   3. Σ distance to it, √Σ(z − mean)² in dimension order → the mean distance and the outliers' bound;
 *   4. in one pass, the groups at least 3× the mean distance away (outliers, part of the answer,
 *      as one array), and the range [lo, hi] of the others' z per dimension;
 *   5. per non-empty cell, min(G − 1, ⌊(z − lo) / (hi − lo) · G⌋) per dimension (0 when hi = lo),
 *      its total count and the exact Σ count·z per dimension → its count-weighted mean.
 * The groups are counted once, into a temporary table of the request's engine session, and each
 * round reads that table; what comes back is one row per round (round 4's holding the outliers) and
 * one row per non-empty cell (at most maxPoints). The arithmetic of z, the distance and
 * the cell is the workers' IEEE operations in the same order, so each group lands where it would in
 * memory.
 *
 * At most maxPoints groups (the common case): the answer is `groups`, rows of k0…, c for the workers
 * to shape as before (the table's count, then its rows). So do at most maxPoints groups beside the
 * outliers, or a value that is not finite (every group then comes over: at most maxPoints plus the
 * outliers).
 */
export async function engineGrid(
  query: EngineQuery,
  g: GroupsSql,
  maxPoints: number,
  signal?: AbortSignal,
): Promise<{ kind: 'groups'; rows: EngineRow[] } | { kind: 'cells'; grid: GridCells }> {
  // The groups are counted once, into a temporary table of the request's own engine session; every
  // round reads that table (the groups, not the rows), and the session's end drops it in any case.
  const opts = { session: `sorrel-grid-${randomUUID()}` };
  const keys = Array.from({ length: g.dims }, (_, d) => `k${d}`);
  await query(
    `CREATE TEMPORARY TABLE ${GROUPS} (${keys.map((k) => `${k} Float64`).join(', ')}, c UInt64) ENGINE = Memory`,
    signal,
    { ...opts, command: true },
  );
  try {
    // In blocks of 64Ki groups, so that each round reads the table on every core: CREATE … AS SELECT,
    // or an INSERT with the default settings, stores the merged groups as one block, read by one thread.
    await query(
      g.finish(
        `INSERT INTO ${GROUPS} SELECT ${keys.map((k) => `assumeNotNull(${k}) AS ${k}`).join(', ')}, toUInt64(assumeNotNull(c)) AS c FROM (${g.sql})`,
      ),
      signal,
      { ...opts, command: true, settings: { min_insert_block_size_rows: 65536, min_insert_block_size_bytes: 0 } },
    );
    return await gridRounds((sql) => query(sql, signal, opts), g.dims, maxPoints);
  } finally {
    await query(`DROP TEMPORARY TABLE IF EXISTS ${GROUPS}`, undefined, { ...opts, command: true }).catch(() => {});
  }
}

/** The session's table of groups (k0…, c). */
const GROUPS = 'sorrel_groups';

/** The rounds over the session's table of groups. */
async function gridRounds(
  run: (sql: string) => Promise<EngineRow[]>,
  nd: number,
  maxPoints: number,
): Promise<{ kind: 'groups'; rows: EngineRow[] } | { kind: 'cells'; grid: GridCells }> {
  const dims = Array.from({ length: nd }, (_, d) => d);
  const from = ` FROM ${GROUPS}`;
  const keys = dims.map((d) => `k${d}`);
  const everyGroup = async () => ({ kind: 'groups' as const, rows: await run(`SELECT ${keys.join(', ')}, c${from}`) });

  // 1. The count and, past maxPoints groups, the deviation per dimension (the sums over at most
  // maxPoints groups cost little beside a round trip of their own).
  const finite = dims.map((d) => `isFinite(k${d})`).join(' AND ');
  const [one] = await run(
    exactSumsSql({
      from: GROUPS,
      sums: Object.fromEntries(dims.map((d) => [`s${d}`, { x: `k${d}`, squares: true }])),
      others: {
        n: { partial: 'count()', total: (p) => `toString(sum(${p}))` },
        bad: { partial: `countIf(NOT (${finite}))`, total: (p) => `sum(${p})` },
        ...Object.fromEntries(dims.map((d) => [`m${d}`, { partial: `min(k${d})`, total: (p) => bitsOf(`min(${p})`) }])),
      },
    }),
  );
  // At most maxPoints groups (the common case): the groups themselves.
  const n = BigInt(one.n as string);
  if (n <= BigInt(maxPoints) || Number(one.bad) > 0) return everyGroup();
  const std = dims.map((d) => Math.sqrt(toPopulationVariance(n, fromExactMoments(one[`s${d}`]))));
  if (!std.every(Number.isFinite)) return everyGroup();
  const constant = dims.map((d) => fromBits(one[`m${d}`]));
  const z = dims.map((d) => (std[d] === 0 ? 'toFloat64(0)' : `(k${d} / ${toSqlDouble(std[d])})`));

  // 2. The mean point.
  const [two] = await run(
    exactSumsSql({ from: GROUPS, sums: Object.fromEntries(dims.map((d) => [`z${d}`, { x: z[d] }])) }),
  );
  const centre = dims.map((d) => toMean(fromExactSum(two[`z${d}`]), n));

  // 3. The mean distance; a group is an outlier when its distance is at least 3× it (none when it is 0).
  const dist = `sqrt(${dims.map((d) => `(${z[d]} - ${toSqlDouble(centre[d])}) * (${z[d]} - ${toSqlDouble(centre[d])})`).join(' + ')})`;
  const [three] = await run(exactSumsSql({ from: GROUPS, sums: { t: { x: dist } } }));
  const meanDist = toMean(fromExactSum(three.t), n);
  const kept = meanDist === 0 ? '1' : `${dist} < ${toSqlDouble(3 * meanDist)}`;

  // 4. In one pass, the outliers (as one array of their keys' bits and counts) and the others' range.
  const [four] = await run(
    `SELECT ${dims.map((d) => `${bitsOf(`minIf(${z[d]}, ${kept})`)} AS lo${d}, ${bitsOf(`maxIf(${z[d]}, ${kept})`)} AS hi${d}`).join(', ')},` +
      // The outliers' keys as text of their bits, converted after the filter (a conversion per group costs more than the pass).
      ` arrayMap(t -> (${[...dims.map((d) => bitsOf(`tupleElement(t, ${d + 1})`)), `toString(tupleElement(t, ${nd + 1}))`].join(', ')}),` +
      ` groupArrayIf((${[...keys, 'c'].join(', ')}), NOT (${kept}))) AS o${from}`,
  );
  const outlierRows = four.o as string[][];
  const remaining = n - BigInt(outlierRows.length);
  if (remaining <= BigInt(maxPoints)) return everyGroup();
  const side = toGridSide(maxPoints, nd);
  const cellSql = dims.map((d) => {
    const lo = fromBits(four[`lo${d}`]),
      span = fromBits(four[`hi${d}`]) - lo;
    if (span === 0) return 'toUInt64(0)';
    return `toUInt64(least(floor(((${z[d]} - ${toSqlDouble(lo)}) / ${toSqlDouble(span)}) * ${side}), ${side - 1}))`;
  });
  const cellIndex = cellSql.reduce((acc, c) => (acc === '' ? c : `(${acc}) * ${side} + ${c}`), '');

  // 5. One row per non-empty cell: its index, its count and its exact Σ count·z per dimension.
  const cellRows = await run(
    exactSumsSql({
      from: `${GROUPS} WHERE ${kept}`,
      keys: { cell: cellIndex },
      sums: Object.fromEntries(dims.map((d) => [`m${d}`, { x: z[d], weight: 'c' }])),
    }),
  );
  return { kind: 'cells', grid: toCells(cellRows, outlierRows, nd, { size: Number(n), std, constant }) };
}

/** The cells as pseudo-points (each mean rounded once, API.md §8) and the outliers as groups. */
function toCells(
  cellRows: EngineRow[],
  outlierRows: string[][],
  nd: number,
  scale: { size: number; std: number[]; constant: number[] },
): GridCells {
  const cells = cellRows.length;
  const values = new Float64Array(cells * nd),
    counts = new Float64Array(cells);
  for (let k = 0; k < cells; k++) {
    const row = cellRows[k];
    const w = toWeight(row.m0); // Σ count of the cell, beside its sums
    counts[k] = Number(w);
    for (let d = 0; d < nd; d++) values[k * nd + d] = toMean(fromExactSum(row[`m${d}`]), w);
  }
  const outliers = outlierRows.map((r) => ({
    values: Array.from({ length: nd }, (_, d) => fromBits(r[d])),
    count: Number(r[nd]),
  }));
  return { size: scale.size, std: scale.std, constant: scale.constant, values, counts, cells, outliers };
}
