// Stats computed by the engine (API.md §8, §14): counts, extremes, exact sums by an integer decomposition of the values, exact order statistics; a few rows back whatever the table's size.
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

/** Digits of 11 bits: a product of two is < 2^22, a row's coefficient < 2^25, so 10^10 rows sum below 2^59 in a UInt64. */
const DIGIT = 11;

/**
 * count, null_count, distinct, min, max and, for numbers, sum, mean, stddev and quantiles, as
 * workers/stats.ts gives them over the same rows, byte for byte. Why this way (API.md §14: what
 * crosses the wire is bounded by the answer): three aggregate queries, none returning more than
 * one row per sign and exponent of the values:
 * 1. counts, `uniqExact`, min and max (doubles as their bits: the JSON text of a double is not
 *    read back exactly by every client);
 * 2. each double as its bits b, grouped by sign and exponent field (b >> 52), the 53-bit integer
 *    significand u summed as five 11-bit digits, and u² as the nine sums Σ_{i+j=k} dᵢdⱼ: all
 *    integer sums that cannot overflow a UInt64 at 10^10 rows. Sorrel rebuilds Σx and Σx²
 *    exactly (src/common/exact-round.ts) and rounds once (§8). 64-bit integers are grouped by
 *    sign, |x| in six digits;
 * 3. `quantilesExact` at the two ranks around (n − 1)·p of each quantile (its level l gives the
 *    element at ⌊l·n⌋, so l = (rank + ½)/n), interpolated here as the workers interpolate.
 */
