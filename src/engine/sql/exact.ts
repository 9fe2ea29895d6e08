// Exact sums of doubles on the engine (API.md §8 "correctly rounded"): each double split into integers the engine sums without loss, finished here with BigInt.
import { type ExponentGroup, roundRatio, toTotalsOfGroups } from '../../common/exact-round.ts';
import type { ExactTotals } from '../../common/exact-sum.ts';

//
// A finite double is (−1)^sign · M · 2^(max(e, 1) − 1075), M = f + h with f its 52-bit fraction and
// h = 2^52 unless e = 0 (e the biased exponent field). The engine reads the bits
// (`reinterpretAsUInt64(reinterpretAsString(x))`: 18.16 refuses to reinterpret a Float64 directly),
// groups the rows by sign and exponent and sums per group, as integers that never overflow a UInt64
// (the scheme of src/engine/compute/stats.ts): the weight Σw (the row count for a plain sum) and f in
// two digits of 26 bits, Σw·dᵢ < Σw · 2^26, exact up to 2^37 rows; then Σw·M = Σw·f + h·Σw. With
// Σx² beside it (w = 1), the digits' three products dᵢdⱼ < 2^52: each summed twice, as is (wrapping
// modulo 2^64) and shifted right by 26 (below 2^60 up to 2^34 groups), which gives the exact sum
// (toProduct), and ΣM² = Σf² + 2h·Σf + n·h². Sorrel then adds the groups exactly
// (src/common/exact-round.ts) and rounds once.
//
// Why a subquery grouped by exponent (exactSumsSql) and not `sumMap` over the rows: sumMap builds
// arrays for every row, which made the grid's rounds cost more than counting the groups did; a
// GROUP BY on the exponents (a few dozen keys) sums plain columns, and a sumMap over those few rows
// gives each sum the same shape as before. The sums are integers (the wrapping ones modulo 2^64), so
// any grouping adds up to the same bits.

const DIGIT = '67108863'; // 2^26 − 1
const HIDDEN = 1n << 52n;

/** The engine's UInt64 bits of a Float64 expression. */
function bits(x: string): string {
  return `reinterpretAsUInt64(reinterpretAsString(toFloat64(${x})))`;
}

/**
 * One exact sum of exactSumsSql: Σ weight·x over the rows (`weight` a UInt64 expression such as a
 * count; none for a plain sum), or Σx and Σx² with `squares`. `x` must be finite (check with isFinite).
 */
export type ExactTerm = { x: string; weight?: string; squares?: boolean };

/** A plain aggregate beside the exact sums: `partial` over the rows of one exponent group, `total` over those partials' column. */
export type PartialAggregate = { partial: string; total: (column: string) => string };

/**
 * A query giving, per value of its `keys` (one row without keys, else ordered by them), each `sums`
 * term as a column of the same name (a sumMap tuple: fromExactSum, or fromExactMoments with
 * `squares`) and each `others` aggregate. `from` is what follows FROM (a table, a WHERE).
 */
export function exactSumsSql(q: {
  from: string;
  keys?: Record<string, string>;
  sums: Record<string, ExactTerm>;
  others?: Record<string, PartialAggregate>;
}): string {
  const keys = Object.entries(q.keys ?? {}),
    sums = Object.entries(q.sums),
    others = Object.entries(q.others ?? {});
  // Innermost: each term's bits and fraction digits beside the table's columns.
  const row = sums.map(
    ([name, t]) =>
      `${bits(t.x)} AS _${name}_b, bitAnd(_${name}_b, ${DIGIT}) AS _${name}_d0, bitAnd(bitShiftRight(_${name}_b, 26), ${DIGIT}) AS _${name}_d1` +
      (t.squares
        ? `, _${name}_d0 * _${name}_d0 AS _${name}_p00, _${name}_d0 * _${name}_d1 AS _${name}_p01, _${name}_d1 * _${name}_d1 AS _${name}_p11`
        : ''),
  );
  // Middle: the partial sums per key and sign-and-exponent of every term.
  const exponents = sums.map(([name]) => `toUInt16(bitShiftRight(_${name}_b, 52)) AS _${name}_e`);
  const partials = sums.flatMap(([name, t]) => toPartials(name, t));
  const groupBy = [...keys.map(([k]) => k), ...sums.map(([name]) => `_${name}_e`)];
  const middle =
    `SELECT ${[...keys.map(([k, sql]) => `${sql} AS ${k}`), ...exponents, ...others.map(([k, a]) => `${a.partial} AS _${k}_p`), ...partials.map((p) => p.sql)].join(', ')}` +
    ` FROM (SELECT *, ${row.join(', ')} FROM ${q.from}) GROUP BY ${groupBy.join(', ')}`;
  // Outer: one row per key, each term's partials folded by sumMap in the shape fromExactSum reads.
  const outer = [
    ...keys.map(([k]) => k),
    ...others.map(([k, a]) => `${a.total(`_${k}_p`)} AS ${k}`),
    ...sums.map(
      ([name]) =>
        `(groupArray(_${name}_e), ${partials
          .filter((p) => p.term === name)
          .map((p) => `groupArray(${p.column})`)
          .join(', ')}) AS ${name}`,
    ),
  ];
  const byKey =
    keys.length === 0 ? '' : ` GROUP BY ${keys.map(([k]) => k).join(', ')} ORDER BY ${keys.map(([k]) => k).join(', ')}`;
  return `SELECT ${outer.join(', ')} FROM (${middle})${byKey}`;
}

