// Gathers the non-null values of a numeric column among the masked records into a fresh typed array.
import { countNulls } from '../../src/common/bitmap.ts';
import type { ColumnView } from './columns.ts';

export type Selected = { values: Float64Array | Int32Array | BigInt64Array; nullCount: number };

/** A copy of the kept, non-null values (same element type as the column) and the number of kept nulls. */
export function selectValues(col: ColumnView, mask: Uint8Array | null): Selected {
  if (col.kind === 'i64') return gather(col, mask, col.values as BigInt64Array, (n) => new BigInt64Array(n));
  if (col.kind === 'i32') return gather(col, mask, col.values as Int32Array, (n) => new Int32Array(n));
  if (col.kind === 'f64') return gather(col, mask, col.values as Float64Array, (n) => new Float64Array(n));
  throw new Error(`A ${col.kind} column holds no numbers.`);
}

function gather<T extends Float64Array | Int32Array | BigInt64Array>(
  col: ColumnView,
  mask: Uint8Array | null,
  src: T,
  make: (n: number) => T,
): { values: T; nullCount: number } {
  const { validity, offset, length } = col;
  if (mask === null) {
    const nullCount = validity === null ? 0 : countNulls(validity, offset, length);
    const values = make(length - nullCount);
    if (nullCount === 0) values.set(src.subarray(0, length) as never);
    else if (values instanceof Float64Array) copyValid(values, src as Float64Array, validity!, offset, length);
    else copyValid(values, src, validity!, offset, length);
    return { values, nullCount };
  }
  const isNull = (i: number) => validity !== null && (validity[(offset + i) >> 3] & (1 << ((offset + i) & 7))) === 0;
  let kept = 0,
    nullCount = 0;
  for (let i = 0; i < length; i++) {
    if (mask[i] === 0) continue;
    if (isNull(i)) nullCount++;
    else kept++;
  }
  const values = make(kept);
  for (let i = 0, k = 0; i < length; i++) {
    if (mask[i] !== 0 && !isNull(i)) values[k++] = src[i];
  }
  return { values, nullCount };
}

// Without a mask (every profile at load): nulls counted and values copied with the bit test inline,
// one call site per element type so each loop stays monomorphic.

function copyValid<T extends Float64Array | Int32Array | BigInt64Array>(
  out: T,
  src: T,
  validity: Uint8Array,
  offset: number,
  length: number,
): void {
  for (let i = 0, k = 0; i < length; i++) {
    const b = offset + i;
    if ((validity[b >> 3] >> (b & 7)) & 1) out[k++] = src[i];
  }
}