export async function statsSql(query: EngineQuery, src: StatsSource, signal?: AbortSignal): Promise<StatsResult> {
  const kind = toKind(src.type);
  const finish = src.finish ?? ((s: string) => s);
  const run = (sql: string) => query(finish(sql), signal);
  // `value` over the kept non-null rows (queries 2 and 3); `nullable` where aggregates skip the nulls (query 1)
  const value = toValueSql(`assumeNotNull(${src.column})`, kind),
    nullable = toValueSql(src.column, kind);
  const from = `FROM ${src.from} WHERE (${src.where})`;
  const kept = `${from} AND isNotNull(${src.column})`;
  const distinctOf = kind === 'float' ? `${nullable} + 0` : nullable; // −0 and +0 are one value, as in memory
  const extreme = (f: string) => (kind === 'float' ? toBitsSql(`${f}(${nullable})`) : `${f}(${nullable})`);
  const numeric = kind === 'float' || kind === 'i64';
  const [[head], groups] = await Promise.all([
    run(
      `SELECT count() AS _s_rows, count(${src.column}) AS _s_n, uniqExact(${distinctOf}) AS _s_d, ${extreme('min')} AS _s_lo, ${extreme('max')} AS _s_hi ${from}`,
    ),
    numeric ? run(toDecompositionSql(kind, value, kept)) : Promise.resolve([]),
  ]);
  const n = Number(head._s_n);
  const result = toEmptyStats(n, Number(head._s_rows) - n, Number(head._s_d), numeric);
  if (n === 0) return result;
  result.min = fromEngine(head._s_lo, kind) as number | string;
  result.max = fromEngine(head._s_hi, kind) as number | string;
  if (!numeric) return result;
  const totals = toTotalsOfGroups(groups.map((g) => toGroup(g, kind)));
  if (kind === 'i64') totals.exp = 0;
  // A float column's sum prints as an integer's when every value is whole within ±2^53 (workers/moments.ts).
  const integer =
    kind === 'i64' ||
    (isLargeInteger(totals) &&
      Number(
        (
          await run(
            `SELECT count() AS _s_c ${kept} AND (${value} != floor(${value}) OR abs(${value}) > 9007199254740992)`,
          )
        )[0]._s_c,
      ) === 0);
  Object.assign(result, toMoments(totals, n, integer));
  const ranks = [...new Set(QUANTILES.flatMap(([, p]) => [Math.floor((n - 1) * p), Math.ceil((n - 1) * p)]))];
  const levels = ranks.map((r) => String((r + 0.5) / n)).join(', ');
  const statistics =
    kind === 'float'
      ? `arrayMap(_s_q -> ${toBitsSql('_s_q')}, quantilesExact(${levels})(${value}))`
      : `quantilesExact(${levels})(${value})`;
  const [{ _s_qs }] = await run(`SELECT ${statistics} AS _s_qs ${kept}`);
  const at = new Map(ranks.map((r, i) => [r, toOrderValue((_s_qs as unknown[])[i], kind)]));
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

/** A double's 64 bits as a UInt64 (18.16 reinterprets a Float64 only through its bytes). */
const toBitsSql = (x: string) => `reinterpretAsUInt64(reinterpretAsString(${x}))`;

/** The grouped digit sums of query 2 (see statsSql). */
function toDecompositionSql(kind: 'float' | 'i64', value: string, kept: string): string {
  const digits = kind === 'float' ? 5 : 6;
  const head =
    kind === 'float'
      ? `${toBitsSql(value)} AS _s_b, bitShiftRight(_s_b, 52) AS _s_g, bitOr(bitAnd(_s_b, 4503599627370495), if(bitAnd(_s_g, 2047) = 0, 0, 4503599627370496)) AS _s_u`
      : `toUInt64(${value}) AS _s_w, ${value} < 0 AS _s_g, if(_s_g, bitNot(_s_w) + 1, _s_w) AS _s_u`;
  const d = Array.from({ length: digits }, (_, i) => `bitAnd(bitShiftRight(_s_u, ${DIGIT * i}), 2047) AS _s_d${i}`);
  const sums = Array.from({ length: digits }, (_, i) => `sum(_s_d${i}) AS _s_t${i}`);
  const squares = Array.from({ length: 2 * digits - 1 }, (_, k) => {
    const terms: string[] = [];
    for (let i = Math.max(0, k - digits + 1); 2 * i <= k; i++)
      terms.push(2 * i === k ? `_s_d${i} * _s_d${i}` : `2 * _s_d${i} * _s_d${k - i}`);
    return `sum(${terms.join(' + ')}) AS _s_s${k}`;
  });
  return `WITH ${[head, ...d].join(', ')} SELECT _s_g, count() AS _s_c, ${[...sums, ...squares].join(', ')} ${kept} GROUP BY _s_g`;
}

/** One row of query 2 as an exponent group: Σu = Σᵢ 2^11i·tᵢ, Σu² = Σₖ 2^11k·sₖ. */
function toGroup(row: EngineRow, kind: 'float' | 'i64'): ExponentGroup {
  const digits = kind === 'float' ? 5 : 6;
  let mantissas = 0n,
    squares = 0n;
  for (let i = 0; i < digits; i++) mantissas += BigInt(row[`_s_t${i}`] as string) << BigInt(DIGIT * i);
  for (let k = 0; k < 2 * digits - 1; k++) squares += BigInt(row[`_s_s${k}`] as string) << BigInt(DIGIT * k);
  const g = Number(row._s_g);
  // A 64-bit integer is u·2^0: exponent field 1 makes toTotalsOfGroups shift by 0.
  return kind === 'float'
    ? { negative: g >= 2048, exponent: g & 2047, count: Number(row._s_c), mantissas, squares }
    : { negative: g === 1, exponent: 1, count: Number(row._s_c), mantissas, squares };
}

/** An extreme of query 1 in storage units: a double from its bits, a 64-bit integer as number or text, a datetime in ms. */
function fromEngine(v: unknown, kind: Kind): number | string | null {
  if (v === null || v === undefined) return null;
  if (kind === 'i64') return toNumberOrText(BigInt(v as string));
  if (kind === 'float') return bitsToDouble(BigInt(v as string));
  return kind === 'datetime' ? Number(v) * 1000 : Number(v);
}

/** An order statistic as quantileCont reads it: a double, or a 64-bit integer as a bigint. */
function toOrderValue(v: unknown, kind: Kind): number | bigint {
  return kind === 'i64' ? BigInt(v as string) : bitsToDouble(BigInt(v as string));
}
