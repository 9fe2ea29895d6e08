// Gathers the non-null values of a numeric column among the masked records into a fresh typed array.
import type { ColumnView } from './columns.ts';

export type Selected =
  | { values: Float64Array | Int32Array; nullCount: number }
  | { values: BigInt64Array; nullCount: number };

/** A copy of the kept, non-null values (same element type as the column) and the kept nulls. */
export function selectValues(col: ColumnView, mask: Uint8Array | null): Selected {
  const { validity, offset, length } = col;
  const src = col.values as Float64Array | Int32Array | BigInt64Array;
  let kept = 0, nullCount = 0;
  for (let i = 0; i < length; i++) {
    if (mask !== null && mask[i] === 0) continue;
    const b = offset + i;
    if (validity !== null && (validity[b >> 3] & (1 << (b & 7))) === 0) nullCount++;
    else kept++;
  }
  const values = new (src.constructor as Float64ArrayConstructor)(kept) as unknown as typeof src;
  if (mask === null && validity === null) {
    values.set(src.subarray(0, length) as Float64Array & BigInt64Array);
    return { values, nullCount } as Selected;
  }
  let k = 0;
  for (let i = 0; i < length; i++) {
    if (mask !== null && mask[i] === 0) continue;
    const b = offset + i;
    if (validity !== null && (validity[b >> 3] & (1 << (b & 7))) === 0) continue;
    values[k++] = src[i];
  }
  return { values, nullCount } as Selected;
}
