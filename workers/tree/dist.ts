// A distribution over tables of the tree joined row by row, counting distinct root entities (API.md §7, §12).
import type { AxisSpec, DistParams, DistResult } from '../../src/contract/tasks.ts';
import type { TreeDimension } from '../../src/contract/tree.ts';
import { toAxisColumn } from '../dist/axes.ts';
import type { ColumnView } from '../table/columns.ts';
import { toGroupLimit } from '../../src/contract/limits.ts';
import { shapeDistribution } from '../dist/dist.ts';
import { countEntities } from './entity-count.ts';
import type { Groups } from '../group/group.ts';
import { joinRows } from './join.ts';
import { BLOCK, followRows, groupKeys, toGroupIds } from './keys.ts';
import type { TreeView } from './open.ts';
import { keptRows, rankRows, type RankedColumn } from './rows.ts';

/** A refused tree distribution, and how far it got. */
type Refused = Groups & { tooMany: true; keyed: number };
const refused = (keyed: number): Refused => ({ size: 0, counts: new Float64Array(0), dims: [], tooMany: true, keyed });

/**
 * Groups the rows of J(base) whose entity is selected by the value tuple of `dimensions` (each
 * read from the row its link path reaches from the base row; a null or dangling link on the way
 * gives null) and counts distinct entities per group; then sorts, sets outliers aside and
 * clusters exactly as for one table (workers/dist/dist.ts). `nulls: false` drops rows with a null
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

/**
 * The counted groups, in ascending order of their values (nulls last), or `tooMany` with `keyed`,
 * the join rows keyed before the refusal (0 when ranking a dimension refused it, of `n` join rows).
 * A refusal stops early: at the (maxGroups + 1)-th distinct value of a dimension, or at the block
 * of keys that passes the limit (tree-keys.ts), as few.ts and count-keys.ts stop a table's.
 */
export function treeGroups(
  tree: TreeView,
  base: string,
  dimensions: TreeDimension[],
  selected: Uint8Array | null,
  opts: { nulls: boolean; maxGroups: number; axes?: AxisSpec[] },
): Groups | Refused {
  const join = joinRows(tree, base);
  const baseRows = keptRows(join, selected);
  const n = baseRows.length;
  const cols = dimensions.map((d, k) =>
    toAxisColumn(tree.table(d.dataset).column(d.column), opts.axes?.[k] ?? { kind: 'exact' }),
  );
  // Each row a dimension reaches makes a group with its value, so a dimension with more distinct
  // values than maxGroups is refused while it is ranked (rankRows stops hashing there). Without
  // nulls that holds only for rows where no dimension is null: the others are dropped first.
  if (opts.maxGroups < Number.POSITIVE_INFINITY && !opts.nulls && dimensions.length > 1)
    dropNullRows(tree, baseRows, dimensions, cols);

  const rows = new Int32Array(BLOCK);
  const ranked: RankedColumn[] = [];
  for (const [k, d] of dimensions.entries()) {
    const dim = rankRows(
      cols[k],
      (used) => {
        for (let j0 = 0; j0 < n; j0 += BLOCK) {
          const len = Math.min(BLOCK, n - j0);
          rows.set(baseRows.subarray(j0, j0 + len));
          followRows(tree, d.path, rows, len);
          for (let i = 0; i < len; i++) if (rows[i] >= 0) used[rows[i]] = 1;
        }
      },
      opts.maxGroups,
    );
    if (dim === null) return refused(0);
    ranked.push(dim);
  }
  // baseRows becomes the keys, then the group ids (tree-keys.ts): one array over the join rows.
  const keyed = groupKeys(tree, baseRows, dimensions, ranked, opts.nulls, opts.maxGroups);
  if ('keyed' in keyed) return refused(keyed.keyed);
  const { keys, card, kept } = keyed;
  const found = toGroupIds(keys, card, kept, opts.maxGroups);
  if (found === null) return refused(n);
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

/**
 * baseRows[j] = -1 where a dimension is null at the row its path reaches (or the path breaks): the
 * rows a distribution without nulls drops anyway, dropped before the dimensions are ranked so that
 * each dimension's values are those of rows that make groups.
 */
function dropNullRows(tree: TreeView, baseRows: Int32Array, dimensions: TreeDimension[], cols: ColumnView[]): void {
  const rows = new Int32Array(BLOCK);
  for (let j0 = 0; j0 < baseRows.length; j0 += BLOCK) {
    const len = Math.min(BLOCK, baseRows.length - j0);
    for (const [k, d] of dimensions.entries()) {
      rows.set(baseRows.subarray(j0, j0 + len));
      followRows(tree, d.path, rows, len);
      const { validity, offset } = cols[k];
      for (let i = 0; i < len; i++) {
        const r = rows[i];
        const b = offset + r;
        if (r < 0 || (validity !== null && ((validity[b >> 3] >> (b & 7)) & 1) === 0)) baseRows[j0 + i] = -1;
      }
    }
  }
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
