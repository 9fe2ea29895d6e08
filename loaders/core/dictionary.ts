// String dictionaries: interning while loading, and the sorted, duplicate-free form the tables store.
import { compareCodePoints } from '../../src/common/order.ts';

export type { Interner } from './intern.ts';
export { createInterner, intern, internBytes } from './intern.ts';

const HIGH_UNITS = /[\ud800-\uffff]/;

/**
 * Sorts strings in code point order (compareCodePoints); uses the fast native sort when no string
 * can disagree with it: UTF-16 order and code point order differ only from U+D800 up.
 */
export function sortByCodePoint(values: string[]): string[] {
  return values.some((s) => HIGH_UNITS.test(s)) ? values.sort(compareCodePoints) : values.sort();
}

/**
 * Rewrites dictionary codes so the dictionary is sorted by code point with no duplicates and no
 * unused entries; `codes` is updated in place (null rows get code 0) and the new dictionary returned.
 */
export function sortDictionary(values: readonly string[], codes: Int32Array, validity: Uint8Array | null): string[] {
  const used = new Uint8Array(values.length);
  for (let i = 0; i < codes.length; i++) {
    if (validity === null || (validity[i >> 3] & (1 << (i & 7))) !== 0) used[codes[i]] = 1;
  }
  const distinct = new Set<string>();
  for (let c = 0; c < values.length; c++) if (used[c]) distinct.add(values[c]);
  const sorted = sortByCodePoint([...distinct]);
  const position = new Map<string, number>();
  for (let i = 0; i < sorted.length; i++) position.set(sorted[i], i);
  const rank = new Int32Array(values.length);
  for (let c = 0; c < values.length; c++) if (used[c]) rank[c] = position.get(values[c])!;
  for (let i = 0; i < codes.length; i++) {
    codes[i] = validity === null || (validity[i >> 3] & (1 << (i & 7))) !== 0 ? rank[codes[i]] : 0;
  }
  return sorted;
}

/** 'text' when any value is longer than 255 characters (code points), else 'char'. */
export function stringTypeOf(values: readonly string[]): 'char' | 'text' {
  for (const s of values) {
    if (s.length > 255 && [...s].length > 255) return 'text';
  }
  return 'char';
}
