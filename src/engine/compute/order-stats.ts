// Exact order statistics on the engine (API.md §8, §14): `quantilesExact` while its state is small, else radix selection (rounds of counts by key prefix, a bounded number of rows back, no per-row state in the engine).
import { bitsToDouble } from '../../common/exact-round.ts';
import type { EngineRow } from '../../contract/engine.ts';

/** Key bits each round splits a live prefix by: at most 2^13 = 8,192 groups back per rank still sought. */
const STEP = 13;

/**
 * Where the order statistics are read: `from` the kept non-null rows (`FROM … WHERE …`), `key` the
 * SQL of a row's UInt64 order key (ascending keys are ascending values), and what the caller knows
 * already: the count of kept rows under each top-`bits` prefix of the key (query 1's groups).
 */
export type OrderSource = { from: string; key: string; bits: number; counts: ReadonlyMap<bigint, number> };

/** What is known of one sought rank: its key starts with `prefix` (of `bits` bits), at `rank` among the keys under it. */
type Sought = { rank: number; prefix: bigint; bits: number; at: number };

/**
 * The order keys at the given 0-based `ranks` among the kept rows, exactly. Why not `quantilesExact`:
 * it holds every value of every shard in the engine's memory (4 GB a shard at 1B rows), past the
 * per-query limit; a selection reads the column once per round and keeps one counter per group.
 * Each round groups the rows under the live prefixes by their next STEP key bits, with the count
 * and the least and greatest key of each group:
 *   WITH <key> AS k SELECT k >> (64 − b − STEP) AS p, count(), min(k), max(k) FROM … AND
 *     k >> (64 − b) IN (<live prefixes>) GROUP BY p
 * and a rank whose group holds one key only (min = max) is found. Rounds stop there or at 64 bits:
 * at most ⌈(64 − bits) / STEP⌉, usually one or two (a group rarely holds two values once narrowed).
 */
export async function orderStatistics(
  run: (sql: string) => Promise<EngineRow[]>,
  src: OrderSource,
  ranks: readonly number[],
): Promise<Map<number, bigint>> {
  const found = new Map<number, bigint>();
  let sought = ranks.map((rank) => locate(rank, src.counts, src.bits));
  while (sought.length) {
    const bits = sought[0].bits;
    const step = Math.min(STEP, 64 - bits);
    const live = [...new Set(sought.map((s) => s.prefix))];
    const rows = await run(
      `WITH ${src.key} AS _o_k SELECT toString(bitShiftRight(_o_k, ${64 - bits - step})) AS _o_p, count() AS _o_c,` +
        ` toString(min(_o_k)) AS _o_lo, toString(max(_o_k)) AS _o_hi ${src.from}` +
        ` AND bitShiftRight(_o_k, ${64 - bits}) IN (${live.join(', ')}) GROUP BY _o_p`,
    );
    const groups = rows
      .map((r) => ({
        p: BigInt(r._o_p as string),
        c: Number(r._o_c),
        lo: BigInt(r._o_lo as string),
        hi: BigInt(r._o_hi as string),
      }))
      .sort((a, b) => ascending(a.p, b.p));
    const next: Sought[] = [];
    for (const s of sought) {
      // The groups under this prefix, in key order: the one holding the rank, and the rank within it.
      let at = s.at;
      let g: (typeof groups)[number] | undefined;
      for (const x of groups) {
        if (x.p >> BigInt(step) !== s.prefix) continue;
        if (at < x.c) {
          g = x;
          break;
        }
        at -= x.c;
      }
      if (!g) throw new Error(`Order statistic ${s.rank} is not among the engine's rows (did the table change?).`);
      if (g.lo === g.hi) found.set(s.rank, g.lo);
      else next.push({ rank: s.rank, prefix: g.p, bits: bits + step, at });
    }
    sought = next;
  }
  return found;
}

/** Ascending order of bigints (keys and prefixes). */
const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** The top-`bits` prefix holding a rank, from the counts per prefix, and the rank among its keys. */
function locate(rank: number, counts: ReadonlyMap<bigint, number>, bits: number): Sought {
  let at = rank;
  for (const prefix of [...counts.keys()].sort(ascending)) {
    const c = counts.get(prefix)!;
    if (at < c) return { rank, prefix, bits, at };
    at -= c;
  }
  throw new Error(`Order statistic ${rank} is beyond the ${rank - at} rows counted.`);
}

/**
 * Up to this many kept values, the order statistics come from `quantilesExact` in query 2 (its
 * state, every value at 8 bytes, is at most 1 GiB on the initiator); beyond, by selection
 * (orderStatistics), whose engine memory does not grow with the rows. Why both: selection reads
 * the column twice more (100M rows, `grade < 10`: 10.3 s against 8.4 s), and `quantilesExact`
 * passed a 2 GB per-query limit at 1B rows (ClickHouse error 241). Both give the same values.
 */
