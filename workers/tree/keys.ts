// Group keys of tree distributions: one key per join row from the dimensions' ranks, and group ids in key order.
import type { TreeDimension } from '../../src/contract/tree.ts';
import { search, uniqueSorted, type Keys } from '../group/rank.ts';
import type { TreeView } from './open.ts';
import type { RankedColumn } from './rows.ts';

const SAFE = 2 ** 53;
const DIRECT_SLOTS = 1 << 22;
/** Join rows per block: a block's rows and ranks (16 KiB each) stay in cache while they are combined. */
export const BLOCK = 4096;

/**
 * key = ((r0·c1 + r1)·c2 + r2)… per join row (r_k: the rank of dimension k at the row its path
 * reaches from the base row), -1 for a dropped row (`baseRows` -1, or a null with `nulls` false);
 * `kept` counts the others. Instead `{ keyed }`, the join rows keyed so far, as soon as the keys
 * of the blocks keyed so far hold more than `maxGroups` distinct ones (Int32 keys only): a
 * distribution that will be refused stops at the block that passes the limit.
 *
 * Why in place: at tens of millions of join rows every array over them is hundreds of MiB
 * written and read back through memory (where, ten times smaller, it stayed in the cache). While
 * the product of cards fits an Int32, blocks of BLOCK rows are keyed over all dimensions at once
 * and the keys overwrite `baseRows`: no second array. Otherwise keys are Float64, built one
 * dimension at a time so they can be densified before they would pass 2^53.
 */
export function groupKeys(
  tree: TreeView,
  baseRows: Int32Array,
  dimensions: TreeDimension[],
  ranked: RankedColumn[],
  nulls: boolean,
  maxGroups = Number.POSITIVE_INFINITY,
): { keys: Keys; card: number; kept: number } | { keyed: number } {
  const n = baseRows.length;
  const cards = ranked.map((r) => r.dim.card);
  const product = cards.reduce((p, c) => p * c, 1);
  const base = new Int32Array(BLOCK),
    rows = new Int32Array(BLOCK),
    ranks = new Int32Array(BLOCK);
  /** Adds dimension k's rank to the keys of rows j0..j0+len-1 (keys[j0 + i], base rows in `base`). */
  const addRanks = (k: number, j0: number, len: number, keys: Keys) => {
    rows.set(base.subarray(0, len));
    followRows(tree, dimensions[k].path, rows, len);
    const c = cards[k],
      nullRank = c - 1;
    ranked[k].ranks(rows, len, ranks, nullRank);
    for (let i = 0, j = j0; i < len; i++, j++) {
      if (keys[j] < 0) continue;
      const r = ranks[i];
      keys[j] = !nulls && r === nullRank ? -1 : keys[j] * c + r;
    }
  };
  if (product < 2 ** 31) {
    const keys = baseRows;
    const seen = maxGroups < Number.POSITIVE_INFINITY ? createKeySet(product, maxGroups) : null;
    let kept = 0;
    for (let j0 = 0; j0 < n; j0 += BLOCK) {
      const len = Math.min(BLOCK, n - j0);
      base.set(baseRows.subarray(j0, j0 + len));
      for (let j = j0; j < j0 + len; j++) keys[j] = keys[j] < 0 ? -1 : 0;
      for (let k = 0; k < dimensions.length; k++) addRanks(k, j0, len, keys);
      for (let j = j0; j < j0 + len; j++) kept += +(keys[j] >= 0);
      if (seen !== null && !seen.add(keys, j0, j0 + len)) return { keyed: j0 + len };
    }
    return { keys, card: product, kept };
  }
  let keys: Float64Array = new Float64Array(n);
  for (let j = 0; j < n; j++) if (baseRows[j] < 0) keys[j] = -1;
  let card = 1;
  for (let k = 0; k < dimensions.length; k++) {
    if (card * cards[k] > SAFE) ({ keys, card } = densify(keys));
    for (let j0 = 0; j0 < n; j0 += BLOCK) {
      const len = Math.min(BLOCK, n - j0);
      base.set(baseRows.subarray(j0, j0 + len));
      addRanks(k, j0, len, keys);
    }
    card *= cards[k];
  }
  let kept = 0;
  for (let j = 0; j < n; j++) kept += +(keys[j] >= 0);
  return { keys, card, kept };
}

/**
 * The distinct non-negative Int32 keys seen, up to `limit`: a byte per key when there are few
 * enough keys, else an open-addressing table of 2–4 × limit slots (never more than limit + 1
 * entries, so it stays small whatever the rows). `add` is false once there are more than limit.
 */
function createKeySet(card: number, limit: number): { add(keys: Keys, from: number, to: number): boolean } {
  let count = 0;
  if (card <= DIRECT_SLOTS) {
    const seen = new Uint8Array(card);
    return {
      add(keys, from, to) {
        for (let j = from; j < to; j++) {
          const k = keys[j];
          if (k < 0 || seen[k] === 1) continue;
          seen[k] = 1;
          if (++count > limit) return false;
        }
        return true;
      },
    };
  }
  const bits = Math.ceil(Math.log2(2 * limit + 2));
  const slots = new Int32Array(2 ** bits).fill(-1);
  const mask = 2 ** bits - 1;
  return {
    add(keys, from, to) {
      for (let j = from; j < to; j++) {
        const k = keys[j];
        if (k < 0) continue;
        let h = Math.imul(k, 0x9e3779b1) >>> (32 - bits); // the product's high bits: Fibonacci hashing
        while (slots[h] >= 0 && slots[h] !== k) h = (h + 1) & mask;
        if (slots[h] === k) continue;
        slots[h] = k;
        if (++count > limit) return false;
      }
      return true;
    },
  };
}

/** Follows a link path in place over rows[0..len) (links in their direction); -1 stays -1. */
export function followRows(tree: TreeView, path: number[], rows: Int32Array, len: number): void {
  for (const link of path) {
    const res = tree.resolved(link);
    for (let i = 0; i < len; i++) {
      const r = rows[i];
      rows[i] = r < 0 ? -1 : res[r];
    }
  }
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
export function toGroupIds(
  keys: Keys,
  card: number,
  kept: number,
  maxGroups: number,
): { gid: Int32Array; reps: Int32Array } | null {
  const n = keys.length;
  const gid = keys instanceof Int32Array ? keys : new Int32Array(n);
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
