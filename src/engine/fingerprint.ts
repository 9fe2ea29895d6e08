// An engine table's content fingerprint (API.md §14): its row count and an order-independent hash of every row.
import { createHash } from 'node:crypto';
import type { EngineFingerprint, EngineQuery } from '../contract/engine.ts';
import type { InternalType } from '../contract/model.ts';

/** A column as the fingerprint hashes it: its name and ClickHouse type (from DESCRIBE TABLE). */
export type HashedColumn = { name: string; engineType: string };

/** An identifier backquoted, with backslashes and backquotes escaped (ClickHouse's rule). */
export function quoteIdentifier(name: string): string {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}

/**
 * The SQL of the fingerprint, runnable on ClickHouse 18.16: `count()` and the wrapping UInt64
 * `sum` of one cityHash64 per row over the given columns. Why per column and not `cityHash64(*)`:
 * 18.16 refuses Decimal arguments (hashed as their text here), and a Nullable argument makes the
 * whole hash NULL, which `sum` would skip (a null is hashed as a flag beside its default value).
 * A sum does not depend on row order or on which shard holds a row.
 */
export function toFingerprintSql(database: string, table: string, columns: readonly HashedColumn[]): string {
  return `SELECT ${toFingerprintSelect(columns)} FROM ${quoteIdentifier(database)}.${quoteIdentifier(table)}`;
}

/**
 * The fingerprint's two aggregates, to select beside others in one scan (describeTable reads them
 * with its type facts). Aliases start with `sorrel_`: ClickHouse resolves an alias before a column
 * of the same name, so `AS rows` would turn a column `rows` inside the hash into `count()`.
 */
export function toFingerprintSelect(columns: readonly HashedColumn[]): string {
  const args = columns.flatMap(({ name, engineType }) => {
    const c = quoteIdentifier(name);
    const nullable = /^(LowCardinality\()?Nullable\(/.test(engineType);
    const value = nullable ? `assumeNotNull(${c})` : c;
    const hashed = /Decimal/.test(engineType) ? `toString(${value})` : value;
    return nullable ? [`isNull(${c})`, hashed] : [hashed];
  });
  const hash = args.length ? `sum(cityHash64(${args.join(', ')}))` : '0';
  return `toString(count()) AS sorrel_rows, toString(${hash}) AS sorrel_hash`;
}

/** The fingerprint in a row that selected toFingerprintSelect. */
export function toFingerprint(row: Record<string, unknown> | undefined): EngineFingerprint {
  return { rows: String(row?.sorrel_rows ?? '0'), hash: String(row?.sorrel_hash ?? '0') };
}

/** Reads a table's fingerprint from its engine; rejects with EngineUnavailableError like any query. */
export async function readFingerprint(
  query: EngineQuery,
  database: string,
  table: string,
  columns: readonly HashedColumn[],
  signal?: AbortSignal,
): Promise<EngineFingerprint> {
  const [row] = await query(toFingerprintSql(database, table, columns), signal);
  return toFingerprint(row);
}

/**
 * An engine table's share of the data version (DatasetInfo.sha256): what answers depend on — the
 * fingerprint and the internal type of each column — and not where the table is (URL, database,
 * names), so replicas reading the same rows through different addresses agree.
 */
export function toEngineTableHash(fingerprint: EngineFingerprint, columns: Record<string, InternalType>): string {
  const types = Object.keys(columns)
    .sort()
    .map((c) => [c, columns[c]]);
  return createHash('sha256')
    .update(JSON.stringify({ engine: 'clickhouse', rows: fingerprint.rows, hash: fingerprint.hash, types }))
    .digest('hex');
}
