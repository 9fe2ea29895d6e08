// An engine table as Sorrel reads it: DESCRIBE TABLE → internal types (with the catalog's overrides), then one scan for its fingerprint and field summaries.
import type { EngineFingerprint, EngineQuery, EngineRow, EngineTable, ScannedSummary } from '../contract/engine.ts';
import { EngineUnavailableError } from '../contract/errors.ts';
import type { InternalType } from '../contract/model.ts';
import { toQueryId } from './client.ts';
import { toSqlString } from './sql/literal.ts';
import { type HashedColumn, quoteIdentifier, toFingerprint, toFingerprintSelect } from './fingerprint.ts';
import { fromEngine, toSqlValue, toValueKind, type ValueKind } from './sql/values.ts';
import { type EngineColumnType, toEngineColumnType, toInternalType } from './types.ts';

/** An engine table described: where it is, its readable columns' types and ClickHouse types, its fingerprint, the summaries it scanned. */
export type DescribedTable = {
  table: EngineTable;
  engineTypes: Record<string, string>;
  fingerprint: EngineFingerprint;
  summaries: Record<string, ScannedSummary>;
  /** The `checkAscii` text columns whose every value is ASCII: none has an accented value to read. */
  ascii: string[];
};

/**
 * What to describe: `used` names the columns the catalog reads (fields, labels, keys, links,
 * overrides); `summarised` those whose count, null count, min and max the same scan reads.
 */
export type DescribeRequest = {
  engine: string;
  database: string;
  table: string;
  overrides: Record<string, InternalType>;
  used: ReadonlySet<string>;
  summarised?: ReadonlySet<string>;
  /** Text columns the scan checks for a non-ASCII value (a pushed value search reads the accented ones). */
  checkAscii?: ReadonlySet<string>;
  /** Hears, every SCAN_PROGRESS_MS while the scan runs, the rows it read and the engine's estimate of all. */
  onScan?: (read: number, total: number) => void;
};

/** How often a describe reports how far its scan has read (one scan of 1B rows takes minutes). */
const SCAN_PROGRESS_MS = 2000;

/** A table Sorrel cannot read as asked: each message names the table, column and type (no `path: where:`). */
export class DescribeError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
  }
}

const MAX_EXACT = 2n ** 53n;
const I64_MAX = 2n ** 63n - 1n;

/**
 * Describes a table on its engine: types from DESCRIBE TABLE, then in one scan the ranges of
 * Int64/UInt64 and the longest string (to choose integer or biginteger, char or text as the file
 * loaders do), the fingerprint, and each summarised column's null count, min and max. Why one
 * scan: ClickHouse 18.16 adds each row to each aggregate, so the time is the scan plus the
 * aggregates, and separate summary queries each paid for the column's read and for `count(c)`
 * (100M rows over two shards on two cores: 4.9 s describe then 6.3 s of summaries, against 6.9 s
 * for the one scan; bench/engine-scale/README.md). A missing table or database, or a used column
 * of a type Sorrel cannot read, is a DescribeError; an engine that does not answer is
 * EngineUnavailableError.
 */
