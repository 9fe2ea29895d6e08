// Linked brushing (API.md §16): a brushed view's index, the base's rows sorted by the brushed column and each chart's groups in that order.
import type { BrushChart, BrushView } from '../../src/contract/brush.ts';
import type { AxisSpec } from '../../src/contract/tasks.ts';
import type { ContextNode } from '../../src/contract/context.ts';
import { toBin } from '../../src/common/bins.ts';
import { toPeriod } from '../../src/common/intervals.ts';
import { toAxisColumn } from '../dist/axes.ts';
import type { ColumnView, TableView } from '../table/columns.ts';
import { contextMask } from '../mask/mask.ts';
import { rankFloats } from '../group/radix.ts';

/** Most groups a chart's index holds (its codes fit Uint16); a chart with more is answered by a scan. */
export const MAX_CHART_GROUPS = 1 << 16;
/** Most rank tuples a chart's dimensions may span before the present ones are numbered. */
const MAX_TUPLES = 1 << 24;

/**
 * The rows `base` keeps whose value in `column` is not null, sorted by that value: the distinct
 * values ascending (`uniq`), where each one's rows start in the order (`starts`), and the rows.
 * Null when the column is not a Float64 or Int32 one (64-bit integers are scanned) or holds a NaN.
 * Memory: 4 bytes a kept row and 12 a distinct value, in shared memory (every thread reads it).
 */
export function brushView(table: TableView, base: ContextNode | null, column: string): BrushView | null {
  const col = table.column(column);
  if (col.kind !== 'f64' && col.kind !== 'i32') return null;
  const sel = keptRows(contextMask(table, base), table.rows);
  const ranked = rankFloats(col.values as Float64Array | Int32Array, col.validity, col.offset, sel);
  if (ranked === null) return null;
  const { ranks, uniq } = ranked;
  const u = uniq.length;
  const starts = new Int32Array(new SharedArrayBuffer(4 * (u + 1)));
  for (let p = 0; p < ranks.length; p++) if (ranks[p] < u) starts[ranks[p] + 1]++;
  for (let j = 0; j < u; j++) starts[j + 1] += starts[j];
  const rows = new Int32Array(new SharedArrayBuffer(4 * starts[u]));
  const next = starts.slice(0, u);
  for (let p = 0; p < ranks.length; p++) {
    const r = ranks[p];
    if (r < u) rows[next[r]++] = sel[p];
  }
  const values = new Float64Array(new SharedArrayBuffer(8 * u));
  values.set(uniq);
  return {
    size: rows.length,
    uniq: values,
    starts,
    rows,
    bytes: values.byteLength + starts.byteLength + rows.byteLength,
  };
}

/**
 * One chart's groups over a view, in the view's order: each position's group code (groups numbered in
 * the order of their values, dimension by dimension, nulls last: the order a scan lists them in) and
 * the running count of every group at each `block`-th position. Null when a dimension is a 64-bit
 * integer, a float dimension holds a NaN, or there are more than MAX_CHART_GROUPS groups.
 */
export function brushChart(table: TableView, view: BrushView, columns: string[], axes: AxisSpec[]): BrushChart | null {
  const rows = view.rows;
  const m = rows.length,
    n = table.rows;
  // Ranks and keys row by row (sequential reads), over every row of the table: a group no row of the
  // view holds is counted 0 and never shown.
  const dims: (Ranked | null)[] = columns.map((c, d) => rankDim(table.column(c), axes[d] ?? { kind: 'exact' }, n));
  if (dims.some((d) => d === null)) return null;
  const ranked = dims as Ranked[];
  const tuples = ranked.reduce((p, d) => p * d.card, 1);
  if (tuples > MAX_TUPLES) return null;
  // Each row's tuple as one key in lexicographic order of the ranks; the present keys numbered in order.
  const keys = ranked.length === 1 ? ranked[0].ranks : new Int32Array(n);
  if (ranked.length > 1) for (const d of ranked) for (let i = 0; i < n; i++) keys[i] = keys[i] * d.card + d.ranks[i];
  const codeOf = new Int32Array(tuples).fill(-1);
  for (let i = 0; i < n; i++) codeOf[keys[i]] = 0;
  let card = 0;
  for (let k = 0; k < tuples; k++) if (codeOf[k] === 0) codeOf[k] = card++;
  if (card > MAX_CHART_GROUPS) return null;
  // Each row's code in a compact array, then gathered in the view's order: the one pass of random
  // reads, over 1 or 2 bytes a row rather than the columns' 4 or 8.
  const small = card <= 256;
  const byRow = small ? new Uint8Array(n) : new Uint16Array(n);
  for (let i = 0; i < n; i++) byRow[i] = codeOf[keys[i]];
  const codes = small ? shared(Uint8Array, m) : shared(Uint16Array, m);
  gather(byRow, rows, codes);
  // Per group, its rank in every dimension, and whether one of them is null (the last rank).
  const groupRanks = ranked.map(() => shared(Int32Array, card));
  const withNull = shared(Uint8Array, card);
  for (let k = 0; k < tuples; k++) {
    const g = codeOf[k];
    if (g < 0) continue;
    for (let d = ranked.length - 1, rest = k; d >= 0; d--) {
      const r = rest % ranked[d].card;
      rest = (rest - r) / ranked[d].card;
      groupRanks[d][g] = r;
      if (r === ranked[d].card - 1) withNull[g] = 1;
    }
  }
  // A block of at least 8 positions a group: the marks take at most half a byte a position.
  let block = 2048;
  while (block < 8 * card) block *= 2;
  const marks = shared(Uint32Array, (Math.floor(m / block) + 1) * card);
  const running = new Uint32Array(card);
  for (let start = 0, k = 0; start <= m; start += block, k++) {
    marks.set(running, k * card);
    const end = Math.min(m, start + block);
    for (let p = start; p < end; p++) running[codes[p]]++;
  }
  const out = ranked.map((d, i) => ({ kind: d.kind, column: columns[i], values: d.values, ranks: groupRanks[i] }));
  const bytes =
    codes.byteLength +
    marks.byteLength +
    withNull.byteLength +
    out.reduce((n, d) => n + d.ranks.byteLength + (d.values?.byteLength ?? 0), 0);
  return { card, block, codes, marks, withNull, dims: out, bytes };
}

