// A distribution over tables of the tree joined row by row, counting distinct root entities (API.md §7, §12).
import type { DistParams, DistResult } from '../src/contract/tasks.ts';
import type { TreeDimension } from '../src/contract/tree.ts';
import { shapeDistribution } from './dist.ts';
import { countEntities } from './entity-count.ts';
import type { Groups } from './group.ts';
import { search, uniqueSorted, type Keys } from './rank.ts';
import { joinRows } from './tree-join.ts';
import type { TreeView } from './tree-open.ts';
import { keptRows, rankRows, type Ranks } from './tree-rows.ts';

const SAFE = 2 ** 53;
const DIRECT_SLOTS = 1 << 22;

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
  const ranked: { dim: Ranks; rankOfRow: Int32Array }[] = [];
  const rowsOf = (d: TreeDimension, from: Int32Array) => followPath(tree, d.path, from);
  const cards = dimensions
    .map((d) => tree.table(d.dataset).column(d.column))
    .map((col, k) => {
      const r = rankRows(col, () => rowsOf(dimensions[k], baseRows));
      ranked.push(r);
      return r.dim.card;
    });
  let keys: Keys = cards.reduce((p, c) => p * c, 1) < 2 ** 31 ? new Int32Array(n) : new Float64Array(n);
  for (let j = 0; j < n; j++) if (baseRows[j] < 0) keys[j] = -1;
  let card = 1;
  dimensions.forEach((d, k) => {
    if (card * cards[k] > SAFE) ({ keys, card } = densify(keys as Float64Array));
    const rows = rowsOf(d, baseRows);
    const { rankOfRow } = ranked[k];
    const c = cards[k],
      nullRank = c - 1;
    for (let j = 0; j < n; j++) {
      if (keys[j] < 0) continue;
      const r = rows[j] < 0 ? nullRank : rankOfRow[rows[j]];
      keys[j] = !opts.nulls && r === nullRank ? -1 : keys[j] * c + r;
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
      const rows = rowsOf(d, repRows);
      const { dim, rankOfRow } = ranked[k];
      return {
        values: dim.values,
        numbers: dim.numbers,
        ranks: Int32Array.from(rows, (r) => (r < 0 ? dim.card - 1 : rankOfRow[r])),
      };
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

/** Replaces the kept keys by their rank among the distinct kept keys, keeping their order; -1 stays. */
function densify(keys: Float64Array): { keys: Float64Array; card: number } {
  const uniq = uniqueSorted(keys.filter((k) => k >= 0).sort());
  const out = new Float64Array(keys.length);
  for (let j = 0; j < keys.length; j++) out[j] = keys[j] < 0 ? -1 : search(uniq, keys[j]);
  return { keys: out, card: uniq.length };
}

/**
 * Group ids in key order (so groups come sorted by their values), one representative join row
 * per group; -1 ids for dropped rows. Null when the groups exceed `maxGroups`.
 */
function toGroupIds(keys: Keys, card: number, maxGroups: number): { gid: Int32Array; reps: Int32Array } | null {
  const n = keys.length;
  const gid = new Int32Array(n);
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
