// Grouped record counts over 1–4 columns among the masked records (API.md §7, before outliers).
import { countCodes } from './codes.ts';
import { countKeys, createKeyCounter, type Found } from './count-keys.ts';
import { directGroups } from './direct.ts';
import { offsetGroups } from './offsets.ts';
import type { ColumnView } from '../table/columns.ts';
import { foldRanks, rankDimension, rankOf, search, uniqueSorted, type Keys, type RankedDim } from './rank.ts';
import { sortedGroups } from './sorted-groups.ts';
import { groupRanks } from './radix.ts';

/** One dimension of the groups: its distinct values and, per group, which one (or null). */
export type GroupDim = {
  /** Distinct values in ascending order, in DistPoint form: numbers, 0/1, decimal text for i64, strings. */
  values: ArrayLike<number | string>;
  /** `values` as numbers for clustering (i64 converted); null for dict columns. */
  numbers: Float64Array | null;
  /** Per group, the index into `values`; `values.length` means null. */
  ranks: Int32Array;
};

/** Groups in ascending order of their values, dimension by dimension, nulls last. */
export type Groups = { size: number; counts: Float64Array; dims: GroupDim[]; tooMany: boolean };

export type GroupOptions = { nulls: boolean; maxGroups: number };

const SAFE = 2 ** 53;
const TOO_MANY: Groups = Object.freeze({ size: 0, counts: new Float64Array(0), dims: [], tooMany: true });
const DIRECT_SLOTS = 1 << 22;

/**
 * Counts records per combination of values. Each dimension's value becomes a small integer
 * rank (dictionary code, bit, offset in an integer range, or else position among the sorted
 * distinct values; null last), the ranks are packed into one numeric key per record in one
 * tight loop per dimension, and the keys are counted in a typed array when their range is small
 * or in a Map otherwise. Stops as soon as the groups exceed `maxGroups` and reports `tooMany`.
 * `nulls: false` drops records with a null in any dimension. One dict or bool dimension is
 * counted straight from its codes, one integer dimension of a short span from its values
 * (offsets.ts), and several such dimensions in one array of slots when it is small (direct.ts).
 *
 * Without a limit (a clustered distribution, API.md §13) there may be a group per record: one
 * number column is then counted from its sorted values (workers/group/sorted-groups.ts), and rank tuples
 * over more slots than an array holds are grouped by radix passes (`tupleGroups`), rather than
 * held in a Map of millions of entries.
 */
export function groupCounts(cols: ColumnView[], mask: Uint8Array | null, opts: GroupOptions): Groups {
  if (cols.length === 1 && (cols[0].kind === 'dict' || cols[0].kind === 'bool')) return codeGroups(cols[0], mask, opts);
  const straight = cols.length === 1 ? offsetGroups(cols[0], mask, opts) : directGroups(cols, mask, opts);
  if (straight) return straight;
  const sel = selectRows(cols, mask, opts.nulls);
  const m = sel.length;
  const unbounded = opts.maxGroups === Number.POSITIVE_INFINITY;
  if (unbounded && cols.length === 1 && isSortable(cols[0])) return sortedGroups(cols[0], sel, opts.nulls);

  // A dimension with more distinct values than maxGroups is refused while it is being ranked.
  const dims: RankedDim[] = [];
  for (const col of cols) {
    const dim = rankDimension(col, sel, opts.maxGroups, unbounded);
    if (dim === null) return TOO_MANY;
    dims.push(dim);
  }

  // key = ((r0·c1 + r1)·c2 + r2)…, so the order of keys is the lexicographic order of ranks.
  // Int32 keys when they fit (half the memory traffic), else doubles, re-ranked past 2^53.
  // A limited distribution folds and counts a block of rows at a time, so that too many groups
  // stop it at the block where the limit is passed.
  const product = dims.reduce((p, d) => p * d.card, 1);
  if (unbounded && !isDirect(product, m)) return tupleGroups(cols, sel, dims);
  let keys: Keys = product < 2 ** 31 ? new Int32Array(m) : new Float64Array(m);
  let found: Found;
  if (!unbounded && product <= SAFE) {
    found = foldAndCount(cols, sel, dims, keys, isDirect(product, m), product, opts.maxGroups);
  } else {
    let card = 1;
    dims.forEach((dim, d) => {
      if (card * dim.card > SAFE) ({ keys, card } = densify(keys as Float64Array));
      foldRanks(cols[d], sel, dim, keys);
      card *= dim.card;
    });
    found = countKeys(keys, isDirect(card, m), card, opts.maxGroups);
  }
  if (found === null) return TOO_MANY;

  // Each group's ranks, from one of its rows.
  const { reps, counts } = found;
  return {
    size: counts.length,
    counts,
    tooMany: false,
    dims: dims.map((d, k) => ({
      values: d.values,
      numbers: d.numbers,
      ranks: Int32Array.from(reps, (p) => rankOf(cols[k], d, sel[p])),
    })),
  };
}

