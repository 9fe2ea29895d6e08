// An engine table as Sorrel reads it: DESCRIBE TABLE → internal types (with the catalog's overrides), its fingerprint.
import type { EngineFingerprint, EngineQuery, EngineTable } from '../contract/engine.ts';
import { EngineUnavailableError } from '../contract/errors.ts';
import type { InternalType } from '../contract/model.ts';
import { type HashedColumn, quoteIdentifier, toFingerprint, toFingerprintSelect } from './fingerprint.ts';
import { toEngineColumnType, toInternalType } from './types.ts';

/** An engine table described: where it is, its readable columns' types and ClickHouse types, its fingerprint. */
export type DescribedTable = {
  table: EngineTable;
  engineTypes: Record<string, string>;
  fingerprint: EngineFingerprint;
};

/** What to describe: `used` names the columns the catalog reads (fields, labels, keys, links, overrides). */
export type DescribeRequest = {
  engine: string;
  database: string;
  table: string;
  overrides: Record<string, InternalType>;
  used: ReadonlySet<string>;
};

/** A table Sorrel cannot read as asked: each message names the table, column and type (no `path: where:`). */
export class DescribeError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
  }
}

const MAX_EXACT = 2n ** 53n;
const I64_MAX = 2n ** 63n - 1n;

/**
 * Describes a table on its engine: types from DESCRIBE TABLE, the ranges of Int64/UInt64 and the
 * longest string (to choose integer or biginteger, char or text as the file loaders do), then the
 * fingerprint. A missing table or database, or a used column of a type Sorrel cannot read, is a
 * DescribeError; an engine that does not answer is EngineUnavailableError.
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
  for (const [col, family] of families) {
    if (!family) continue;
    const c = quoteIdentifier(col);
    // Every Int64/UInt64: its range decides integer or biginteger, and a UInt64 above 2^63 − 1 is refused.
    if (family.family === 'int64') asks.push(`toString(min(${c}))`, `toString(max(${c}))`);
    else if (family.family === 'string' && !req.overrides[col]) asks.push(`max(lengthUTF8(${c})) > 255`);
  }
  const [row] = await query(
    `SELECT ${[...asks.map((a, i) => `${a} AS sorrel_fact${i}`), toFingerprintSelect(hashed)].join(', ')} FROM ${from}`,
  );
  const facts = asks.map((_, i) => row?.[`sorrel_fact${i}`]);
  let at = 0;
  const columns: Record<string, InternalType> = {};
  for (const [col, family] of families) {
    if (!family) continue;
    const override = req.overrides[col] ?? null;
    let wide = false,
      long = false;
    if (family.family === 'int64') {
      // min/max of a column with only nulls are null: no value, so nothing is wide.
      const [lo, hi] = [toBigInt(facts[at++]), toBigInt(facts[at++])];
      wide = lo < -MAX_EXACT || hi > MAX_EXACT;
      if (hi > I64_MAX) {
        problems.push(
          `column "${col}" of ${name} holds ${hi}, above the signed 64-bit range of biginteger (${I64_MAX}); Sorrel cannot read it from an engine (a file's column may be read as internal_type float or char).`,
        );
        continue;
      }
    } else if (!override && family.family === 'string') long = Number(facts[at++]) === 1;
    const t = toInternalType(family, override, { wide, long });
    if ('type' in t) columns[col] = t.type;
    else
      problems.push(
        `column "${col}" of ${name} has ClickHouse type ${engineTypes[col]}, which cannot be read as ${override}; use one of ${t.allowed.join(', ')}.`,
      );
  }
  if (problems.length) throw new DescribeError(problems);
  const fingerprint = toFingerprint(row);
  return {
    table: { engine: req.engine, database: req.database, table: req.table, columns, rows: Number(fingerprint.rows) },
    engineTypes,
    fingerprint,
  };
}

/** A min/max fact as a BigInt; 0 when the column holds no value (null). */
function toBigInt(fact: unknown): bigint {
  return fact === null || fact === undefined ? 0n : BigInt(String(fact));
}
