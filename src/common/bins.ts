// Equal-width "nice" bins for number axes (API.md §13): the step, a value's bin, edges and labels.
import type { BinSpec } from '../contract/tasks.ts';

/** The most bins a request may ask for, and the most `bins=auto` gives. */
export const MAX_BINS = 1000;
export const MAX_AUTO_BINS = 100;

/** Sturges' number of bins for n non-null records, ⌈log₂ n⌉ + 1, at most 100 (1 for none). */
export function toAutoBins(n: number): number {
  return n <= 1 ? 1 : Math.min(MAX_AUTO_BINS, Math.ceil(Math.log2(n)) + 1);
}

/**
 * The bins over [min, max] with the smallest nice width m·10^j (m ∈ {1, 2, 5}; at least 1 for
 * `integer` fields) that needs at most `maxBins` bins. Below 1 a width is kept as its inverse,
 * an integer, so ⌊x/s⌋ is ⌊x·(1/s)⌋ and an edge is k / (1/s), exact as d3's `ticks` does: 0.1
 * steps give 0.3, never 0.30000000000000004. min = max gives one bin of width 0; no values
 * (min null) gives no bins. Every edge is a multiple of the width, so 0 is one: a range with
 * min < 0 < max needs 2 bins whatever the width, and N = 1 gives those 2 (no width gives 1).
 */
export function toBins(min: number | null, max: number | null, maxBins: number, integer: boolean): BinSpec {
  if (min === null || max === null) return { width: 0, start: 0, count: 0, inv: 0, base: 0 };
  if (min === max) return { width: 0, start: min, count: 1, inv: 0, base: 0 };
  if (min < 0 && max > 0) maxBins = Math.max(maxBins, 2);
  // 10^j at most a tenth of range/maxBins: more than maxBins bins, so the search starts below the answer.
  let j = Math.floor(Math.log10((max - min) / maxBins)) - 1;
  if (integer) j = Math.max(j, 0);
  for (; ; j++) {
    for (const m of [1, 2, 5]) {
      const spec = toStep(m, j);
      const base = floorDiv(min, spec),
        count = Math.ceil(spec.inv > 0 ? max * spec.inv : max / spec.width) - base || 1;
      if (count <= maxBins) return { ...spec, base, count, start: toEdge({ ...spec, base }, 0) };
    }
  }
}

/** The step m·10^j as a width, with its integer inverse when it is below 1. */
function toStep(m: number, j: number): { width: number; inv: number } {
  if (j >= 0) return { width: m * 10 ** j, inv: 0 };
  const inv = m === 1 ? 10 ** -j : (10 / m) * 10 ** (-j - 1);
  return { width: 1 / inv, inv };
}

/** ⌊x / width⌋, by multiplying with the integer inverse when the width is below 1. */
function floorDiv(x: number, spec: { width: number; inv: number }): number {
  return Math.floor(spec.inv > 0 ? x * spec.inv : x / spec.width);
}

/** The bin of x: min(count − 1, ⌊x/s⌋ − ⌊min/s⌋); 0 for a width of 0. */
export function toBin(x: number, spec: BinSpec): number {
  if (spec.width === 0) return 0;
  const i = floorDiv(x, spec) - spec.base;
  return i >= spec.count ? spec.count - 1 : i < 0 ? 0 : i;
}

/** Edge i of the bins: (⌊min/s⌋ + i)·s, or (⌊min/s⌋ + i) / (1/s) when s < 1. */
export function toEdge(spec: Pick<BinSpec, 'width' | 'inv' | 'base'>, i: number): number {
  return spec.inv > 0 ? (spec.base + i) / spec.inv : (spec.base + i) * spec.width;
}

/** A bin's lower edge (its value in a distribution); the start itself for a width of 0. */
export function toBinValue(spec: BinSpec, i: number): number {
  return spec.width === 0 ? spec.start : toEdge(spec, i);
}

/** A bin's label: "[lo, hi)", "[lo, hi]" for the last bin, edges written as JSON numbers. */
export function toBinLabel(spec: BinSpec, i: number): string {
  const lo = toBinValue(spec, i),
    hi = spec.width === 0 ? spec.start : toEdge(spec, i + 1);
  return `[${JSON.stringify(lo)}, ${JSON.stringify(hi)}${i === spec.count - 1 ? ']' : ')'}`;
}
