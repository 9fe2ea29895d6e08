// Distinct values of one column with record counts, ascending by value (API.md §4).
import type { DistinctResult } from '../src/types.ts';
import type { ColumnView } from './columns.ts';
import { selectValues } from './select.ts';

/**
 * Distinct values and their counts among the records kept by `mask` (null = all), plus the
 * number of kept records that are null. Order: numbers numerically, strings by code point
 * (dictionary order), booleans false first; i64 values come back as decimal strings.
 */
export function distinctValues(col: ColumnView, mask: Uint8Array | null): DistinctResult {
  if (col.kind === 'dict' || col.kind === 'bool') return distinctCodes(col, mask);
  const { values, nullCount } = selectValues(col, mask);
  values.sort();
  const out: DistinctResult = { values: [], counts: [], nullCount };
  const asValue = col.kind === 'i64' ? (v: number | bigint) => String(v) : (v: number | bigint) => v as number;
  for (let i = 0; i < values.length;) {
    const v = values[i];
    let j = i + 1;
    while (j < values.length && values[j] === v) j++;
    out.values.push(asValue(v));
    out.counts.push(j - i);
    i = j;
  }
  return out;
}

/** dict and bool: count per code in a typed array, then emit the codes that occur, in order. */
function distinctCodes(col: ColumnView, mask: Uint8Array | null): DistinctResult {
  const isBool = col.kind === 'bool';
  const counts = new Float64Array(isBool ? 2 : col.dictionary!.length);
  const { values, validity, offset, length } = col;
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    if (mask !== null && mask[i] === 0) continue;
    const b = offset + i;
    if (validity !== null && (validity[b >> 3] & (1 << (b & 7))) === 0) { nullCount++; continue; }
    counts[isBool ? ((values as Uint8Array)[b >> 3] >> (b & 7)) & 1 : (values as Int32Array)[i]]++;
  }
  const out: DistinctResult = { values: [], counts: [], nullCount };
  for (let c = 0; c < counts.length; c++) {
    if (counts[c] === 0) continue;
    out.values.push(isBool ? c : col.dictionary![c]);
    out.counts.push(counts[c]);
  }
  return out;
}
