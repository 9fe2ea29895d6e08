// Distinct values of a column of the tree with counts of distinct root entities (API.md §12).
import type { DistinctResult } from '../../src/contract/tasks.ts';
import { countEntities } from './entity-count.ts';
import { joinRows } from './join.ts';
import type { TreeView } from './open.ts';
import { keptRows, rankRows } from './rows.ts';

/**
 * Values of `dataset.column` in ascending order (as workers/values/distinct.ts orders them), each with
 * the number of selected entities having at least one row of J(T) that carries it; `nullCount`
 * is the number of selected entities with at least one such row holding null.
 */
export function treeDistinct(
  tree: TreeView,
  dataset: string,
  column: string,
  selected: Uint8Array | null,
): DistinctResult {
  const join = joinRows(tree, dataset);
  const col = tree.table(dataset).column(column);
  // One array over the join rows: kept rows of T, then their ranks in place (-1 stays -1).
  const keys = keptRows(join, selected);
  const ranked = rankRows(col, (used) => {
    for (let j = 0; j < keys.length; j++) if (keys[j] >= 0) used[keys[j]] = 1;
  })!; // no limit: never null
  const { dim } = ranked;
  ranked.ranks(keys, keys.length, keys, -1);
  const counts = countEntities(keys, join.entity, dim.card, tree.entities);
  const out: DistinctResult = { values: [], counts: [], nullCount: counts[dim.card - 1] };
  for (let r = 0; r < dim.card - 1; r++) {
    if (counts[r] === 0) continue;
    out.values.push(dim.values[r]);
    out.counts.push(counts[r]);
  }
  return out;
}