/** out[p] = from[rows[p]]. */
function gather(from: Uint8Array | Uint16Array, rows: Int32Array, out: Uint8Array | Uint16Array): void {
  for (let p = 0; p < rows.length; p++) out[p] = from[rows[p]];
}

/** One dimension ranked over every row of the table: its rank per row, its ranks' count (nulls last), its values. */
type Ranked = { kind: 'number' | 'dict' | 'bool'; card: number; ranks: Int32Array; values: Float64Array | null };

function rankDim(col: ColumnView, axis: AxisSpec, n: number): Ranked | null {
  const { validity, offset } = col;
  const valid = (i: number) => validity === null || ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 1;
  if (col.kind === 'dict' || col.kind === 'bool') {
    const isBool = col.kind === 'bool';
    const size = isBool ? 2 : col.dictionary!.length;
    const ranks = new Int32Array(n);
    const codes = col.values as Int32Array,
      bits = col.values as Uint8Array;
    for (let i = 0; i < n; i++) {
      const b = offset + i;
      ranks[i] = !valid(i) ? size : isBool ? (bits[b >> 3] >> (b & 7)) & 1 : codes[i];
    }
    return { kind: isBool ? 'bool' : 'dict', card: size + 1, ranks, values: null };
  }
  if (col.kind === 'i64') return null;
  const slotted = slotDim(col, axis, n);
  if (slotted !== null) return slotted;
  const axisCol = toAxisColumn(col, axis);
  const ranked = rankFloats(
    axisCol.values as Float64Array | Int32Array,
    axisCol.validity,
    axisCol.offset,
    keptRows(null, n),
  );
  if (ranked === null) return null; // a NaN: left to the scan
  const values = shared(Float64Array, ranked.uniq.length);
  values.set(ranked.uniq);
  return { kind: 'number', card: values.length + 1, ranks: ranked.ranks, values };
}

/** Most slots a dimension counted by slot spans (a short integer span, bins, periods). */
const MAX_SLOTS = 1 << 16;

/**
 * An Int32 column's own values, bins or periods as slots: each position's slot (its value, bin index
 * or period ordinal, in the order of the values) less the smallest, without a sort; the rank of a
 * slot no row holds is never asked for. Null for an exact Float64 axis, or slots spanning more than
 * MAX_SLOTS (ranked by rankFloats).
 */
function slotDim(col: ColumnView, axis: AxisSpec, n: number): Ranked | null {
  if (axis.kind === 'exact' && col.kind !== 'i32') return null;
  const values = col.values as Float64Array | Int32Array;
  const slotOf =
    axis.kind === 'bins'
      ? (v: number) => toBin(v, axis.bins)
      : axis.kind === 'interval'
        ? (v: number) => toPeriod(v, axis.unit, axis.type)
        : (v: number) => v;
  const ranks = new Int32Array(n);
  const { validity, offset } = col;
  let lo = Number.POSITIVE_INFINITY,
    hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    if (validity !== null && ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 0) {
      ranks[i] = -1;
      continue;
    }
    const s = slotOf(values[i]);
    ranks[i] = s;
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  if (lo > hi) lo = hi = 0;
  const span = hi - lo + 1;
  if (span > MAX_SLOTS) return null;
  for (let i = 0; i < n; i++) ranks[i] = ranks[i] === -1 && isNull(col, i) ? span : ranks[i] - lo;
  const out = shared(Float64Array, span);
  for (let k = 0; k < span; k++) out[k] = lo + k;
  return { kind: 'number', card: span + 1, ranks, values: out };
}

function isNull(col: ColumnView, i: number): boolean {
  const { validity, offset } = col;
  return validity !== null && ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 0;
}

/** Rows 0..n-1 the mask keeps (all of them without one). */
function keptRows(mask: Uint8Array | null, n: number): Int32Array {
  if (mask === null) {
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    return all;
  }
  let m = 0;
  for (let i = 0; i < n; i++) m += mask[i];
  const out = new Int32Array(m + 1);
  for (let i = 0, k = 0; i < n; i++) {
    out[k] = i;
    k += mask[i];
  }
  return out.subarray(0, m);
}

function shared<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array>(
  type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  n: number,
): T {
  return new type(new SharedArrayBuffer(type.BYTES_PER_ELEMENT * n));
}
