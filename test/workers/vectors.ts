// Test helper: the reference vectors of the 2013 original's k-means test suite, rebuilt.

/**
 * 605 one-dimensional values: 300 × 1, 200 × 2, 100 × 3, interleaved by a fixed pattern, and
 * five 100s at the positions the original fixture has them (91, 225, 263, 371, 377). The
 * original fixture's order of the 1s, 2s and 3s does not change any expected result (checked
 * against a Python port of the original over shuffled orders).
 */
export function intPoints(): number[] {
  const core: number[] = [];
  // 6-value blocks of 1,1,1,2,2,3 keep the 3:2:1 ratio all the way through.
  for (let b = 0; b < 100; b++) core.push(1, 2, 1, 3, 1, 2);
  const out = [...core];
  for (const p of OUTLIER_POSITIONS) out.splice(p, 0, 100);
  return out;
}

export const OUTLIER_POSITIONS = [91, 225, 263, 371, 377];

/** Row-major Float64Array of points. */
export function toRows(points: number[][]): Float64Array {
  return Float64Array.from(points.flat());
}

export { mulberry32 } from '../../src/common/random.ts';