/** f64, i64 and Int32 integer columns (not dates or times, which rank): sortedGroups' columns. */
function isSortable(col: ColumnView): boolean {
  return col.kind === 'f64' || col.kind === 'i64' || (col.kind === 'i32' && !col.temporal);
}

/**
 * Groups of a clustered distribution over more slots than an array holds: each dimension's ranks
 * per kept row (a float's by radix argsort, rank.ts; others folded from 0), grouped by stable radix
 * passes over the rank tuples (workers/group/radix.ts) rather than packed into keys and sorted.
 */
function tupleGroups(cols: ColumnView[], sel: Int32Array, dims: RankedDim[]): Groups {
  const perRow = dims.map((d, k) => {
    if (d.ranks !== undefined) return d.ranks;
    const ranks = new Int32Array(sel.length);
    foldRanks(cols[k], sel, d, ranks);
    return ranks;
  });
  const { counts, ranks } = groupRanks(
    perRow,
    dims.map((d) => d.card),
  );
  return {
    size: counts.length,
    counts,
    tooMany: false,
    dims: dims.map((d, k) => ({ values: d.values, numbers: d.numbers, ranks: ranks[k] })),
  };
}

/** One dict or bool column: its codes counted straight from the rows. */
function codeGroups(col: ColumnView, mask: Uint8Array | null, opts: GroupOptions): Groups {
  const values = col.kind === 'bool' ? [0, 1] : col.dictionary!;
  const { counts: perCode, nullCount } = countCodes(col, mask);
  const ranks: number[] = [],
    counts: number[] = [];
  perCode.forEach((count, r) => {
    if (count > 0) {
      ranks.push(r);
      counts.push(count);
    }
  });
  if (opts.nulls && nullCount > 0) {
    ranks.push(values.length);
    counts.push(nullCount);
  }
  if (ranks.length > opts.maxGroups) return { size: 0, counts: new Float64Array(0), dims: [], tooMany: true };
  return {
    size: ranks.length,
    counts: Float64Array.from(counts),
    tooMany: false,
    dims: [{ values, numbers: col.kind === 'bool' ? Float64Array.of(0, 1) : null, ranks: Int32Array.from(ranks) }],
  };
}

/** Positions of the kept records: masked in, and without nulls unless nulls are kept. */
function selectRows(cols: ColumnView[], mask: Uint8Array | null, nulls: boolean): Int32Array {
  const n = cols[0].length;
  const checked = nulls ? [] : cols.filter((c) => c.validity !== null);
  let m = 0;
  if (checked.length === 0) {
    if (mask === null) {
      const all = new Int32Array(n);
      for (let i = 0; i < n; i++) all[i] = i;
      return all;
    }
    for (let i = 0; i < n; i++) m += mask[i];
    const out = new Int32Array(m + 1); // one spare slot for the branch-free compaction below
    for (let i = 0, k = 0; i < n; i++) {
      out[k] = i;
      k += mask[i];
    }
    return out.subarray(0, m);
  }
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (mask !== null && mask[i] === 0) continue;
    let ok = 1;
    for (const c of checked) ok &= (c.validity![(c.offset + i) >> 3] >> ((c.offset + i) & 7)) & 1;
    out[m] = i;
    m += ok;
  }
  return out.subarray(0, m);
}

/** Whether `card` keys are counted in an array of slots rather than a Map. */
function isDirect(card: number, rows: number): boolean {
  return card <= Math.min(DIRECT_SLOTS, Math.max(1024, 4 * rows));
}

const BLOCK = 1 << 16;

/** Folds the ranks of a block of rows into its keys and counts them, block after block. */
function foldAndCount(
  cols: ColumnView[],
  sel: Int32Array,
  dims: RankedDim[],
  keys: Keys,
  direct: boolean,
  card: number,
  maxGroups: number,
): Found {
  const counter = createKeyCounter(direct, card, maxGroups);
  for (let start = 0; start < sel.length; start += BLOCK) {
    const end = Math.min(sel.length, start + BLOCK);
    const rows = sel.subarray(start, end),
      block = keys.subarray(start, end);
    for (let d = 0; d < dims.length; d++) foldRanks(cols[d], rows, dims[d], block);
    if (!counter.add(block, start)) return null;
  }
  return counter.finish();
}

/** Replaces keys by their rank among the distinct keys, keeping their order. */
function densify(keys: Float64Array): { keys: Float64Array; card: number } {
  const uniq = uniqueSorted(keys.slice().sort());
  const out = new Float64Array(keys.length);
  for (let p = 0; p < keys.length; p++) out[p] = search(uniq, keys[p]);
  return { keys: out, card: uniq.length };
}
