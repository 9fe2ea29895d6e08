// Binned and truncated axes (API.md §13): a column's values turned into bin indexes or period ordinals before grouping.
import { toBin } from '../../src/common/bins.ts';
import { DAY_MS, toPeriod } from '../../src/common/intervals.ts';
import type { AxisSpec } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';

/**
 * The column to group an axis by: the column itself for an exact axis; else a Float64 column of
 * whole numbers (bin index, or period ordinal) with the same nulls, so grouping, ranking and entity
 * counting run unchanged and groups come out in bin or period order. The route turns the indexes
 * back into values and labels. A null's slot is computed from whatever it holds and never read.
 */
export function toAxisColumn(col: ColumnView, axis: AxisSpec): ColumnView {
  if (axis.kind === 'exact') return col;
  const n = col.length;
  const out = new Float64Array(n);
  const src = col.values as Float64Array | Int32Array | BigInt64Array;
  if (axis.kind === 'bins') {
    const spec = axis.bins;
    if (src instanceof BigInt64Array) for (let i = 0; i < n; i++) out[i] = toBin(Number(src[i]), spec);
    else if (spec.width === 0) out.fill(0);
    else binLoop(src, out, spec.inv, spec.width, spec.base, spec.count);
  } else {
    const { unit, type } = axis;
    const values = src as Float64Array | Int32Array;
    if (unit === 'day' && type === 'datetime') scaleLoop(values, out, DAY_MS, 0, 1);
    else if (unit === 'day') out.set(values.subarray(0, n));
    else if (unit === 'week' && type === 'date') scaleLoop(values, out, 1, 3, 7);
    else if (unit === 'hour') scaleLoop(values, out, 3_600_000, 0, 1);
    else if (unit === 'minute') scaleLoop(values, out, 60_000, 0, 1);
    else for (let i = 0; i < n; i++) out[i] = toPeriod(values[i], unit, type);
  }
  return { ...col, kind: 'f64', values: out, temporal: false };
}

/** out[i] = min(count − 1, max(0, ⌊x·inv⌋ − base)) (or ⌊x / width⌋ when inv is 0): one tight loop. */
function binLoop(
  src: Float64Array | Int32Array,
  out: Float64Array,
  inv: number,
  width: number,
  base: number,
  count: number,
): void {
  const last = count - 1;
  for (let i = 0; i < out.length; i++) {
    const b = Math.floor(inv > 0 ? src[i] * inv : src[i] / width) - base;
    out[i] = b > last ? last : b < 0 ? 0 : b;
  }
}

/** out[i] = ⌊(⌊v / unit⌋ + shift) / group⌋: days, hours, minutes, Monday weeks of whole days. */
function scaleLoop(src: Float64Array | Int32Array, out: Float64Array, unit: number, shift: number, group: number) {
  for (let i = 0; i < out.length; i++) out[i] = Math.floor((Math.floor(src[i] / unit) + shift) / group);
}
