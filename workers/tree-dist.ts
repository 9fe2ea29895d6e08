// A distribution over tables of the tree joined row by row, counting distinct root entities (API.md §7, §12).
import type { AxisSpec, DistParams, DistResult } from '../src/contract/tasks.ts';
import type { TreeDimension } from '../src/contract/tree.ts';
import { toAxisColumn } from './axes.ts';
import { shapeDistribution, toGroupLimit } from './dist.ts';
import { countEntities } from './entity-count.ts';
import type { Groups } from './group.ts';
import { joinRows } from './tree-join.ts';
import { BLOCK, followRows, groupKeys, toGroupIds } from './tree-keys.ts';
import type { TreeView } from './tree-open.ts';
import { keptRows, rankRows } from './tree-rows.ts';

/**
 * Groups the rows of J(base) whose entity is selected by the value tuple of `dimensions` (each
 * read from the row its link path reaches from the base row; a null or dangling link on the way
 * gives null) and counts distinct entities per group; then sorts, sets outliers aside and
 * clusters exactly as for one table (workers/dist.ts). `nulls: false` drops rows with a null
 * in any dimension. Binned and truncated axes (API.md §13) are grouped by bin or period.
 */
export function treeDistribution(
  tree: TreeView,
  base: string,
  dimensions: TreeDimension[],
  selected: Uint8Array | null,
  params: DistParams,
): DistResult {
  const opts = { nulls: params.nulls, maxGroups: toGroupLimit(params), axes: params.axes };
  return shapeDistribution(treeGroups(tree, base, dimensions, selected, opts), params);
}

/** The counted groups, in ascending order of their values (nulls last), or `tooMany`. */
export function treeGroups(
  tree: TreeView,
  base: string,
  dimensions: TreeDimension[],
  selected: Uint8Array | null,
  opts: { nulls: boolean; maxGroups: number; axes?: AxisSpec[] },
): Groups {
  const join = joinRows(tree, base);
  const baseRows = keptRows(join, selected);
  const n = baseRows.length;

  const rows = new Int32Array(BLOCK);
  const ranked = dimensions.map((d, k) =>
    rankRows(toAxisColumn(tree.table(d.dataset).column(d.column), opts.axes?.[k] ?? { kind: 'exact' }), (used) => {
      for (let j0 = 0; j0 < n; j0 += BLOCK) {
        const len = Math.min(BLOCK, n - j0);
        rows.set(baseRows.subarray(j0, j0 + len));
        followRows(tree, d.path, rows, len);
        for (let i = 0; i < len; i++) if (rows[i] >= 0) used[rows[i]] = 1;
      }
    }),
  );
  // baseRows becomes the keys, then the group ids (tree-keys.ts): one array over the join rows.
  const { keys, card, kept } = groupKeys(tree, baseRows, dimensions, ranked, opts.nulls);
  const found = toGroupIds(keys, card, kept, opts.maxGroups);
  if (found === null) return { size: 0, counts: new Float64Array(0), dims: [], tooMany: true };
  const { gid, reps } = found;
  const counts = countEntities(gid, join.entity, reps.length, tree.entities);
  // A representative is a kept join row: its row of the base is the join's.
  const repRows = Int32Array.from(reps, (j) => (join.row === null ? j : join.row[j]));
  return {
    size: reps.length,
    counts,
    tooMany: false,
    dims: dimensions.map((d, k) => {
      const rows = followPath(tree, d.path, repRows);
      const ranks = new Int32Array(rows.length);
      ranked[k].ranks(rows, rows.length, ranks, ranked[k].dim.card - 1);
      return { values: ranked[k].dim.values, numbers: ranked[k].dim.numbers, ranks };
    }),
  };
}

/** The row each link path reaches from each base row (links followed in their direction); -1 stays -1. */
function followPath(tree: TreeView, path: number[], rows: Int32Array): Int32Array {
  let out = rows;
  for (const link of path) {
    const res = tree.resolved(link);
    const next = new Int32Array(out.length);
    for (let j = 0; j < out.length; j++) {
      const r = out[j];
      next[j] = r < 0 ? -1 : res[r];
    }
    out = next;
  }
  return out;
}
