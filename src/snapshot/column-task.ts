// The task that computes over one field's column under a context: over its table, or over the model tree when the field is in one.
import { isInTree } from '../catalog/tree.ts';
import type { Field } from '../contract/model.ts';
import type { Task } from '../contract/tasks.ts';
import type { TreeContextNode } from '../contract/tree.ts';
import type { Snapshot } from './build/create.ts';

/**
 * `distinct` or `stats` of `field` among what `context` selects (null: every record). In a model
 * tree the counts are of root entities over J(T) and the context may reach any of its tables
 * (API.md §12), so the tree task runs, naive ones too (an engine tree's naive values and stats
 * are not held: API.md §14).
 */
export function toColumnTask(
  snapshot: Snapshot,
  field: Field,
  kind: 'distinct' | 'stats',
  context: TreeContextNode | null,
): Task {
  const tree = snapshot.tree;
  if (tree && isInTree(tree.shape, field.dataset)) {
    return {
      kind: kind === 'distinct' ? 'tree-distinct' : 'tree-stats',
      tree,
      dataset: field.dataset,
      column: field.column,
      context,
    };
  }
  return { kind, table: snapshot.tableRef(field.dataset), column: field.column, context };
}
