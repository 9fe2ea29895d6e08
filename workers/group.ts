// Grouped record counts over 1–4 columns among the masked records (API.md §7, before outliers).
import type { ColumnView } from './columns.ts';

/** One dimension of the groups: its distinct values and, per group, which one (or null). */
export type GroupDim = {
  /** Distinct values in ascending order, in DistPoint form: numbers, 0/1, decimal text for i64, strings. */
  values: (number | string)[];
  /** `values` as numbers for clustering (i64 converted); null for dict columns. */
  numbers: Float64Array | null;
  /** Per group, the index into `values`; `values.length` means null. */
  ranks: Int32Array;
};

/** Groups in ascending order of their values, dimension by dimension, nulls last. */
export type Groups = { size: number; counts: Float64Array; dims: GroupDim[]; tooMany: boolean };

export type GroupOptions = { nulls: boolean; maxGroups: number };

const SAFE = 2 ** 53;
const DIRECT_SLOTS = 1 << 22;

/**
 * Counts records per combination of values. Each dimension's value becomes a small integer
 * rank (dictionary code, bit, or position in the sorted distinct values, with null last), the
 * ranks are packed into one numeric key per record, and keys are counted in a typed array
 * when their range is small or in a Map otherwise. Stops as soon as the groups exceed
 * `maxGroups` and reports `tooMany`. `nulls: false` drops records with a null in any dimension.
 */
export function groupCounts(cols: ColumnView[], mask: Uint8Array | null, opts: GroupOptions): Groups {
  const sel = selectRows(cols, mask, opts.nulls);
  const dims = cols.map((col) => rankDimension(col, sel));
  const m = sel.length;

  // Pack ranks: key = ((r0·c1 + r1)·c2 + r2)…; order of keys = lexicographic order of ranks.
  let keys: Float64Array = Float64Array.from(dims[0].rowRanks);
  let card = dims[0].card;
  for (let d = 1; d < dims.length; d++) {
    if (card * dims[d].card > SAFE) ({ keys, card } = densify(keys));
    const r = dims[d].rowRanks, c = dims[d].card;
    for (let p = 0; p < m; p++) keys[p] = keys[p] * c + r[p];
    card *= c;
  }

  const found = card <= Math.min(DIRECT_SLOTS, Math.max(1024, 4 * m))
    ? countDirect(keys, card, opts.maxGroups)
    : countHashed(keys, opts.maxGroups);
  if (found === null) return { size: 0, counts: new Float64Array(0), dims: [], tooMany: true };

  const { reps, counts } = found;
  return {
    size: counts.length,
    counts,
    tooMany: false,
    dims: dims.map((d) => ({ values: d.values, numbers: d.numbers, ranks: Int32Array.from(reps, (p) => d.rowRanks[p]) })),
  };
}

/** Positions of the kept records: masked in, and without nulls unless nulls are kept. */
function selectRows(cols: ColumnView[], mask: Uint8Array | null, nulls: boolean): Int32Array {
  const n = cols[0].length;
  const out = new Int32Array(n);
  let m = 0;
  const checked = nulls ? [] : cols.filter((c) => c.validity !== null);
  for (let i = 0; i < n; i++) {
    if (mask !== null && mask[i] === 0) continue;
    let ok = true;
    for (const c of checked) {
      const b = c.offset + i;
      if ((c.validity![b >> 3] & (1 << (b & 7))) === 0) { ok = false; break; }
    }
    if (ok) out[m++] = i;
  }
  return out.subarray(0, m);
}

type RankedDim = { values: (number | string)[]; numbers: Float64Array | null; rowRanks: Int32Array; card: number };

