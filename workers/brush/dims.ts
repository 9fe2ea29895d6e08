// Linked brushing (API.md §16): one dimension of a brushed chart ranked over every row of the table (its groups' order), and the kept rows and shared arrays a view is made of.
import { toBin } from '../../src/common/bins.ts';
import { toPeriod } from '../../src/common/intervals.ts';
import type { AxisSpec } from '../../src/contract/tasks.ts';
import { toAxisColumn } from '../dist/axes.ts';
import { rankFloats } from '../group/radix.ts';
import type { ColumnView } from '../table/columns.ts';
import { yieldToRequests } from '../yield.ts';

/** One dimension ranked over every row of the table: its rank per row, its ranks' count (nulls last), its values. */
export type Ranked = { kind: 'number' | 'dict' | 'bool'; card: number; ranks: Int32Array; values: Float64Array | null };

export function rankDim(col: ColumnView, axis: AxisSpec, n: number): Ranked | null {
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
    yieldToRequests,
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
  yieldToRequests();
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
export function keptRows(mask: Uint8Array | null, n: number): Int32Array {
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

export function shared<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array>(
  type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  n: number,
): T {
  return new type(new SharedArrayBuffer(type.BYTES_PER_ELEMENT * n));
}
