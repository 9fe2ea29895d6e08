// The table tasks over an engine table (API.md §14): distinct, dist, stats, profile, summary, values pages and labels, resolving with what a worker gives for the same rows.
import type { EngineTable } from '../../contract/engine.ts';
import type { TableRef } from '../../contract/storage.ts';
import type { EngineRunner } from '../runner.ts';
import { engineDistinct, engineProfile, engineStats } from './column.ts';
import { engineDist } from './dist.ts';
import { engineValueLabels } from './labels.ts';
import { engineValuesPage } from './page.ts';
import { engineSummary } from './summary.ts';

/** Runs a `distinct`, `dist`, `stats`, `profile`, `summary`, `values-page` or `value-labels` task whose table is in an engine (TableRef.engine). */
export const runTableTask: EngineRunner = async (task, ctx, signal) => {
  switch (task.kind) {
    case 'distinct':
      return engineDistinct(ctx.query, engineOf(task.table), task.column, task.context, signal);
    case 'stats':
      return engineStats(ctx, engineOf(task.table), task.column, task.context, signal);
    case 'profile':
      return engineProfile(ctx, engineOf(task.table), task.column, task.stats, signal);
    case 'summary':
      return engineSummary(
        ctx.query,
        engineOf(task.table),
        task.column,
        task.distinctUpTo,
        signal,
        task.scanned,
        task.readValues,
      );
    case 'values-page':
      return engineValuesPage(
        ctx.query,
        engineOf(task.table),
        task.column,
        task.context,
        task.query,
        task.pick,
        signal,
        task.labelColumn ?? null,
      );
    case 'value-labels':
      return engineValueLabels(ctx.query, engineOf(task.table), task.column, task.labelColumn, task.values, signal);
    case 'dist':
      return engineDist(ctx, engineOf(task.table), task.columns, task.context, task.params, signal);
    default:
      throw new Error(`Task '${task.kind}' is not a table task.`);
  }
};

function engineOf(table: TableRef): EngineTable {
  if (table.engine === undefined) throw new Error(`Table '${table.key}' is not in an engine.`);
  return table.engine;
}
