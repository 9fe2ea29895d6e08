// Tree stats (API.md §8, §12) over an engine: J(T)'s values counted by the engine, summarised by a worker as for memory.
import type { EngineQuery } from '../../contract/engine.ts';
import type { Pool } from '../../contract/pool.ts';
import type { StatsResult } from '../../contract/tasks.ts';
import { joinedRel } from './join.ts';
import { col, expr, whereOf } from './rel.ts';
import type { Selection } from './select.ts';
import { columnType, finish, type Statement } from './sql.ts';
import { storageSql } from './values.ts';

/**
 * The statistics of `dataset.column` over J(T)'s rows of selected entities (a row of T counted
 * once per join row reaching it). Why the engine sends value counts and a worker sums: sums,
 * means and deviations of doubles depend on the order of the additions, and the workers' are
 * compensated and exact for whole numbers (workers/stats/moments.ts); the same sorted values through
 * the same code give the same bits. The engine sends each distinct value once with its count,
 * so the transfer is bounded by the distinct values, not the rows.
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
  const type = columnType(st.tree, dataset, column);
  const v = expr(rel, col(dataset, column));
  const sql = `SELECT ${storageSql(v, type)} AS _v, count() AS _c FROM ${rel.from}${whereOf(rel)} GROUP BY ${v} ORDER BY ${v}`;
  const rows = await ctx.query(finish(st, sql), signal);
  let nullCount = 0;
  const kept = rows.filter((r) => {
    if (r._v === null) nullCount = Number(r._c);
    return r._v !== null;
  });
  const values =
    type === 'biginteger'
      ? BigInt64Array.from(kept, (r) => BigInt(r._v as string))
      : type === 'date'
        ? Int32Array.from(kept, (r) => Number(r._v))
        : Float64Array.from(kept, (r) => Number(r._v));
  const counts = Float64Array.from(kept, (r) => Number(r._c));
  const temporal = type === 'date' || type === 'datetime' || type === 'time';
  return ctx.pool.run<StatsResult>({ kind: 'shape-stats', runs: { values, counts, nullCount, temporal } }, signal);
}
