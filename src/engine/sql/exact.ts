// Exact sums of doubles on the engine (API.md §8 "correctly rounded"): each double split into integers the engine sums without loss, finished here with BigInt.
import { type ExponentGroup, roundRatio, toTotalsOfGroups } from '../../common/exact-round.ts';
import type { ExactTotals } from '../../common/exact-sum.ts';

//
// A finite double is (−1)^sign · m · 2^(e − 1075) with m < 2^53 (e the biased exponent field; for
// e = 0 the scale is 2^−1074 and m the fraction). The engine reads the bits
// (`reinterpretAsUInt64(reinterpretAsString(x))`: 18.16 refuses to reinterpret a Float64 directly),
// groups the rows by sign and exponent and sums the mantissa in parts small enough never to
// overflow a UInt64:
// - a sum Σ wᵢ·xᵢ (w a count ≥ 1, 1 for a plain sum): m in two parts of 27 and 26 bits, so each
//   part's sum is below Σw · 2^27, exact up to 2^37 rows;
// - with Σ xᵢ² beside it: m in four parts of 14 bits, m² as seven partial products of at most
//   four 28-bit terms each (< 2^30), exact up to 2^34 groups.
// Sorrel then adds the parts exactly (src/common/exact-round.ts) and rounds once.
//
// Why a subquery grouped by exponent (exactSumsSql) and not `sumMap` over the rows: sumMap builds
// arrays for every row, which made the grid's rounds cost more than counting the groups did; a
// GROUP BY on the exponents (a few dozen keys) sums plain columns, and a sumMap over those few rows
// gives each sum the same shape as before. The sums are integers, so any grouping adds up to the
// same bits.

const FRACTION = '4503599627370495'; // 2^52 − 1
const HIDDEN = '4503599627370496'; // 2^52

/** The engine's UInt64 bits of a Float64 expression. */
function bits(x: string): string {
  return `reinterpretAsUInt64(reinterpretAsString(toFloat64(${x})))`;
}

/** The 53-bit integer mantissa of a double's bits `b` (the hidden bit added unless subnormal). */
function mantissa(b: string): string {
  return `if(bitAnd(bitShiftRight(${b}, 52), 2047) = 0, bitAnd(${b}, ${FRACTION}), bitAnd(${b}, ${FRACTION}) + ${HIDDEN})`;
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
  // Innermost: each term's bits and mantissa beside the table's columns.
  const row = sums.map(([name, t]) => `${bits(t.x)} AS _${name}_b, ${mantissa(`_${name}_b`)} AS _${name}_m`);
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
        `sumMap([_${name}_e], ${partials
          .filter((p) => p.term === name)
          .map((p) => `[${p.column}]`)
          .join(', ')}) AS ${name}`,
    ),
  ];
  const byKey =
    keys.length === 0 ? '' : ` GROUP BY ${keys.map(([k]) => k).join(', ')} ORDER BY ${keys.map(([k]) => k).join(', ')}`;
  return `SELECT ${outer.join(', ')} FROM (${middle})${byKey}`;
}

/** The partial sums of one term, in the order fromExactSum / fromExactMoments read them. */
function toPartials(name: string, t: ExactTerm): { term: string; column: string; sql: string }[] {
  const m = `_${name}_m`;
  const w = t.weight === undefined ? '' : `toUInt64(${t.weight}) * `;
  const parts = [`${w}bitShiftRight(${m}, 26)`, `${w}bitAnd(${m}, 67108863)`];
  if (t.squares) {
    if (t.weight !== undefined) throw new Error('Weighted squares are not summed here.');
    const part = (i: number) => `bitAnd(bitShiftRight(${m}, ${14 * i}), 16383)`;
    for (let k = 0; k <= 6; k++) {
      const terms: string[] = [];
      for (let i = 0; i <= 3; i++) {
        const j = k - i;
        if (j >= 0 && j <= 3) terms.push(`${part(i)} * ${part(j)}`);
      }
      parts.push(terms.join(' + '));
    }
  }
  return parts.map((p, i) => ({ term: name, column: `_${name}_s${i}`, sql: `sum(${p}) AS _${name}_s${i}` }));
}

/** The engine's JSON of a sumMap: a tuple of arrays (numbers or UInt64 text). */
function toColumns(value: unknown, parts: number): bigint[][] {
  const arrays = value as (string | number)[][];
  if (!Array.isArray(arrays) || arrays.length !== parts + 1) throw new Error('An exact sum came back malformed.');
  return arrays.map((a) => a.map((v) => BigInt(v)));
}

/** The exponent groups of a sumMap row (values finite: the caller checks). */
function toGroups(value: unknown, parts: number): ExponentGroup[] {
  const [keys, high, low, ...products] = toColumns(value, parts);
  return keys.map((key, i) => {
    let squares = 0n;
    for (let k = 0; k < products.length; k++) squares += products[k][i] << BigInt(14 * k);
    return {
      negative: key >> 11n === 1n,
      exponent: Number(key & 2047n),
      count: 0,
      mantissas: (high[i] << 26n) + low[i],
      squares,
    };
  });
}

/** The exact Σ weight·x of an exactSumSql value (its `squares` 0). */
export function fromExactSum(value: unknown): ExactTotals {
  return toTotalsOfGroups(toGroups(value, 2));
}

/** The exact Σx and Σx² of an exactMomentsSql value. */
export function fromExactMoments(value: unknown): ExactTotals {
  return toTotalsOfGroups(toGroups(value, 9));
}

/** The population variance M₂/n = (n·Σx² − (Σx)²) / n² of n values, rounded once (API.md §7 step 1, §8). */
export function toPopulationVariance(n: bigint, t: ExactTotals): number {
  return roundRatio(n * t.squares - t.sum * t.sum, n * n, 2 * t.exp);
}

/** Σ / den rounded once (a mean: den the count or the total weight). */
export function toMean(t: ExactTotals, den: bigint): number {
  return roundRatio(t.sum, den, t.exp);
}
