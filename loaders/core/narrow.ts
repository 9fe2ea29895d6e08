// Integer columns whose every value fits a signed 32-bit integer, narrowed from Float64 to Int32 storage once their values are known.
import type { Column } from './column.ts';
import { releaseArray } from './release.ts';

/**
 * The column with its values in an Int32Array when it is an `integer` column held as doubles and
 * every valid value is a whole number in [−2^31, 2^31) other than -0; else the column as it is.
 * The doubles' buffer is freed at once (release.ts) when `release` says no other column views it.
 *
 * Why: a mask or a grouping over an integer column reads its values once a row, and DuckDB reads
 * 4 bytes a row where a Float64 column costs 8 (issue 19: a 1% context on an integer column cost
 * as much as a 50% one at 100M rows, the mask's reads dominating). Why decided from the values and
 * not the type: CSV and JSON integers are classified as they stream by (and may widen to float or
 * biginteger on the last row), and a Parquet INT64 column of row ids fits 32 bits more often than
 * not; one beyond ±2^31 stays Float64 (exact to 2^53, as before). -0 stays Float64 so that
 * every answer is the one the Float64 storage gave (a sort puts -0 before 0; an Int32 cannot hold it).
 * Null slots are not read: the normaliser zeroes them (normalize.ts).
 */
export function narrowColumn(column: Column, release = true): Column {
  if (column.type !== 'integer' || !(column.values instanceof Float64Array)) return column;
  const values = toInt32(column.values, column.length, column.validity);
  if (values === null) return column;
  if (release) releaseArray(column.values);
  return { ...column, values };
}

/** The first `length` doubles as Int32 when each valid one fits (whole, in range, not -0), else null. */
export function toInt32(src: Float64Array, length: number, validity: Uint8Array | null): Int32Array | null {
  const out = new Int32Array(length);
  // Branch-free over every slot: w !== v for a fraction, NaN, ±∞ or a value out of range; 1/v is −∞ for -0 only.
  let bad = 0;
  for (let i = 0; i < length; i++) {
    const v = src[i],
      w = v | 0;
    out[i] = w;
    bad |= +(w !== v) | +(1 / v === Number.NEGATIVE_INFINITY);
  }
  if (bad === 0) return out;
  if (validity === null) return null;
  // Some slot did not fit: fine when every such slot is a null's.
  for (let i = 0; i < length; i++) {
    const v = src[i];
    if (((validity[i >> 3] >> (i & 7)) & 1) === 1 && ((v | 0) !== v || 1 / v === Number.NEGATIVE_INFINITY)) return null;
  }
  return out;
}
