// Two to four dimensions of codes, booleans or short integer spans: counted in one array of slots, straight from the rows.
import type { ColumnView } from '../table/columns.ts';
import { integerSpan, MAX_SPAN } from './offsets.ts';
import { keptRows } from './kept-rows.ts';
import { countPair, countPairInRange, isDense } from './pair.ts';

/** The shape of workers/group/group.ts's Groups (declared here: group.ts imports this module). */
type Groups = {
  size: number;
  counts: Float64Array;
  tooMany: boolean;
  dims: { values: ArrayLike<number | string>; numbers: Float64Array | null; ranks: Int32Array }[];
};

const SLOTS = 1 << 22;
const BLOCK = 1 << 12;

/** How one dimension gives a row's rank: its code, its bit, or its value's offset from `min`; `card` counts the null rank. */
type Axis = { col: ColumnView; kind: 'codes' | 'bits' | 'offset'; min: number; card: number };

/**
 * Why: every dimension here already is a small integer per row (a dictionary code, a bit, or a
 * value of a column whose span is short), so a group is a slot of one array of the product of
 * their cards. Each block of rows is first cut down to the rows it keeps (masked in, and without
 * a null when nulls are dropped: a branch-free compaction), then each kept row's key is folded
 * dimension by dimension from ranks read in one tight loop per dimension, and counted. Under a
 * sparse context (5% of the rows) only the kept rows are read and folded. Null when a dimension
 * is of another sort or the slots would be too many; groups in ascending key order, which is the
 * order of values dimension by dimension, nulls last, as group.ts orders them.
 */
export function directGroups(
  cols: ColumnView[],
  mask: Uint8Array | null,
  opts: { nulls: boolean; maxGroups: number },
): Groups | null {
  const shape = toAxes(cols);
  if (shape === null) return null;
  const { axes, product } = shape;
  const slots = new Float64Array(product);
  const checked = opts.nulls ? [] : cols.filter((c) => c.validity !== null);
  const n = cols[0].length;
  if (isPair(axes) && (mask === null || isDense(mask))) {
    const [a, b] = axes;
    countPair(a.col.values as Int32Array, b.col.values as Int32Array, -a.min * b.card - b.min, b.card, mask, slots, n);
  } else countBlocks(axes, mask, checked, slots, n);
  return toGroups(axes, slots, product, opts.maxGroups);
}

/**
 * directGroups of two Int32 dimensions without nulls under a context that is one comparison on an
 * Int32 column (workers/mask/range.ts), counted without a mask (pair.ts); null where that path does
 * not apply (the caller counts under the mask).
 */
export function rangedPairGroups(
  cols: ColumnView[],
  filter: { values: Int32Array; lo: number; hi: number },
  opts: { maxGroups: number },
): Groups | null {
  const shape = toAxes(cols);
  if (shape === null || !isPair(shape.axes)) return null;
  const { axes, product } = shape;
  const [a, b] = axes;
  const slots = new Float64Array(product);
  const base = -a.min * b.card - b.min;
  countPairInRange(a.col.values as Int32Array, b.col.values as Int32Array, base, b.card, filter, slots, cols[0].length);
  return toGroups(axes, slots, product, opts.maxGroups);
}

/** Each column's axis and the product of their cards; null when one is of another sort or the slots would be too many. */
function toAxes(cols: ColumnView[]): { axes: Axis[]; product: number } | null {
  const axes: Axis[] = [];
  let product = 1;
  for (const col of cols) {
    const axis = toAxis(col);
    if (axis === null) return null;
    axes.push(axis);
    product *= axis.card;
    if (product > SLOTS) return null;
  }
  return { axes, product };
}

/** Counts the rows into slots block by block: the kept rows compacted, their ranks read and folded into keys. */
function countBlocks(
  axes: Axis[],
  mask: Uint8Array | null,
  checked: ColumnView[],
  slots: Float64Array,
  n: number,
): void {
  const keys = new Int32Array(BLOCK),
    ranks = new Int32Array(BLOCK),
    rows = new Int32Array(BLOCK);
  for (let start = 0; start < n; start += BLOCK) {
    const len = Math.min(BLOCK, n - start);
    const every = mask === null && checked.length === 0;
    const kept = every ? len : keptRows(mask, checked, start, len, rows);
    for (let d = 0; d < axes.length; d++) {
      if (every) rankBlock(axes[d], start, len, ranks);
      else rankRows(axes[d], rows, kept, ranks);
      foldRanks(keys, ranks, kept, d === 0 ? 0 : axes[d].card);
    }
    for (let j = 0; j < kept; j++) slots[keys[j]]++;
  }
}

