// Gathers the non-null values of a numeric column among the masked records into a fresh typed array.
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
  const isNull = (i: number) => validity !== null && (validity[(offset + i) >> 3] & (1 << ((offset + i) & 7))) === 0;
  let kept = 0,
    nullCount = 0;
  for (let i = 0; i < length; i++) {
    if (mask !== null && mask[i] === 0) continue;
    if (isNull(i)) nullCount++;
    else kept++;
  }
  const values = make(kept);
  if (mask === null && validity === null) {
    values.set(src.subarray(0, length) as never);
    return { values, nullCount };
  }
  for (let i = 0, k = 0; i < length; i++) {
    if ((mask === null || mask[i] !== 0) && !isNull(i)) values[k++] = src[i];
  }
  return { values, nullCount };
}
