// A column's context-naive summary on the engine (API.md §14 "Sorrel holds no rows"): one aggregate query, nothing per value.
import type { ColumnSummary, EngineQuery, EngineTable } from '../../contract/engine.ts';
import { toSqlIdentifier, toSqlTable } from '../sql/literal.ts';
import { fromEngine, toSqlValue, toValueKind } from '../sql/values.ts';

/**
 * Records with a value, records without, the exact number of distinct values, and the least and
 * greatest value in storage units (null when the column holds none), in one scan:
 *   SELECT count(c), countIf(isNull(c)), uniqExact(c), <value of min(c)>, <value of max(c)> FROM <table>
 * min and max are taken of the column itself (an Int64 by value, not by its text) and then mapped
 * as every other value (src/engine/sql/values.ts). Aliases start with `sorrel_`: ClickHouse
 * resolves an alias before a column of the same name (a column `d` beside `… AS d` would nest
 * aggregates).
 */
export async function engineSummary(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  signal?: AbortSignal,
): Promise<ColumnSummary> {
  const type = table.columns[column];
  if (type === undefined) throw new Error(`Column '${column}' is not in engine table '${table.table}'.`);
  const kind = toValueKind(type);
  const c = toSqlIdentifier(column);
  const sql =
    `SELECT toString(count(${c})) AS sorrel_n, toString(countIf(isNull(${c}))) AS sorrel_z,` +
    ` toString(uniqExact(${c})) AS sorrel_d, ${toSqlValue(`min(${c})`, kind)} AS sorrel_lo,` +
    ` ${toSqlValue(`max(${c})`, kind)} AS sorrel_hi FROM ${toSqlTable(table.database, table.table)}`;
  const [row] = await query(sql, signal);
  const count = Number(row?.sorrel_n ?? 0);
  // min and max over no value are the type's default (0, '') or null: no value, so none.
  const none = count === 0;
  return {
    count,
    null_count: Number(row?.sorrel_z ?? 0),
    distinct: Number(row?.sorrel_d ?? 0),
    min: none ? null : fromEngine(row?.sorrel_lo, kind),
    max: none ? null : fromEngine(row?.sorrel_hi, kind),
  };
}