export const QUANTILES_EXACT_UP_TO = 2 ** 27;

/** What a stats answer (./stats.ts) knows once query 1 has answered: see readOrderStatistics. */
export type OrderQuery = {
  kind: 'float' | 'i64';
  value: string; // SQL of a kept row's value
  kept: string; // FROM … WHERE … of the kept non-null rows
  head: string; // query 2's aggregates (distinct count, extremes)
  n: number;
  ranks: number[];
  counted: [g: number, count: number][]; // query 1's non-null groups
};

/**
 * Query 2's row (`head`) and the values at `ranks`: up to `exactUpTo` kept values from
 * `quantilesExact` beside `head` in one query (quantileExact(l) gives the element at ⌊l·n⌋, so
 * l = (rank + ½)/n), else `head` alone and then orderStatistics. One after the other: side by side,
 * the two scans took 1.3× their sum on two cores (100M rows).
 */
export async function readOrderStatistics(
  run: (sql: string) => Promise<EngineRow[]>,
  q: OrderQuery,
  exactUpTo: number,
): Promise<{ row: EngineRow; at: Map<number, number | bigint> }> {
  if (q.n <= exactUpTo) {
    const levels = q.ranks.map((r) => String((r + 0.5) / q.n)).join(', ');
    const exact = `quantilesExact(${levels})(${q.value})`;
    const values = q.kind === 'float' ? `arrayMap(_s_q -> ${toBitsSql('_s_q')}, ${exact})` : exact;
    const [row] = await run(`SELECT ${q.head}, ${values} AS _s_qs ${q.kept}`);
    const qs = row._s_qs as string[];
    return { row, at: new Map(q.ranks.map((r, i) => [r, fromOrderKey(BigInt(qs[i]), q.kind, false)])) };
  }
  const [row] = await run(`SELECT ${q.head} ${q.kept}`);
  const keys = await orderStatistics(run, toOrderSource(q.kind, q.value, q.kept, q.counted), q.ranks);
  return { row, at: new Map([...keys].map(([r, k]) => [r, fromOrderKey(k, q.kind)])) };
}

/**
 * The order source of a stats answer (./stats.ts): the kept values `value` (SQL) of a float or
 * 64-bit integer column `from` its kept rows, with query 1's count per group g (a double's sign and
 * exponent field; an integer's sign, 1 when negative).
 */
export function toOrderSource(
  kind: 'float' | 'i64',
  value: string,
  from: string,
  groups: [g: number, count: number][],
): OrderSource {
  const float = kind === 'float';
  const counts = new Map(groups.map(([g, c]) => [float ? toFloatKeyPrefix(g) : BigInt(1 - g), c]));
  const key = float ? toFloatKeySql(toBitsSql(`${value} + 0`)) : toIntegerKeySql(`toUInt64(${value})`);
  return { from, key, bits: float ? 12 : 1, counts };
}

/**
 * The value of an order key (`keyed`), or of a value's own 64 bits (a double's bits, an integer):
 * a double, or a 64-bit integer as a bigint (what quantileCont reads).
 */
export function fromOrderKey(k: bigint, kind: 'float' | 'i64', keyed = true): number | bigint {
  if (kind === 'float') return bitsToDouble(keyed ? fromFloatKey(k) : k);
  return keyed ? fromIntegerKey(k) : k;
}

/** A double's 64 bits as a UInt64 (18.16 reinterprets a Float64 only through its bytes). */
export const toBitsSql = (x: string) => `reinterpretAsUInt64(reinterpretAsString(${x}))`;

/** 2^63: the sign bit of a 64-bit key. */
const TOP = 2n ** 63n;

/**
 * The order key of a double's bits b (of x + 0, so −0 is +0): b with its sign bit set when
 * positive, all bits flipped when negative, so keys ascend as values do; as SQL over `bits`.
 */
export function toFloatKeySql(bits: string): string {
  return `if(${bits} >= ${TOP}, bitNot(${bits}), bitOr(${bits}, ${TOP}))`;
}

/** The double of a float order key (toFloatKeySql's inverse), as its 64 bits. */
export function fromFloatKey(k: bigint): bigint {
  return k >= TOP ? k ^ TOP : BigInt.asUintN(64, ~k);
}

/** The top 12 bits of a float order key for query 1's group g = b >> 52 (sign and exponent field). */
export function toFloatKeyPrefix(g: number): bigint {
  return BigInt(g < 2048 ? g + 2048 : 4095 - g);
}

/** The order key of a 64-bit integer v (two's complement as UInt64 `wrapped`): its sign bit flipped; as SQL. */
export function toIntegerKeySql(wrapped: string): string {
  return `bitXor(${wrapped}, ${TOP})`;
}

/** The integer of an integer order key (toIntegerKeySql's inverse). */
export function fromIntegerKey(k: bigint): bigint {
  return BigInt.asIntN(64, k ^ TOP);
}
