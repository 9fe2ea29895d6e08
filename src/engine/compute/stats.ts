// Stats computed by the engine (API.md §8, §14): counts, extremes, exact sums by an integer decomposition of the values, exact order statistics by selection; a few rows back whatever the table's size.
import {
  bitsToDouble,
  type ExponentGroup,
  toMoments,
  toTotalsOfGroups,
  isLargeInteger,
} from '../../common/exact-round.ts';
import { QUANTILES, quantileCont, toEmptyStats, toNumberOrText } from '../../common/stats-shape.ts';
import type { EngineQuery, EngineRow } from '../../contract/engine.ts';
import type { InternalType } from '../../contract/model.ts';
import { storageOf } from '../../contract/storage.ts';
import type { StatsResult } from '../../contract/tasks.ts';
import { QUANTILES_EXACT_UP_TO, readOrderStatistics, toBitsSql } from './order-stats.ts';

/**
 * The rows a stats answer reads: `from` (a table or a join), the rows kept by `where` (a SQL
 * condition), the value `column` (a SQL expression of the column), of logical `type`; `finish`
 * adds a statement's settings.
 */
export type StatsSource = {
  from: string;
  where: string;
  column: string;
  type: InternalType;
  finish?: (sql: string) => string;
};

/**
 * How query 1 splits a group's integers into digits (see statsSql): a double's 52-bit fraction in
 * two digits of 26 bits, a 64-bit integer's magnitude (≤ 2^63) in three of 22. A digit, and the
 * high part (p >> width) of a product p of two digits, is below 2^26 (2^22), so their sums stay
 * below 2^60 up to 2^34 (1.7·10^10) rows; the product's own sum wraps modulo 2^64, and its low
 * part Σ(p mod 2^width), below 2^60 too, is that sum minus 2^width times the high part's, modulo 2^64.
 */
const DIGITS = { float: { width: 26, count: 2 }, i64: { width: 22, count: 3 } } as const;
/** Query 1's group key of the null rows: beyond every sign and exponent (a double's 12 bits; an integer's sign). */
const NULLS = { float: 4096, i64: 2 } as const;

/**
 * count, null_count, distinct, min, max and, for numbers, sum, mean, stddev and quantiles, as
 * workers/stats.ts gives them over the same rows, byte for byte. Why this way (API.md §14: what
 * crosses the wire is bounded by the answer): two aggregate queries, none returning more than one
 * row per sign and exponent of the values:
 * 1. the kept rows grouped by the sign and exponent field of each double's bits b (b >> 52, of
 *    x + 0 so that −0 is +0; 64-bit integers by sign), the null rows as one more group: per group
 *    count(), the fraction f (b's low 52 bits) summed as digits and f² as the digits' products
 *    (DIGITS: integer sums that cannot overflow a UInt64 at 10^10 rows), and the bitwise OR of f
 *    (whether every value is whole). Sorrel adds the group's hidden bit, rebuilds Σx and Σx²
 *    exactly (src/common/exact-round.ts) and rounds once (§8);
 * 2. once n is known, over the non-null rows: `uniqExact`, min and max (doubles as their bits: the
 *    JSON text of a double is not read back exactly by every client), and the values at the two
 *    ranks around (n − 1)·p of each quantile, interpolated here as the workers interpolate: from
 *    `quantilesExact` up to QUANTILES_EXACT_UP_TO values, else selected by their order keys from
 *    query 1's counts per sign and exponent (./order-stats.ts: rounds of grouped counts).
 * The distinct count, min and max sit in query 2 and not in query 1's groups: a `uniqExact` per
 * group costs the engine more CPU than one over all rows (bench/engine/README.md). Dates and
 * datetimes have no sums or quantiles: one query.
 */
