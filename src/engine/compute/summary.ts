// A column's context-naive summary on the engine (API.md §14 "Sorrel holds no rows"): one aggregate query, a bounded distinct count, nothing per value.
import type { ColumnSummary, EngineQuery, EngineTable, ScannedSummary } from '../../contract/engine.ts';
import type { ColumnSummaryRead } from '../../contract/tasks.ts';
import type { StatsSource } from './stats.ts';
import { toSqlIdentifier, toSqlTable } from '../sql/literal.ts';
import { fromEngine, toSqlValue, toValueKind } from '../sql/values.ts';
import { engineDistinctUpTo } from './column.ts';

/**
 * Records with a value, records without, and the least and greatest value in storage units (null
 * when the column holds none), in one scan (none when start-up's scan of the table read them:
 * `scanned`, src/engine/describe.ts; then, with `readValues`, the distinct count comes with the
 * values when at most `distinctUpTo` — engineDistinctUpTo — and the summary carries them for
 * precompute to hold):
 *   SELECT count(c), countIf(isNull(c)), <value of min(c)>, <value of max(c)> FROM <table>
 * and, when `distinctUpTo` is a number, the exact number of distinct values if there are at most
 * that many, else null, from a distinct read the engine stops at `distinctUpTo + 1` values:
 *   SELECT count() FROM (SELECT DISTINCT c FROM <table> WHERE isNotNull(c) LIMIT <distinctUpTo + 1>)
 * Why not `uniqExact`: its time and memory grow with the column's distinct values (4.3 s for 20M
 * floats over two shards on two cores, against 0.2 s for the aggregate; bench/engine-scale/README.md),
 * and start-up needs no more than "how many, up to the bound" (src/snapshot/build/summaries.ts).
 * min and max are taken of the column itself (an Int64 by value, not by its text) and then mapped
 * as every other value (src/engine/sql/values.ts). Aliases start with `sorrel_`: ClickHouse
 * resolves an alias before a column of the same name (a column `d` beside `… AS d` would nest
 * aggregates).
 */
export async function engineSummary(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  distinctUpTo: number | null,
  signal?: AbortSignal,
  scanned?: ScannedSummary,
  readValues = false,
): Promise<ColumnSummaryRead> {
  const type = table.columns[column];
  if (type === undefined) throw new Error(`Column '${column}' is not in engine table '${table.table}'.`);
  const source = { from: toSqlTable(table.database, table.table), where: '1', column: toSqlIdentifier(column), type };
  if (!scanned) return summarySql(query, source, distinctUpTo, signal);
  if (distinctUpTo === null) return { ...scanned, distinct: null };
  if (!readValues) return { ...scanned, distinct: await countDistinctUpTo(query, source, distinctUpTo, signal) };
  // The values themselves, when at most distinctUpTo: a field start-up may hold, its count and values in one scan.
  const values = await engineDistinctUpTo(query, table, column, distinctUpTo, signal);
  return { ...scanned, distinct: values && new Set(values.values).size, ...(values && { values }) };
}

/**
 * The summary of the values `src` reads (a table, or J(T) of a model tree: src/engine/tree/summary.ts),
 * as engineSummary says: one aggregate query, and the distinct read stopped at `distinctUpTo + 1`.
 */
export async function summarySql(
  query: EngineQuery,
  src: StatsSource,
  distinctUpTo: number | null,
  signal?: AbortSignal,
): Promise<ColumnSummary> {
  const kind = toValueKind(src.type);
  const c = src.column;
  const finish = src.finish ?? ((sql: string) => sql);
  const from = `${src.from} WHERE (${src.where})`;
  const sql =
    `SELECT toString(count(${c})) AS sorrel_n, toString(countIf(isNull(${c}))) AS sorrel_z,` +
    ` ${toSqlValue(`min(${c})`, kind)} AS sorrel_lo, ${toSqlValue(`max(${c})`, kind)} AS sorrel_hi FROM ${from}`;
  const [[row], distinct] = await Promise.all([
    query(finish(sql), signal),
    distinctUpTo === null ? null : countDistinctUpTo(query, src, distinctUpTo, signal),
  ]);
  const count = Number(row?.sorrel_n ?? 0);
  // min and max over no value are the type's default (0, '') or null: no value, so none.
  const none = count === 0;
  return {
    count,
    null_count: Number(row?.sorrel_z ?? 0),
    distinct,
    min: none ? null : fromEngine(row?.sorrel_lo, kind),
    max: none ? null : fromEngine(row?.sorrel_hi, kind),
  };
}

/** The number of distinct non-null values `src` reads when at most `upTo` (no bound when infinite), else null; −0 and +0 are one value, as in memory. */
async function countDistinctUpTo(
  query: EngineQuery,
  src: StatsSource,
  upTo: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const c = src.column;
  const finish = src.finish ?? ((sql: string) => sql);
  const limit = Number.isFinite(upTo) ? ` LIMIT ${Math.floor(upTo) + 1}` : '';
  const value = src.type === 'float' ? `${c} + 0` : c;
  const [row] = await query(
    finish(
      `SELECT toString(count()) AS sorrel_d FROM (SELECT DISTINCT ${value} AS sorrel_v FROM ${src.from} WHERE (${src.where}) AND isNotNull(${c})${limit})`,
    ),
    signal,
  );
  const n = Number(row?.sorrel_d ?? 0);
  return n <= upTo ? n : null;
}
