// Tree stats (API.md §8, §12) over an engine: computed by the engine over J(T), as for one table.
import type { EngineQuery } from '../../contract/engine.ts';
import type { Pool } from '../../contract/pool.ts';
import type { StatsResult } from '../../contract/tasks.ts';
import { joinedRel } from './join.ts';
import { statsSql } from '../compute/stats.ts';
import { col, expr } from './rel.ts';
import type { Selection } from './select.ts';
import { columnType, finish, type Statement } from './sql.ts';

/**
 * The statistics of `dataset.column` over J(T)'s rows of selected entities (a row of T counted
 * once per join row reaching it), computed by the engine over the join as for one table
 * (src/engine/compute/stats.ts): exact sums from an integer decomposition, exact order
 * statistics, a few rows back.
 */
export async function treeStatsSql(
  st: Statement,
  dataset: string,
  column: string,
  selection: Selection,
  ctx: { query: EngineQuery; pool: Pool },
  signal?: AbortSignal,
): Promise<StatsResult> {
  const { rel } = joinedRel(st, dataset, selection);
  const where = rel.where.length ? rel.where.map((w) => `(${w})`).join(' AND ') : '1';
  const source = {
    from: rel.from,
    where,
    column: expr(rel, col(dataset, column)),
    type: columnType(st.tree, dataset, column),
  };
  return statsSql(ctx.query, { ...source, finish: (sql) => finish(st, sql) }, signal);
}