export async function statsSql(
  query: EngineQuery,
  src: StatsSource,
  signal?: AbortSignal,
  exactUpTo = QUANTILES_EXACT_UP_TO,
): Promise<StatsResult> {
  const kind = toKind(src.type);
  const finish = src.finish ?? ((s: string) => s);
  const run = (sql: string) => query(finish(sql), signal);
  // `value` over the kept non-null rows (query 2), `nullable` where aggregates skip the nulls
  const value = toValueSql(`assumeNotNull(${src.column})`, kind),
    nullable = toValueSql(src.column, kind);
  const from = `FROM ${src.from} WHERE (${src.where})`;
  const kept = `${from} AND isNotNull(${src.column})`;
  const distinctOf = (v: string) => (kind === 'float' ? `${v} + 0` : v); // −0 and +0 are one value, as in memory
  const extreme = (f: string, v: string) => (kind === 'float' ? toBitsSql(`${f}(${v})`) : `${f}(${v})`);
  const head = `uniqExact(${distinctOf(value)}) AS _s_d, ${extreme('min', value)} AS _s_lo, ${extreme('max', value)} AS _s_hi`;
  if (kind !== 'float' && kind !== 'i64') {
    const [row] = await run(
      `SELECT count() AS _s_rows, count(${src.column}) AS _s_n, uniqExact(${distinctOf(nullable)}) AS _s_d, ${extreme('min', nullable)} AS _s_lo, ${extreme('max', nullable)} AS _s_hi ${from}`,
    );
    const n = Number(row._s_n);
    const result = toEmptyStats(n, Number(row._s_rows) - n, Number(row._s_d), false);
    if (n > 0) [result.min, result.max] = [fromEngine(row._s_lo, kind), fromEngine(row._s_hi, kind)];
    return result;
  }
  const rows = await run(toGroupedSql(kind, src.column, from));
  const nulls = rows.filter((r) => Number(r._s_g) === NULLS[kind]),
    groups = rows.filter((r) => Number(r._s_g) !== NULLS[kind]).map((r) => toGroup(r, kind));
  const n = groups.reduce((a, g) => a + g.count, 0);
  const result = toEmptyStats(
    n,
    nulls.reduce((a, r) => a + Number(r._s_c), 0),
    0,
    true,
  );
  if (n === 0) return result;
  const ranks = [...new Set(QUANTILES.flatMap(([, p]) => [Math.floor((n - 1) * p), Math.ceil((n - 1) * p)]))];
  const counted = rows
    .filter((r) => Number(r._s_g) !== NULLS[kind])
    .map((r): [number, number] => [Number(r._s_g), Number(r._s_c)]);
  const { row, at } = await readOrderStatistics(run, { kind, value, kept, head, n, ranks, counted }, exactUpTo);
  result.distinct = Number(row._s_d);
  [result.min, result.max] = [fromEngine(row._s_lo, kind), fromEngine(row._s_hi, kind)];
  const totals = toTotalsOfGroups(groups);
  if (kind === 'i64') totals.exp = 0;
  // A float column's sum prints as an integer's when every value is whole within ±2^53 (workers/moments.ts).
  const integer = kind === 'i64' || (isLargeInteger(totals) && groups.every((g) => isWhole(g.exponent, g.or)));
  Object.assign(result, toMoments(totals, n, integer));
  const q = result.quantiles!;
  for (const [key, p] of QUANTILES) {
    const lo = Math.floor((n - 1) * p),
      hi = Math.ceil((n - 1) * p);
    q[key] = quantileCont({ length: n, [lo]: at.get(lo), [hi]: at.get(hi) } as never, p);
  }
  return result;
}

type Kind = 'float' | 'i64' | 'date' | 'datetime' | 'time';

function toKind(type: InternalType): Kind {
  if (type === 'date' || type === 'datetime' || type === 'time') return type;
  const storage = storageOf(type); // the storage units of src/contract/storage.ts
  if (storage === 'i64') return 'i64';
  if (storage === 'f64') return 'float'; // integer, float, decimal, key
  throw new Error(`Stats do not apply to a ${type} column.`);
}

/** The value of a column expression in storage units (a datetime in seconds). */
function toValueSql(column: string, kind: Kind): string {
  switch (kind) {
    case 'i64':
      return column;
    case 'date':
      return `toUInt16(${column})`;
    case 'datetime':
      return `toUInt32(${column})`;
    default:
      return `toFloat64(${column})`;
  }
}

