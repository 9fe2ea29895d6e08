// Tree tasks (API.md §12) over engine tables (§14): the EngineRunner for tree-key, tree-link, tree-count, tree-distinct, tree-dist, tree-stats, tree-summary, tree-values-page.
import { toGroupLimit } from '../../contract/limits.ts';
import type { Task } from '../../contract/tasks.ts';
import type { EngineRunner } from '../runner.ts';
import { countEntities, distinctEntities } from './counts.ts';
import { treeGridSql, treeGroupsSql } from './dist.ts';
import { treeStatsSql } from './stats.ts';
import { checkEngineKey, checkEngineLink } from './reports.ts';
import { toSqlCondition } from '../sql/context.ts';
import { type ConditionSql, selectSql } from './select.ts';
import { newStatement } from './sql.ts';
import { joinedSource } from './join.ts';
import { summarySql } from '../compute/summary.ts';
import { toPageLabels, valuesPageSql } from '../compute/page.ts';

/**
 * A runner of the tree tasks that writes each context condition with `condition`. Every table of
 * the tree must be in the engine; `tree-entity` is never sent for an engine tree (its index is
 * the tables themselves), so it is refused.
 */
export function createTreeRunner(condition: ConditionSql): EngineRunner {
  return async (task: Task, ctx, signal) => {
    switch (task.kind) {
      case 'tree-key':
        return checkEngineKey(task.table, task.column, ctx.query, signal);
      case 'tree-link':
        return checkEngineLink(task.from, task.column, task.to, task.key, ctx.query, signal);
      case 'tree-count': {
        const st = newStatement(task.tree);
        return countEntities(st, selectSql(st, task.context, condition), ctx.query, signal);
      }
      case 'tree-distinct': {
        const st = newStatement(task.tree);
        const selection = selectSql(st, task.context, condition);
        return distinctEntities(st, task.dataset, task.column, selection, ctx.query, signal);
      }
      case 'tree-stats': {
        const st = newStatement(task.tree);
        const selection = selectSql(st, task.context, condition);
        return treeStatsSql(st, task.dataset, task.column, selection, ctx, signal);
      }
      case 'tree-summary': {
        // Over J(T) with no context: the field's naive count, nulls, range and bounded distinct count.
        const st = newStatement(task.tree);
        const source = joinedSource(st, task.dataset, task.column, selectSql(st, null, condition));
        return summarySql(ctx.query, source, task.distinctUpTo, signal);
      }
      case 'tree-values-page': {
        const st = newStatement(task.tree);
        const source = joinedSource(st, task.dataset, task.column, selectSql(st, task.context, condition));
        // A label column's labels come from the table's own rows (as in memory), joined to J(T)'s groups.
        const own = task.tree.tables[task.dataset].engine;
        const labels =
          task.labelColumn && own ? toPageLabels(ctx.query, own, task.column, task.labelColumn, signal) : undefined;
        return valuesPageSql(ctx.query, { ...source, labels }, task.query, task.pick, signal);
      }
      case 'tree-dist': {
        const st = newStatement(task.tree);
        const selection = selectSql(st, task.context, condition);
        const { params } = task;
        const clustered = params.cluster && params.numeric;
        const gridded = clustered
          ? await treeGridSql(st, task.base, task.dimensions, selection, params, ctx.query, signal)
          : null;
        if (gridded?.kind === 'cells')
          return ctx.pool.run({ kind: 'shape-cells', grid: gridded.grid, nulls: gridded.nulls, params }, signal);
        const limit = toGroupLimit(params);
        const groups =
          gridded?.groups ??
          (await treeGroupsSql(st, task.base, task.dimensions, selection, params, limit, ctx.query, signal));
        if (groups.tooMany) return { size: 0, clustered: false, data: [], outliers: [], tooMany: true, badN: null };
        return ctx.pool.run({ kind: 'shape', groups, params }, signal);
      }
      default:
        throw new Error(`The engine does not run '${task.kind}' tasks of a tree.`);
    }
  };
}

/** The tree runner with engine-sql's condition compiler (src/engine/sql/context.ts): literals escaped by type. */
export const runTreeTask: EngineRunner = createTreeRunner((cond, column) =>
  toSqlCondition(column, cond.type, cond.operator, cond.value),
);
