// Two to four dimensions of codes, booleans or short integer spans: counted in one array of slots, straight from the rows.
import type { ColumnView } from './columns.ts';
import { integerSpan, MAX_SPAN } from './offsets.ts';

/** The shape of workers/group.ts's Groups (declared here: group.ts imports this module). */
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
 * their cards. Each block of rows gets its keys folded dimension by dimension, then every key is
 * counted with the mask byte added (no branch, no list of selected rows). Null when a dimension
 * is of another sort or the slots would be too many; groups in ascending key order, which is the
 * order of values dimension by dimension, nulls last, as group.ts orders them.
 */
export function directGroups(
  cols: ColumnView[],
  mask: Uint8Array | null,
  opts: { nulls: boolean; maxGroups: number },
): Groups | null {
  const axes: Axis[] = [];
  let product = 1;
  for (const col of cols) {
    const axis = toAxis(col);
    if (axis === null) return null;
    axes.push(axis);
    product *= axis.card;
    if (product > SLOTS) return null;
  }
  const slots = new Float64Array(product + 1); // the last slot takes the rows a null drops
  const keys = new Int32Array(BLOCK);
  const n = cols[0].length;
  for (let start = 0; start < n; start += BLOCK) {
    const len = Math.min(BLOCK, n - start);
    keys.fill(0, 0, len);
    for (const axis of axes) foldAxis(axis, start, len, keys, opts.nulls ? -1 : product);
    if (mask === null) for (let j = 0; j < len; j++) slots[keys[j]]++;
    else for (let j = 0; j < len; j++) slots[keys[j]] += mask[start + j];
  }
  let size = 0;
  for (let k = 0; k < product; k++) if (slots[k] > 0) size++;
  if (size > opts.maxGroups) return { size: 0, counts: new Float64Array(0), tooMany: true, dims: [] };
  const counts = new Float64Array(size);
  const ranks = axes.map(() => new Int32Array(size));
  for (let k = 0, g = 0; k < product; k++) {
    if (slots[k] === 0) continue;
    counts[g] = slots[k];
    for (let d = axes.length - 1, key = k; d >= 0; d--) {
      const r = key % axes[d].card;
      ranks[d][g] = r;
      key = (key - r) / axes[d].card;
    }
    g++;
  }
  return { size, counts, tooMany: false, dims: axes.map((a, d) => ({ ...valuesOf(a), ranks: ranks[d] })) };
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

/**
 * keys[j] = keys[j]·card + the rank of row start + j. A null takes the null rank, or, when `drop`
 * is a slot (nulls dropped), sends the row's key there for good: a key at `drop` stays past every
 * real key however it is folded further, so it is clamped back to `drop` at each step.
 */
function foldAxis(axis: Axis, start: number, len: number, keys: Int32Array, drop: number): void {
  const { col, card, min } = axis;
  const { validity, offset } = col;
  const codes = col.values as Int32Array,
    bits = col.values as Uint8Array,
    values = col.values as Float64Array | Int32Array;
  for (let j = 0; j < len; j++) {
    const i = start + j;
    const b = offset + i;
    let r: number;
    if (validity !== null && ((validity[b >> 3] >> (b & 7)) & 1) === 0) r = card - 1;
    else if (axis.kind === 'codes') r = codes[i];
    else if (axis.kind === 'bits') r = (bits[b >> 3] >> (b & 7)) & 1;
    else r = values[i] - min;
    const k = keys[j];
    keys[j] = k === drop || (drop >= 0 && r === card - 1) ? drop : k * card + r;
  }
}
