// Tree stats (API.md §8, §12) over an engine: computed by the engine over J(T), as for one table.
import type { EngineQuery } from '../../contract/engine.ts';
import type { Pool } from '../../contract/pool.ts';
import type { StatsResult } from '../../contract/tasks.ts';
import { joinedSource } from './join.ts';
import { statsSql } from '../compute/stats.ts';
import type { Selection } from './select.ts';
import type { Statement } from './sql.ts';

/**
 * The statistics of `dataset.column` over J(T)'s rows of selected entities (a row of T counted
 * once per join row reaching it), computed by the engine over the join as for one table
 * (src/engine/compute/stats.ts): exact sums from an integer decomposition, exact order
 * statistics, a few rows back.
 */
export function treeStatsSql(
  st: Statement,
  dataset: string,
  column: string,
  selection: Selection,
  ctx: { query: EngineQuery; pool: Pool },
  signal?: AbortSignal,
): Promise<StatsResult> {
  return statsSql(ctx.query, joinedSource(st, dataset, column, selection), signal);
}