/** The partial sums of one term, in the order toGroups reads them: Σw, Σw·d0, Σw·d1 and, with squares, each product's sum and high sum. */
function toPartials(name: string, t: ExactTerm): { term: string; column: string; sql: string }[] {
  const w = t.weight === undefined ? null : `toUInt64(${t.weight})`;
  const parts = [
    w === null ? 'count()' : `sum(${w})`,
    ...['d0', 'd1'].map((d) => `sum(${w === null ? '' : `${w} * `}_${name}_${d})`),
  ];
  if (t.squares) {
    if (w !== null) throw new Error('Weighted squares are not summed here.');
    for (const p of ['p00', 'p01', 'p11']) parts.push(`sum(_${name}_${p})`, `sum(bitShiftRight(_${name}_${p}, 26))`);
  }
  return parts.map((p, i) => ({ term: name, column: `_${name}_s${i}`, sql: `${p} AS _${name}_s${i}` }));
}

/** The engine's JSON of a sumMap: a tuple of arrays (numbers or UInt64 text). */
function toColumns(value: unknown, parts: number): bigint[][] {
  const arrays = value as (string | number)[][];
  if (!Array.isArray(arrays) || arrays.length !== parts + 1) throw new Error('An exact sum came back malformed.');
  return arrays.map((a) => a.map((v) => BigInt(v)));
}

/** The exact Σp of products p < 2^52 from their sum modulo 2^64 and the sum of p >> 26 (exact). */
function toProduct(wrapped: bigint, high: bigint): bigint {
  const h = high << 26n;
  return h + BigInt.asUintN(64, wrapped - h);
}

/** The exponent groups of a sumMap row (values finite: the caller checks). */
function toGroups(value: unknown, parts: number): ExponentGroup[] {
  const [keys, weight, low, high, ...products] = toColumns(value, parts);
  return keys.map((key, i) => {
    const exponent = Number(key & 2047n),
      h = exponent === 0 ? 0n : HIDDEN,
      w = weight[i];
    const f = (high[i] << 26n) + low[i];
    let squares = 0n;
    if (products.length > 0) {
      const [m00, h00, m01, h01, m11, h11] = products;
      const f2 = toProduct(m00[i], h00[i]) + (toProduct(m01[i], h01[i]) << 27n) + (toProduct(m11[i], h11[i]) << 52n);
      squares = f2 + 2n * h * f + w * h * h;
    }
    return { negative: key >> 11n === 1n, exponent, count: 0, mantissas: f + w * h, squares };
  });
}

/**
 * The exact totals of finite groups in units of their smallest scale, 2^(min max(E, 1) − 1075), not
 * of 2^−1074 as toTotalsOfGroups gives them: the same values in integers of a few dozen bits rather
 * than a thousand, which the one rounding divides a hundred times faster (50,000 cells a grid).
 */
function toTotals(groups: ExponentGroup[]): ExactTotals {
  if (groups.length === 0 || groups.some((g) => g.exponent === 2047)) return toTotalsOfGroups(groups);
  const base = Math.min(...groups.map((g) => Math.max(g.exponent, 1)));
  const totals: ExactTotals = { sum: 0n, squares: 0n, exp: base - 1075, nan: 0, posInf: 0, negInf: 0 };
  for (const g of groups) {
    const shift = BigInt(Math.max(g.exponent, 1) - base);
    totals.sum += (g.negative ? -g.mantissas : g.mantissas) << shift;
    totals.squares += g.squares << (2n * shift);
  }
  return totals;
}

/** The exact Σ weight·x of an exactSumSql value (its `squares` 0). */
export function fromExactSum(value: unknown): ExactTotals {
  return toTotals(toGroups(value, 3));
}

/** The Σ weight (the row count for a plain sum) of an exactSumsSql value. */
export function toWeight(value: unknown): bigint {
  return toColumns(value, 3)[1].reduce((a, w) => a + w, 0n);
}

/** The exact Σx and Σx² of an exactMomentsSql value. */
export function fromExactMoments(value: unknown): ExactTotals {
  return toTotals(toGroups(value, 9));
}

/** The population variance M₂/n = (n·Σx² − (Σx)²) / n² of n values, rounded once (API.md §7 step 1, §8). */
export function toPopulationVariance(n: bigint, t: ExactTotals): number {
  return roundRatio(n * t.squares - t.sum * t.sum, n * n, 2 * t.exp);
}

/** Σ / den rounded once (a mean: den the count or the total weight). */
export function toMean(t: ExactTotals, den: bigint): number {
  return roundRatio(t.sum, den, t.exp);
}