/** Per kept record, the rank of its value in this dimension; null gets the last rank. */
function rankDimension(col: ColumnView, sel: Int32Array): RankedDim {
  const { validity, offset } = col;
  const rowRanks = new Int32Array(sel.length);
  const isNull = (i: number) => validity !== null && (validity[(offset + i) >> 3] & (1 << ((offset + i) & 7))) === 0;

  if (col.kind === 'dict' || col.kind === 'bool') {
    const values = col.kind === 'dict' ? col.dictionary! : [0, 1];
    const nullRank = values.length;
    for (let p = 0; p < sel.length; p++) {
      const i = sel[p];
      if (isNull(i)) rowRanks[p] = nullRank;
      else if (col.kind === 'dict') rowRanks[p] = (col.values as Int32Array)[i];
      else rowRanks[p] = ((col.values as Uint8Array)[(offset + i) >> 3] >> ((offset + i) & 7)) & 1;
    }
    return { values, numbers: col.kind === 'bool' ? Float64Array.of(0, 1) : null, rowRanks, card: nullRank + 1 };
  }

  const src = col.values as Float64Array | Int32Array | BigInt64Array;
  const present: number[] = [];
  for (let p = 0; p < sel.length; p++) if (!isNull(sel[p])) present.push(p);
  const sorted = new (src.constructor as new (n: number) => typeof src)(present.length);
  for (let k = 0; k < present.length; k++) sorted[k] = src[sel[present[k]]];
  sorted.sort();
  const uniq = uniqueSorted(sorted);
  const nullRank = uniq.length;
  rowRanks.fill(nullRank);
  for (const p of present) rowRanks[p] = search(uniq, src[sel[p]]);
  const isBig = uniq instanceof BigInt64Array;
  return {
    values: Array.from(uniq as ArrayLike<number | bigint>, (v) => (isBig ? String(v) : (v as number))),
    numbers: Float64Array.from(uniq as ArrayLike<number | bigint>, Number),
    rowRanks,
    card: nullRank + 1,
  };
}

function uniqueSorted<T extends Float64Array | Int32Array | BigInt64Array>(sorted: T): T {
  let k = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[k++] = sorted[i];
  return sorted.subarray(0, k) as T;
}

/** Index of v in an ascending array that holds it. */
function search(sorted: ArrayLike<number | bigint>, v: number | bigint): number {
  let lo = 0, hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Replaces keys by their rank among the distinct keys, keeping their order. */
function densify(keys: Float64Array): { keys: Float64Array; card: number } {
  const uniq = uniqueSorted(keys.slice().sort());
  const out = new Float64Array(keys.length);
  for (let p = 0; p < keys.length; p++) out[p] = search(uniq, keys[p]);
  return { keys: out, card: uniq.length };
}

type Found = { reps: Int32Array; counts: Float64Array } | null;

/** Counts keys in a dense array of `card` slots; groups come out in key order. */
function countDirect(keys: Float64Array, card: number, maxGroups: number): Found {
  const slots = new Float64Array(card);
  const first = new Int32Array(card);
  let groups = 0;
  for (let p = 0; p < keys.length; p++) {
    const k = keys[p];
    if (slots[k]++ === 0) {
      first[k] = p;
      if (++groups > maxGroups) return null;
    }
  }
  const reps = new Int32Array(groups), counts = new Float64Array(groups);
  for (let k = 0, g = 0; k < card; k++) {
    if (slots[k] === 0) continue;
    reps[g] = first[k];
    counts[g++] = slots[k];
  }
  return { reps, counts };
}

/** Counts keys in a Map when their range is too wide for an array, then sorts the keys. */
function countHashed(keys: Float64Array, maxGroups: number): Found {
  const index = new Map<number, number>();
  const first: number[] = [], tally: number[] = [];
  for (let p = 0; p < keys.length; p++) {
    const g = index.get(keys[p]);
    if (g !== undefined) { tally[g]++; continue; }
    if (index.size >= maxGroups) return null;
    index.set(keys[p], first.length);
    first.push(p);
    tally.push(1);
  }
  const sortedKeys = Float64Array.from(index.keys()).sort();
  const reps = new Int32Array(sortedKeys.length), counts = new Float64Array(sortedKeys.length);
  sortedKeys.forEach((k, i) => {
    const g = index.get(k)!;
    reps[i] = first[g];
    counts[i] = tally[g];
  });
  return { reps, counts };
}