/** Two axes countPair can count: codes or Int32 values, no null in either. */
function isPair(axes: Axis[]): boolean {
  return (
    axes.length === 2 &&
    axes.every((a) => a.kind !== 'bits' && a.col.values instanceof Int32Array && a.col.validity === null)
  );
}

/** The groups of the non-empty slots, in ascending key order. */
function toGroups(axes: Axis[], slots: Float64Array, product: number, maxGroups: number): Groups {
  let size = 0;
  for (let k = 0; k < product; k++) if (slots[k] > 0) size++;
  if (size > maxGroups) return { size: 0, counts: new Float64Array(0), tooMany: true, dims: [] };
  const counts = new Float64Array(size);
  const dimRanks = axes.map(() => new Int32Array(size));
  for (let k = 0, g = 0; k < product; k++) {
    if (slots[k] === 0) continue;
    counts[g] = slots[k];
    for (let d = axes.length - 1, key = k; d >= 0; d--) {
      const r = key % axes[d].card;
      dimRanks[d][g] = r;
      key = (key - r) / axes[d].card;
    }
    g++;
  }
  return { size, counts, tooMany: false, dims: axes.map((a, d) => ({ ...valuesOf(a), ranks: dimRanks[d] })) };
}

function toAxis(col: ColumnView): Axis | null {
  if (col.kind === 'dict') return { col, kind: 'codes', min: 0, card: col.dictionary!.length + 1 };
  if (col.kind === 'bool') return { col, kind: 'bits', min: 0, card: 3 };
  const span = integerSpan(col);
  if (span === null || span.max - span.min >= MAX_SPAN) return null;
  return { col, kind: 'offset', min: span.min, card: span.max - span.min + 2 };
}

/** values[rank] for ranks below card − 1 (the null rank). */
function valuesOf(a: Axis): { values: ArrayLike<number | string>; numbers: Float64Array | null } {
  if (a.kind === 'codes') return { values: a.col.dictionary!, numbers: null };
  const numbers =
    a.kind === 'bits' ? Float64Array.of(0, 1) : Float64Array.from({ length: a.card - 1 }, (_, r) => a.min + r);
  return { values: numbers, numbers };
}

/** ranks[p] = the rank of row rows[p] on the axis (its code, bit or offset from min; a null the last rank). */
function rankRows(axis: Axis, rows: Int32Array, kept: number, ranks: Int32Array): void {
  const { col, min } = axis;
  const { validity, offset } = col;
  if (axis.kind === 'codes') {
    const codes = col.values as Int32Array;
    for (let p = 0; p < kept; p++) ranks[p] = codes[rows[p]];
  } else if (axis.kind === 'bits') {
    const bits = col.values as Uint8Array;
    for (let p = 0; p < kept; p++) {
      const b = offset + rows[p];
      ranks[p] = (bits[b >> 3] >> (b & 7)) & 1;
    }
  } else {
    const values = col.values as Float64Array | Int32Array;
    for (let p = 0; p < kept; p++) ranks[p] = values[rows[p]] - min;
  }
  if (validity === null) return;
  const nullRank = axis.card - 1;
  for (let p = 0; p < kept; p++) {
    const b = offset + rows[p];
    if (((validity[b >> 3] >> (b & 7)) & 1) === 0) ranks[p] = nullRank;
  }
}

/** rankRows over the consecutive rows start..start + len − 1 (no context, nothing dropped): no gather. */
function rankBlock(axis: Axis, start: number, len: number, ranks: Int32Array): void {
  const { col, min } = axis;
  const { validity, offset } = col;
  if (axis.kind === 'codes') ranks.set((col.values as Int32Array).subarray(start, start + len));
  else if (axis.kind === 'bits') {
    const bits = col.values as Uint8Array;
    for (let p = 0, b = offset + start; p < len; p++, b++) ranks[p] = (bits[b >> 3] >> (b & 7)) & 1;
  } else {
    const values = col.values as Float64Array | Int32Array;
    for (let p = 0, i = start; p < len; p++, i++) ranks[p] = values[i] - min;
  }
  if (validity === null) return;
  const nullRank = axis.card - 1;
  for (let p = 0, b = offset + start; p < len; p++, b++)
    if (((validity[b >> 3] >> (b & 7)) & 1) === 0) ranks[p] = nullRank;
}

/** keys[p] = keys[p]·card + ranks[p]; a card of 0 starts the keys. */
function foldRanks(keys: Int32Array, ranks: Int32Array, kept: number, card: number): void {
  for (let p = 0; p < kept; p++) keys[p] = keys[p] * card + ranks[p];
}
