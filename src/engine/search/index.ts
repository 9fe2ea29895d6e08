// Pushed value search over an engine text column (API.md §14 Search): the value-match and value-accented tasks, over a table or J(T) of a model tree.
import type { Task } from '../../contract/tasks.ts';
import type { EngineRunner } from '../runner.ts';
import { joinedSource } from '../tree/join.ts';
import { newStatement } from '../tree/sql.ts';
import {
  type SearchSource,
  toAccentedSql,
  toJoinedLabelSource,
  toLabelSource,
  toLabelTableSource,
  toSourceMatchSql,
  toTableSource,
} from './sql.ts';

export { toMatchSql } from './sql.ts'; // the exact SQL of a pushed search, which the bench times raw (bench/engine-overhead/)

/**
 * Runs a value-match task (→ one boolean per term) or a value-accented task (→ up to limit + 1
 * distinct values, so the caller can tell that more exist) on the task's engine table (over the
 * labels its label column gives the values, when the task names one), or their
 * tree- forms on J(T) of a tree field's table (its values are those of J(T), API.md §12).
 */
export const runSearchTask: EngineRunner = async (task: Task, ctx, signal) => {
  let src: SearchSource;
  if (task.kind === 'tree-value-match' || task.kind === 'tree-value-accented') {
    const st = newStatement(task.tree);
    const joined = joinedSource(st, task.dataset, task.column, { sql: null, datasets: [] });
    const own = task.tree.tables[task.dataset].engine;
    src =
      task.labelColumn && own
        ? toJoinedLabelSource(joined, own, task.column, task.labelColumn)
        : toLabelSource(joined, joined.type);
  } else if (task.kind === 'value-match' || task.kind === 'value-accented') {
    const table = task.table.engine;
    if (!table) throw new Error(`The ${task.kind} task needs an engine table.`);
    src = task.labelColumn
      ? toLabelTableSource(table, task.column, task.labelColumn)
      : toLabelSource(toTableSource(table, task.column), table.columns[task.column]);
  } else throw new Error(`runSearchTask does not run ${task.kind} tasks.`);
  if (task.kind === 'value-accented' || task.kind === 'tree-value-accented') {
    const rows = await ctx.query(toAccentedSql(src, task.limit + 1), signal);
    return rows.map((r) => String(r.v));
  }
  if (task.terms.length === 0) return [];
  const [row] = await ctx.query(toSourceMatchSql(src, task.terms, task.asciiOnly), signal);
  // max() over no rows is 0; over only nulls (a Nullable column) null: no value matched either way.
  return task.terms.map((_, i) => Number(row?.[`t${i}`] ?? 0) === 1);
};