/** Query 1 (see statsSql): one row per sign and exponent of the rows kept by `from`, and one for its null rows. */
function toGroupedSql(kind: 'float' | 'i64', column: string, from: string): string {
  const { width, count } = DIGITS[kind];
  const v = `assumeNotNull(${column})`;
  const head =
    kind === 'float'
      ? [
          `${toBitsSql(`toFloat64(${v}) + 0`)} AS _s_b`,
          `if(isNull(${column}), ${NULLS.float}, bitShiftRight(_s_b, 52)) AS _s_g`,
          `bitAnd(_s_b, 4503599627370495) AS _s_u`, // the fraction, 2^52 − 1
        ]
      : [
          `toUInt64(${v}) AS _s_w`,
          `${v} < 0 AS _s_neg`,
          `if(isNull(${column}), ${NULLS.i64}, _s_neg) AS _s_g`,
          `if(_s_neg, bitNot(_s_w) + 1, _s_w) AS _s_u`, // |x| ≤ 2^63
        ];
  const mask = 2 ** width - 1;
  const digits = Array.from({ length: count }, (_, i) =>
    i === 0 ? `bitAnd(_s_u, ${mask}) AS _s_d0` : `bitAnd(bitShiftRight(_s_u, ${width * i}), ${mask}) AS _s_d${i}`,
  );
  const products = pairs(count).map(([i, j]) => `_s_d${i} * _s_d${j} AS _s_p${i}${j}`);
  const sums = [
    ...Array.from({ length: count }, (_, i) => `sum(_s_d${i}) AS _s_t${i}`),
    ...pairs(count).flatMap(([i, j]) => [
      `sum(_s_p${i}${j}) AS _s_m${i}${j}`,
      `sum(bitShiftRight(_s_p${i}${j}, ${width})) AS _s_h${i}${j}`,
    ]),
    ...(kind === 'float' ? ['groupBitOr(_s_u) AS _s_o'] : []),
  ];
  return `WITH ${[...head, ...digits, ...products].join(', ')} SELECT _s_g, count() AS _s_c, ${sums.join(', ')} ${from} GROUP BY _s_g`;
}

/** The digit pairs i ≤ j whose products query 1 sums. */
function pairs(count: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) for (let j = i; j < count; j++) out.push([i, j]);
  return out;
}

/** A non-null group of query 1 and the OR of its fractions (a double's; 0n for integers). */
type Group = ExponentGroup & { or: bigint };

/**
 * One non-null row of query 1 as an exponent group: with digits dᵢ of width w, Σv = Σᵢ 2^wi·Σdᵢ and
 * Σv² = Σ_{i≤j} (2 if i < j) · 2^w(i+j) · Σdᵢdⱼ; a double's M = f + h (h = 2^52 unless subnormal) then
 * gives ΣM = Σf + c·h and ΣM² = Σf² + 2h·Σf + c·h².
 */
function toGroup(row: EngineRow, kind: 'float' | 'i64'): Group {
  const { width, count } = DIGITS[kind];
  const w = BigInt(width);
  let sum = 0n,
    squares = 0n;
  for (let i = 0; i < count; i++) sum += BigInt(row[`_s_t${i}`] as string) << (w * BigInt(i));
  for (const [i, j] of pairs(count)) {
    const high = BigInt(row[`_s_h${i}${j}`] as string) << w;
    const product = high + BigInt.asUintN(64, BigInt(row[`_s_m${i}${j}`] as string) - high);
    squares += (i === j ? product : 2n * product) << (w * BigInt(i + j));
  }
  const g = Number(row._s_g),
    c = Number(row._s_c);
  // A 64-bit integer is u·2^0: exponent field 1 makes toTotalsOfGroups shift by 0.
  if (kind === 'i64') return { negative: g === 1, exponent: 1, count: c, mantissas: sum, squares, or: 0n };
  const exponent = g & 2047,
    h = exponent === 0 ? 0n : 2n ** 52n,
    bc = BigInt(c);
  const mantissas = sum + bc * h;
  return {
    negative: g >= 2048,
    exponent,
    count: c,
    mantissas,
    squares: squares + 2n * h * sum + bc * h * h,
    or: BigInt(row._s_o as string),
  };
}

/**
 * Whether every double of a group (exponent field e, `or` the OR of its fractions) is whole within
 * ±2^53, as `x = floor(x) and |x| ≤ 2^53` asks: zeros only below 1, no fraction bit below the binary
 * point up to 2^53, and beyond only ±2^53 itself (e = 1076, fraction 0).
 */
function isWhole(exponent: number, or: bigint): boolean {
  if (exponent === 0) return or === 0n;
  if (exponent < 1023) return false;
  if (exponent <= 1075) return (or & ((1n << BigInt(1075 - exponent)) - 1n)) === 0n;
  return exponent === 1076 && or === 0n;
}

/** An extreme in storage units: a double from its bits, a 64-bit integer as number or text, a datetime in ms. */
function fromEngine(v: unknown, kind: Kind): number | string | null {
  if (v === null || v === undefined) return null;
  if (kind === 'i64') return toNumberOrText(BigInt(v as string));
  if (kind === 'float') return bitsToDouble(BigInt(v as string));
  return kind === 'datetime' ? Number(v) * 1000 : Number(v);
}