export async function describeTable(query: EngineQuery, req: DescribeRequest): Promise<DescribedTable> {
  const name = `${req.database}.${req.table}`;
  const from = `${quoteIdentifier(req.database)}.${quoteIdentifier(req.table)}`;
  let described: { name: string; type: string }[];
  try {
    described = (await query(`DESCRIBE TABLE ${from}`)) as { name: string; type: string }[];
  } catch (err) {
    const code = ((err as Error).cause as { code?: string } | undefined)?.code;
    if (err instanceof EngineUnavailableError && (code === '60' || code === '81'))
      throw new DescribeError([
        `table ${name} does not exist on engine "${req.engine}" (${code === '81' ? 'no such database' : 'no such table'}).`,
      ]);
    throw err;
  }
  const problems: string[] = [];
  const families = new Map(described.map((c) => [c.name, toEngineColumnType(c.type)]));
  const engineTypes: Record<string, string> = {};
  for (const c of described) {
    if (families.get(c.name)) engineTypes[c.name] = c.type;
    else if (req.used.has(c.name))
      problems.push(
        `column "${c.name}" of ${name} has ClickHouse type ${c.type}, which Sorrel cannot read (see docs/engines.md for the types it maps).`,
      );
  }
  // A used column that is not there is the catalog checker's problem (findColumnProblems, the tree check).
  // The facts that decide a default type and the fingerprint over every readable column: one scan.
  const hashed: HashedColumn[] = [...families]
    .filter(([, family]) => family)
    .map(([c]) => ({ name: c, engineType: engineTypes[c] }));
  const asks: string[] = [];
  const ask = (sql: string) => asks.push(sql) - 1;
  const ranges = new Map<string, [number, number]>(); // a column's min and max among the asks
  const nulls = new Map<string, number>();
  const lengths = new Map<string, number>(); // whether a string column holds a value longer than 255
  const accents = new Map<string, number>(); // whether a string column holds a value not ASCII
  for (const [col, family] of families) {
    if (!family) continue;
    const c = quoteIdentifier(col);
    // Every Int64/UInt64: its range decides integer or biginteger, and a UInt64 above 2^63 − 1 is refused.
    if (family.family === 'int64') ranges.set(col, [ask(`toString(min(${c}))`), ask(`toString(max(${c}))`)]);
    else if (family.family === 'string' && !req.overrides[col]) lengths.set(col, ask(`max(lengthUTF8(${c})) > 255`));
    // Bytes beyond characters: a non-ASCII character (the engine computes a lengthUTF8 the fact above asks for once).
    if (family.family === 'string' && req.checkAscii?.has(col))
      accents.set(col, ask(`max(length(${c}) != lengthUTF8(${c}))`));
    if (!req.summarised?.has(col)) continue;
    if (!ranges.has(col)) ranges.set(col, [ask(toScanSql(`min(${c})`, family)), ask(toScanSql(`max(${c})`, family))]);
    if (family.nullable) nulls.set(col, ask(`toString(countIf(isNull(${c})))`));
  }
  const scan = `SELECT ${[...asks.map((a, i) => `${a} AS sorrel_fact${i}`), toFingerprintSelect(hashed)].join(', ')} FROM ${from}`;
  const [row] = req.onScan
    ? await queryWatched(query, scan, toQueryId(req.engine), SCAN_PROGRESS_MS, req.onScan)
    : await query(scan);
  const facts = asks.map((_, i) => row?.[`sorrel_fact${i}`]);
  const columns: Record<string, InternalType> = {};
  for (const [col, family] of families) {
    if (!family) continue;
    const override = req.overrides[col] ?? null;
    let wide = false,
      long = false;
    if (family.family === 'int64') {
      // min/max of a column with only nulls are null: no value, so nothing is wide.
      const [lo, hi] = ranges.get(col)!.map((i) => toBigInt(facts[i]));
      wide = lo < -MAX_EXACT || hi > MAX_EXACT;
      if (hi > I64_MAX) {
        problems.push(
          `column "${col}" of ${name} holds ${hi}, above the signed 64-bit range of biginteger (${I64_MAX}); Sorrel cannot read it from an engine (a file's column may be read as internal_type float or char).`,
        );
        continue;
      }
    } else if (!override && family.family === 'string') long = Number(facts[lengths.get(col)!]) === 1;
    const t = toInternalType(family, override, { wide, long });
    if ('type' in t) columns[col] = t.type;
    else
      problems.push(
        `column "${col}" of ${name} has ClickHouse type ${engineTypes[col]}, which cannot be read as ${override}; use one of ${t.allowed.join(', ')}.`,
      );
  }
  if (problems.length) throw new DescribeError(problems);
  const fingerprint = toFingerprint(row);
  const rows = Number(fingerprint.rows);
  const summaries: Record<string, ScannedSummary> = {};
  for (const col of req.summarised ?? []) {
    const family = families.get(col);
    if (!family || !(col in columns)) continue;
    const null_count = nulls.has(col) ? Number(facts[nulls.get(col)!]) : 0;
    const count = rows - null_count;
    // min and max over no value are the type's default (0, '') or null: no value, so none.
    const [min, max] = ranges.get(col)!.map((i) => (count === 0 ? null : fromScan(facts[i], family, columns[col])));
    summaries[col] = { count, null_count, min, max };
  }
  return {
    table: { engine: req.engine, database: req.database, table: req.table, columns, rows },
    engineTypes,
    fingerprint,
    summaries,
    ascii: [...accents].filter(([col, i]) => col in columns && Number(facts[i]) === 0).map(([col]) => col),
  };
}

/**
 * The value kind a family's min and max are scanned in, before its internal type is known: an
 * Int64/UInt64's exact text (the range facts above), another number as Float64, a string as
 * itself, a date or datetime as its day or second number (src/engine/sql/values.ts toSqlValue).
 */
function toScanKind(family: EngineColumnType): ValueKind {
  if (family.family === 'int64') return 'i64';
  if (family.family === 'string') return 'dict';
  if (family.family === 'date' || family.family === 'datetime') return family.family;
  return 'f64';
}

/** The SQL of an aggregate's value in the family's scan kind. */
function toScanSql(aggregate: string, family: EngineColumnType): string {
  return toSqlValue(aggregate, toScanKind(family));
}

/**
 * A scanned min or max in the storage units of the column's internal type, as a summary query
 * gives it: the same value whatever the kind it was scanned in (an Int64 read as integer is its
 * text read as the nearest double, which is what the engine's toFloat64 gives; a byte read as
 * boolean is its number).
 */
function fromScan(v: unknown, family: EngineColumnType, type: InternalType): number | string | null {
  const value = fromEngine(v, toScanKind(family));
  return toValueKind(type) === 'i64' || typeof value !== 'string' || family.family !== 'int64' ? value : Number(value);
}

/**
 * Runs `sql` as query `id` and, every `everyMs` until it answers, tells `onProgress` the rows it
 * has read and the engine's estimate of all it will read (system.processes; a Distributed query's
 * entry there adds up every shard's). A failed poll skips one report and changes nothing else.
 */
export async function queryWatched(
  query: EngineQuery,
  sql: string,
  id: string,
  everyMs: number,
  onProgress: (read: number, total: number) => void,
): Promise<EngineRow[]> {
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    const [p] = await query(
      `SELECT toString(read_rows) AS r, toString(total_rows_approx) AS t FROM system.processes WHERE query_id = ${toSqlString(id)}`,
    ).catch(() => []);
    if (done) return;
    if (p) onProgress(Number(p.r), Number(p.t));
    timer = setTimeout(poll, everyMs);
  };
  timer = setTimeout(poll, everyMs);
  try {
    return await query(sql, undefined, { queryId: id });
  } finally {
    done = true;
    clearTimeout(timer);
  }
}

/** A min/max fact as a BigInt; 0 when the column holds no value (null). */
function toBigInt(fact: unknown): bigint {
  return fact === null || fact === undefined ? 0n : BigInt(String(fact));
}
