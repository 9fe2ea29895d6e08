// A number column's sorted runs counted straight from its values: integers of a short span, decimals of a few places.
import type { ColumnView } from '../table/columns.ts';
import { integerSpan } from '../group/offsets.ts';
import type { Runs } from '../stats/runs.ts';
import { gcd, MAX_SCALE } from '../group/sort.ts';

/** Counts as narrow as the longest run allows (see ProfileValues). */
export type NarrowCounts = Uint8Array | Uint16Array | Uint32Array | Float64Array;

export type CountedRuns = Runs & { counts: NarrowCounts; nullCount: number };

/** A column of fewer rows may still take this many slots (64K: 256 KiB). */
const MIN_SLOTS = 1 << 16;

/**
 * The runs the sorted copy of an f64 or i32 column would have, counted in one pass into a slot per
 * possible value, when its values are integers of a span of at most max(64K, rows) slots (codes,
 * years, dates: most integer and date columns), or decimals of at most six places whose scaled
 * values (see decimalSort in workers/group/sort.ts) span as few. Null otherwise, and for a column holding
 * -0 (a sort puts it before +0 in the same run, which slots cannot tell apart).
 *
 * Why: the profile at load copied such a column (8 bytes a row), sorted the copy with the same
 * counting slots and wrote it back in order, then read it four more times for its runs and sums:
 * ~0.25 s of a 10M-row integer column's 0.27. Any correct sort gives the same array here (no NaN,
 * no -0), so its runs are these slots in order, and statsOfRuns gives the same stats from them.
 */
export function countedRuns(col: ColumnView): CountedRuns | null {
  if (col.kind !== 'f64' && col.kind !== 'i32') return null;
  return integerRuns(col) ?? (col.kind === 'f64' ? decimalRuns(col) : null);
}

function integerRuns(col: ColumnView): CountedRuns | null {
  const span = integerSpan(col);
  if (span === null || !Number.isSafeInteger(span.min) || !Number.isSafeInteger(span.max)) return null;
  const { min } = span;
  if (span.max - min >= 2 ** 53) return null; // below, every v − min is exact
  const values = col.values as Float64Array | Int32Array;
  const { validity, offset, length } = col;
  const limit = Math.max(MIN_SLOTS, length);
  // Too wide a span may still be few steps (times on whole seconds or minutes): slot (v − min) / g.
  let g = 1;
  if (span.max - min + 1 > limit) {
    g = 0;
    for (let i = 0; i < length && g !== 1; i++) {
      const b = offset + i;
      if (validity === null || ((validity[b >> 3] >> (b & 7)) & 1) === 1) g = gcd(values[i] - min, g);
    }
    if ((span.max - min) / g + 1 > limit) return null;
  }
  if (col.kind === 'f64' && min <= 0 && span.max >= 0 && hasNegativeZero(col)) return null;
  const slots = new Uint32Array((span.max - min) / g + 1);
  if (validity === null) {
    if (g === 1 && values instanceof Int32Array) countInt32(values, min, length, slots);
    else if (g === 1) for (let i = 0; i < length; i++) slots[values[i] - min]++;
    else for (let i = 0; i < length; i++) slots[(values[i] - min) / g]++;
  } else
    for (let i = 0; i < length; i++) {
      const b = offset + i;
      if ((validity[b >> 3] >> (b & 7)) & 1) slots[(values[i] - min) / g]++;
    }
  return toRuns(slots, (r) => r * g + min, length);
}

/** The slots of an Int32 column without nulls: a loop of its own, as one fed both array types runs slower on each. */
function countInt32(values: Int32Array, min: number, length: number, slots: Uint32Array): void {
  for (let i = 0; i < length; i++) slots[values[i] - min]++;
}

/**
 * decimalSort's scaling (workers/group/sort.ts) over the column's valid values: v = k / s with k =
 * round(v·s) for the fewest places s that hold every value, slot (k − min) / g for the k's common
 * step g; null when it does not apply. Why one pass finds s, min and max (decimalSort takes two):
 * a value that needs more places raises s and starts the pass again, which happens within the
 * first few values of a column; each k is then read twice, here and when counted.
 */
function decimalRuns(col: ColumnView): CountedRuns | null {
  const values = col.values as Float64Array;
  const { validity, offset, length } = col;
  const valid = (i: number) => validity === null || ((validity[(offset + i) >> 3] >> ((offset + i) & 7)) & 1) === 1;
  let s = 10,
    min = Infinity,
    max = -Infinity;
  for (let i = 0; i < length; i++) {
    if (!valid(i)) continue;
    const v = values[i];
    const k = Math.round(v * s);
    if (k / s !== v) {
      // NaN never fits; ±∞ fits, and is refused below as a k beyond 2^53.
      while (Math.round(v * s) / s !== v) {
        if (s >= MAX_SCALE) return null;
        s *= 10;
      }
      min = Infinity;
      max = -Infinity;
      i = -1;
      continue;
    }
    if (v === 0 && 1 / v < 0) return null; // -0: see countedRuns
    min = k < min ? k : min;
    max = k > max ? k : max;
  }
  if (min === Infinity) return toRuns(new Uint32Array(0), (r) => r, length);
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max - min >= 2 ** 53) return null;
  let g = 0;
  for (let i = 0; i < length && g !== 1; i++) if (valid(i)) g = gcd(Math.round(values[i] * s) - min, g);
  g = g || 1;
  const range = (max - min) / g + 1;
  if (range > Math.max(MIN_SLOTS, length)) return null;
  const slots = new Uint32Array(range);
  if (validity === null && g === 1) for (let i = 0; i < length; i++) slots[Math.round(values[i] * s) - min]++;
  else for (let i = 0; i < length; i++) if (valid(i)) slots[(Math.round(values[i] * s) - min) / g]++;
  return toRuns(slots, (r) => (r * g + min) / s, length);
}

/** Whether an f64 column holds -0 among its valid values. */
function hasNegativeZero(col: ColumnView): boolean {
  const values = col.values as Float64Array;
  const { validity, offset, length } = col;
  for (let i = 0; i < length; i++) {
    if (values[i] !== 0 || 1 / values[i] > 0) continue;
    const b = offset + i;
    if (validity === null || ((validity[b >> 3] >> (b & 7)) & 1) === 1) return true;
  }
  return false;
}

/** The non-empty slots in order as runs; the rows not counted are the nulls. */
function toRuns(slots: Uint32Array, toValue: (slot: number) => number, rows: number): CountedRuns {
  let present = 0,
    longest = 0,
    n = 0;
  for (let r = 0; r < slots.length; r++) {
    const c = slots[r];
    if (c === 0) continue;
    present++;
    n += c;
    longest = c > longest ? c : longest;
  }
  const values = new Float64Array(present);
  const counts = toNarrowCounts(present, longest);
  for (let r = 0, k = 0; r < slots.length; r++) {
    const c = slots[r];
    if (c === 0) continue;
    values[k] = toValue(r);
    counts[k++] = c;
  }
  return { values, counts, n, nullCount: rows - n };
}

/** An array of `runs` counts of the narrowest unsigned type that holds `longest`. */
export function toNarrowCounts(runs: number, longest: number): NarrowCounts {
  return longest <= 0xff
    ? new Uint8Array(runs)
    : longest <= 0xffff
      ? new Uint16Array(runs)
      : longest <= 0xffff_ffff
        ? new Uint32Array(runs)
        : new Float64Array(runs);
}
