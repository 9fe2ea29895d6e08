// A distribution over tables of the tree joined row by row, counting distinct root entities (API.md §7, §12).
import type { DistParams, DistResult } from '../src/contract/tasks.ts';
import type { TreeDimension } from '../src/contract/tree.ts';
import { shapeDistribution } from './dist.ts';
import { countEntities } from './entity-count.ts';
import type { Groups } from './group.ts';
import { search, uniqueSorted, type Keys } from './rank.ts';
import { joinRows } from './tree-join.ts';
import type { TreeView } from './tree-open.ts';
import { keptRows, rankRows } from './tree-rows.ts';

const SAFE = 2 ** 53;
const DIRECT_SLOTS = 1 << 22;
/** Join rows per block: a block's rows and ranks (16 KiB each) stay in cache while they are combined. */
const BLOCK = 4096;

/**
 * Groups the rows of J(base) whose entity is selected by the value tuple of `dimensions` (each
 * read from the row its link path reaches from the base row; a null or dangling link on the way
 * gives null) and counts distinct entities per group; then sorts, sets outliers aside and
 * clusters exactly as for one table (workers/dist.ts). `nulls: false` drops rows with a null
 * in any dimension.
 */
export function treeDistribution(
  tree: TreeView,
  base: string,
  dimensions: TreeDimension[],
  selected: Uint8Array | null,
  params: DistParams,
): DistResult {
  return shapeDistribution(treeGroups(tree, base, dimensions, selected, params), params);
}

/** The counted groups, in ascending order of their values (nulls last), or `tooMany`. */
export function treeGroups(
  tree: TreeView,
  base: string,
  dimensions: TreeDimension[],
  selected: Uint8Array | null,
  opts: { nulls: boolean; maxGroups: number },
): Groups {
  const join = joinRows(tree, base);
  const baseRows = keptRows(join, selected);
  const n = baseRows.length;

  // key = ((r0·c1 + r1)·c2 + r2)…, -1 for a dropped row; Int32 while the product of cards fits.
  // Besides the base rows, this key array is the only one over all join rows: each dimension's
  // rows and ranks are made BLOCK rows at a time, and group ids replace Int32 keys in place.
  const rows = new Int32Array(BLOCK),
    ranks = new Int32Array(BLOCK);
  const ranked = dimensions.map((d) =>
    rankRows(tree.table(d.dataset).column(d.column), (used) => {
      for (let j0 = 0; j0 < n; j0 += BLOCK) {
        const len = Math.min(BLOCK, n - j0);
        rows.set(baseRows.subarray(j0, j0 + len));
        followBlock(tree, d.path, rows, len);
        for (let i = 0; i < len; i++) if (rows[i] >= 0) used[rows[i]] = 1;
      }
    }),
  );
  const cards = ranked.map((r) => r.dim.card);
  let keys: Keys = cards.reduce((p, c) => p * c, 1) < 2 ** 31 ? new Int32Array(n) : new Float64Array(n);
  for (let j = 0; j < n; j++) if (baseRows[j] < 0) keys[j] = -1;
  let card = 1;
  dimensions.forEach((d, k) => {
    if (card * cards[k] > SAFE) ({ keys, card } = densify(keys as Float64Array));
    const c = cards[k],
      nullRank = c - 1;
    for (let j0 = 0; j0 < n; j0 += BLOCK) {
      const len = Math.min(BLOCK, n - j0);
      rows.set(baseRows.subarray(j0, j0 + len));
      followBlock(tree, d.path, rows, len);
      ranked[k].ranks(rows, len, ranks, nullRank);
      for (let i = 0, j = j0; i < len; i++, j++) {
        if (keys[j] < 0) continue;
        const r = ranks[i];
        keys[j] = !opts.nulls && r === nullRank ? -1 : keys[j] * c + r;
      }
    }
    card *= c;
  });

  const found = toGroupIds(keys, card, opts.maxGroups);
  if (found === null) return { size: 0, counts: new Float64Array(0), dims: [], tooMany: true };
  const { gid, reps } = found;
  const counts = countEntities(gid, join.entity, reps.length, tree.entities);
  const repRows = Int32Array.from(reps, (j) => baseRows[j]);
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

/** Follows a link path in place over rows[0..len) (links in their direction); -1 stays -1. */
function followBlock(tree: TreeView, path: number[], rows: Int32Array, len: number): void {
  for (const link of path) {
    const res = tree.resolved(link);
    for (let i = 0; i < len; i++) {
      const r = rows[i];
      rows[i] = r < 0 ? -1 : res[r];
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

/** Replaces the kept keys by their rank among the distinct kept keys, keeping their order; -1 stays. */
function densify(keys: Float64Array): { keys: Float64Array; card: number } {
  const uniq = uniqueSorted(keys.filter((k) => k >= 0).sort());
  const out = new Float64Array(keys.length);
  for (let j = 0; j < keys.length; j++) out[j] = keys[j] < 0 ? -1 : search(uniq, keys[j]);
  return { keys: out, card: uniq.length };
}

/**
 * Group ids in key order (so groups come sorted by their values), one representative join row
 * per group; -1 ids for dropped rows. Null when the groups exceed `maxGroups`. Int32 keys are
 * replaced by the ids in place (each key is read before its id is written).
 */
function toGroupIds(keys: Keys, card: number, maxGroups: number): { gid: Int32Array; reps: Int32Array } | null {
  const n = keys.length;
  const gid = keys instanceof Int32Array ? keys : new Int32Array(n);
  let kept = 0;
  for (let j = 0; j < n; j++) kept += +(keys[j] >= 0);
  if (card <= Math.min(DIRECT_SLOTS, Math.max(1024, 4 * kept))) {
    const slot = new Int32Array(card).fill(-1);
    let groups = 0;
    for (let j = 0; j < n; j++) {
      const k = keys[j];
      if (k >= 0 && slot[k] < 0) {
        slot[k] = j;
        if (++groups > maxGroups) return null;
      }
    }
    const reps = new Int32Array(groups);
    for (let k = 0, g = 0; k < card; k++)
      if (slot[k] >= 0) {
        reps[g] = slot[k];
        slot[k] = g++;
      }
    for (let j = 0; j < n; j++) gid[j] = keys[j] < 0 ? -1 : slot[keys[j]];
    return { gid, reps };
  }
  const uniq = uniqueSorted(
    Float64Array.from(keys)
      .filter((k) => k >= 0)
      .sort(),
  );
  if (uniq.length > maxGroups) return null;
  const reps = new Int32Array(uniq.length).fill(-1);
  for (let j = 0; j < n; j++) {
    if (keys[j] < 0) {
      gid[j] = -1;
      continue;
    }
    const g = search(uniq, keys[j]);
    gid[j] = g;
    if (reps[g] < 0) reps[g] = j;
  }
  return { gid, reps };
}
