// The one switch from a task over engine tables to the code that pushes it down (API.md §14): table, tree and search tasks.
import { runTableTask } from './compute/index.ts';
import type { EngineRunner } from './runner.ts';
import { runSearchTask } from './search/index.ts';
import { runTreeTask } from './tree/index.ts';

/**
 * Computes a task over engine tables and resolves with what a worker gives for the same task over
 * the same rows (withEngines sends it only tasks over engine tables, src/parallel/engine-pool.ts).
 */
export const runEngineTask: EngineRunner = (task, ctx, signal) => {
  switch (task.kind) {
    case 'distinct':
    case 'dist':
    case 'stats':
    case 'profile':
    case 'summary':
    case 'values-page':
    case 'value-labels':
      return runTableTask(task, ctx, signal);
    case 'tree-key':
    case 'tree-link':
    case 'tree-count':
    case 'tree-distinct':
    case 'tree-dist':
    case 'tree-stats':
    case 'tree-summary':
    case 'tree-values-page':
      return runTreeTask(task, ctx, signal);
    case 'value-match':
    case 'value-accented':
    case 'tree-value-match':
    case 'tree-value-accented':
      return runSearchTask(task, ctx, signal);
    case 'tree-entity': // the engine joins on the columns: an engine tree has no entity index
    case 'shape': // the shaping of what the engine grouped runs in the workers (ctx.pool)
    case 'shape-runs':
    case 'shape-cells':
    case 'shape-stats':
    case 'brush-view': // an engine table is never indexed for brushing (src/snapshot/brush.ts)
    case 'brush-chart':
    case 'brush-dist':
    case 'brush-distinct':
      return Promise.reject(new Error(`'${task.kind}' tasks do not run on an engine.`));
    case 'merge': // merging a split task's parts is worker compute, wherever the parts came from
      return ctx.pool.run(task, signal);
  }
};
