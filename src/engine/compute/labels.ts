// A label column's labels of an engine column's values (API.md §3, §14): of every value at start, or of one answer's values only.
import type { EngineQuery, EngineTable } from '../../contract/engine.ts';
import type { ValueLabels } from '../../contract/values-page.ts';
import { toEngineLabelTable, toSqlValueIn } from '../sql/labels.ts';
import { fromEngine, toSqlValue, toValueKind } from '../sql/values.ts';

/**
 * At most this many values are asked about in one query. Why: the values travel as literals in the
 * SQL text, which ClickHouse parses up to `max_query_size` (256 KiB by default): 2,000 literals of up
 * to ~100 bytes stay under it.
 */
const VALUES_PER_QUERY = 2000;

/**
 * The label `labelColumn` gives each non-null value of `column` (src/engine/sql/labels.ts), for
 * every value, or for `values` only (in queries of VALUES_PER_QUERY of them): one row per value
 * crosses, in no order.
 */
export async function engineValueLabels(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  labelColumn: string,
  values: readonly (number | string)[] | null,
  signal?: AbortSignal,
): Promise<ValueLabels> {
  const all = toEngineLabelTable(table, column, labelColumn); // throws on a column not in the table
  const type = table.columns[column];
  const kind = toValueKind(type);
  const read = (labels: string) =>
    query(`SELECT ${toSqlValue('sorrel_k', kind)} AS v, sorrel_label AS l FROM (${labels})`, signal);
  const rows = [];
  if (values === null) rows.push(...(await read(all)));
  else
    for (let i = 0; i < values.length; i += VALUES_PER_QUERY) {
      const where = toSqlValueIn(column, type, values.slice(i, i + VALUES_PER_QUERY));
      rows.push(...(await read(toEngineLabelTable(table, column, labelColumn, where))));
    }
  return {
    values: rows.map((r) => fromEngine(r.v, kind) as number | string),
    labels: rows.map((r) => String(r.l)),
  };
}
