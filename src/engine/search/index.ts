// Pushed value search over an engine text column (API.md §14 Search): the value-match and value-accented tasks.
import type { Task } from '../../contract/tasks.ts';
import type { EngineRunner } from '../runner.ts';
import { toAccentedSql, toMatchSql } from './sql.ts';

export { toMatchSql } from './sql.ts'; // the exact SQL of a pushed search, which the bench times raw (bench/engine-overhead/)

/**
 * Runs a value-match task (→ one boolean per term) or a value-accented task (→ up to limit + 1
 * distinct values, so the caller can tell that more exist) on the task's engine table.
 */
export const runSearchTask: EngineRunner = async (task: Task, ctx, signal) => {
  if (task.kind !== 'value-match' && task.kind !== 'value-accented')
    throw new Error(`runSearchTask does not run ${task.kind} tasks.`);
  const table = task.table.engine;
  if (!table) throw new Error(`The ${task.kind} task needs an engine table.`);
  if (task.kind === 'value-accented') {
    const rows = await ctx.query(toAccentedSql(table, task.column, task.limit + 1), signal);
    return rows.map((r) => String(r.v));
  }
  if (task.terms.length === 0) return [];
  const [row] = await ctx.query(toMatchSql(table, task.column, task.terms, task.asciiOnly), signal);
  // max() over no rows is 0; over only nulls (a Nullable column) null: no value matched either way.
  return task.terms.map((_, i) => Number(row?.[`t${i}`] ?? 0) === 1);
};
