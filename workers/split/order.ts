// The order of values in answers, as comparisons: what merging the sorted parts of a split task needs.
import type { AxisSpec } from '../../src/contract/tasks.ts';
import type { ColumnView } from '../table/columns.ts';

export type Compare = (a: number | string, b: number | string) => number;

/**
 * How a column's answer values compare (the order distinctValues and groupCounts give them):
 * dictionary strings by code point, 64-bit integers (decimal text) by value, numbers numerically.
 * A binned or truncated axis holds bin indexes or period ordinals, numbers whatever the column.
 */
export function toCompare(col: ColumnView, axis: AxisSpec = { kind: 'exact' }): Compare {
  if (axis.kind !== 'exact') return byNumber;
  if (col.kind === 'dict') return byCodePoint as Compare;
  if (col.kind === 'i64') return byDecimal as Compare;
  return byNumber;
}

const byNumber = (a: number | string, b: number | string) => (a as number) - (b as number);

/**
 * Code point order over UTF-16 strings: code units compare alike except that a surrogate (a code
 * point above U+FFFF) sorts after U+E000–U+FFFF, so those two ranges trade places first.
 */
export function byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i),
      y = b.charCodeAt(i);
    if (x !== y) return toCodePointOrder(x) - toCodePointOrder(y);
  }
  return a.length - b.length;
}

function toCodePointOrder(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

/** Integers as String(bigint) writes them (no leading zeros, no "-0"): sign, then length, then digits. */
export function byDecimal(a: string, b: string): number {
  const negA = a.charCodeAt(0) === 45,
    negB = b.charCodeAt(0) === 45;
  if (negA !== negB) return negA ? -1 : 1;
  const c = a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
  return negA ? -c : c;
}
