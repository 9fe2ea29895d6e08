// Entity counts of a tree in SQL (API.md §12): how many entities a context selects, and a column's values with entity counts.
import type { EngineQuery } from '../../contract/engine.ts';
import type { DistinctResult } from '../../contract/tasks.ts';
import { entityCount, joinedRel } from './join.ts';
import { col, expr, whereOf } from './rel.ts';
import type { Selection } from './select.ts';
import { columnType, finish, type Statement, tableName } from './sql.ts';
import { fromStorage, toSqlStorage } from '../sql/values.ts';

/** The number of root entities the selection holds (a root row is an entity). */
export async function countEntities(
  st: Statement,
  selection: Selection,
  query: EngineQuery,
  signal?: AbortSignal,
): Promise<number> {
  if (selection.sql === null) return st.tree.entities;
  const sql = `SELECT count() AS _n FROM ${tableName(st.tree, st.tree.shape.root)} WHERE ${selection.sql}`;
  const [row] = await query(finish(st, sql), signal);
  return Number(row._n);
}

/**
 * The values of `dataset.column` among J(T)'s rows of selected entities, ascending (the engine
 * orders strings by bytes, which for UTF-8 is code point order, as the loaders sort dictionaries),
 * each with its number of distinct entities; `nullCount` the entities with a null among them.
 */
export async function distinctEntities(
  st: Statement,
  dataset: string,
  column: string,
  selection: Selection,
  query: EngineQuery,
  signal?: AbortSignal,
): Promise<DistinctResult> {
  const joined = joinedRel(st, dataset, selection);
  const { rel } = joined;
  const count = entityCount(joined);
  const type = columnType(st.tree, dataset, column);
  const v = expr(rel, col(dataset, column));
  const sql = `SELECT ${toSqlStorage(v, type)} AS _v, isNull(${v}) AS _null, ${count} AS _n FROM ${rel.from}${whereOf(rel)} GROUP BY ${v} ORDER BY ${v}`;
  const rows = await query(finish(st, sql), signal);
  const out: DistinctResult = { values: [], counts: [], nullCount: 0 };
  for (const r of rows) {
    if (Number(r._null) === 1) out.nullCount = Number(r._n);
    else {
      out.values.push(fromStorage(r._v, type) as number | string);
      out.counts.push(Number(r._n));
    }
  }
  return out;
}
