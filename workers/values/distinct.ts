// Distinct values of one column with record counts, ascending by value (API.md §4).
import type { DistinctResult } from '../../src/contract/tasks.ts';
import { countCodes } from '../group/codes.ts';
import type { ColumnView } from '../table/columns.ts';
import { type Groups, offsetGroups } from '../group/offsets.ts';
import { type RangeFilter, rangedOffsetGroups } from '../group/ranged.ts';
import { selectValues } from '../table/select.ts';
import { sortValues } from '../group/sort.ts';

/**
 * Distinct values and their counts among the records kept by `mask` (null = all), plus the
 * number of kept records that are null. Order: numbers numerically, strings by code point
 * (dictionary order), booleans false first; i64 values come back as decimal strings.
 */
export function distinctValues(col: ColumnView, mask: Uint8Array | null): DistinctResult {
  if (col.kind === 'dict' || col.kind === 'bool') return distinctCodes(col, mask);
  const counted = distinctOffsets(col, mask);
  if (counted) return counted;
  const { values, nullCount } = selectValues(col, mask);
  if (!(values instanceof BigInt64Array)) {
    const counted = countIntegers(values, nullCount);
    if (counted) return counted;
  }
  sortValues(values);
  return distinctOfSorted(col, values, nullCount);
}

/** Distinct values and counts from a numeric column's kept non-null values, already sorted ascending. */
export function distinctOfSorted(
  col: ColumnView,
  values: Float64Array | Int32Array | BigInt64Array,
  nullCount: number,
): DistinctResult {
  const out: DistinctResult = { values: [], counts: [], nullCount };
  const asValue = col.kind === 'i64' ? (v: number | bigint) => String(v) : (v: number | bigint) => v as number;
  for (let i = 0; i < values.length; ) {
    const v = values[i];
    let j = i + 1;
    while (j < values.length && values[j] === v) j++;
    out.values.push(asValue(v));
    out.counts.push(j - i);
    i = j;
  }
  return out;
}

/**
 * Integer columns of a span up to this are counted in slots here: 1 MiB of counts, one core's L2
 * cache on the bench machine. Twice offsets.ts's MAX_SPAN, which 2-D grouping shares (workers/group/direct.ts):
 * a column such as a 5-digit code (100,000 values) is counted in one pass, where the copy of its
 * kept values, then counted, took ~1.7× as long (in-process, 5M rows under a 5% context, CPU time).
 */
export const VALUES_SPAN = 1 << 17;

/**
 * An integer column of a short span (most integer and date columns): the groups of a 1-D
 * distribution (workers/group/offsets.ts), counted in one pass straight from the column under the mask,
 * rather than a copy of the kept values counted in two more passes. Null when the column's span
 * is not short. The null group, last, is the null count.
 */
function distinctOffsets(col: ColumnView, mask: Uint8Array | null): DistinctResult | null {
  const groups = offsetGroups(col, mask, OFFSET_OPTIONS);
  return groups && toDistinct(groups);
}

/**
 * distinctValues under a context that is one comparison on an Int32 column, counted without a mask
 * (workers/group/ranged.ts); null where that path does not apply (the caller counts under the mask).
 */
export function rangedDistinct(col: ColumnView, filter: RangeFilter): DistinctResult | null {
  const groups = rangedOffsetGroups(col, filter, OFFSET_OPTIONS);
  return groups && toDistinct(groups);
}

const OFFSET_OPTIONS = { nulls: true, maxGroups: Number.POSITIVE_INFINITY, maxSpan: VALUES_SPAN };

function toDistinct(groups: Groups): DistinctResult {
  const numbers = groups.dims[0].numbers;
  const present = numbers.length;
  return {
    values: Array.from(numbers),
    counts: Array.from(groups.counts.subarray(0, present)),
    nullCount: groups.size > present ? groups.counts[present] : 0,
  };
}

/**
 * Integers in a range of at most a few slots per value (years, ages, codes, days): a counting
 * pass instead of a sort. Null when the values do not qualify.
 */
function countIntegers(values: Float64Array | Int32Array, nullCount: number): DistinctResult | null {
  let min = Infinity,
    max = -Infinity,
    fraction = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    min = v < min ? v : min;
    max = v > max ? v : max;
    fraction += v - Math.floor(v); // 0 for integers, NaN for NaN or ±∞
  }
  const range = max - min + 1;
  if (values.length === 0 || fraction !== 0 || range > Math.max(1 << 16, 4 * values.length)) return null;
  const slots = new Float64Array(range);
  for (let i = 0; i < values.length; i++) slots[values[i] - min]++;
  const out: DistinctResult = { values: [], counts: [], nullCount };
  for (let r = 0; r < range; r++) {
    if (slots[r] === 0) continue;
    out.values.push(r + min);
    out.counts.push(slots[r]);
  }
  return out;
}

/** dict and bool: count per code in a typed array, then emit the codes that occur, in order. */
function distinctCodes(col: ColumnView, mask: Uint8Array | null): DistinctResult {
  const { counts, nullCount } = countCodes(col, mask);
  const out: DistinctResult = { values: [], counts: [], nullCount };
  for (let c = 0; c < counts.length; c++) {
    if (counts[c] === 0) continue;
    out.values.push(col.kind === 'bool' ? c : col.dictionary![c]);
    out.counts.push(counts[c]);
  }
  return out;
}
