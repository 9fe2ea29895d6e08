// The §13 grid cells' means in memory, exact and rounded once (API.md §8): the very doubles the engine gives (src/engine/compute/grid.ts).
import { roundRatio } from '../../src/common/exact-round.ts';

const SPLITTER = 134217729; // 2^27 + 1: Dekker's split of a double into two 26-bit halves
const SAFE_LOW = 2 ** -900,
  SAFE_HIGH = 2 ** 900;
const bits = new Float64Array(1),
  words = new BigUint64Array(bits.buffer);

/** x · 2^1074 as a BigInt (every finite double is a whole number of 2^−1074). */
function toScaled(x: number): bigint {
  bits[0] = x;
  const b = words[0];
  const field = (b >> 52n) & 2047n;
  const fraction = b & 0xfffffffffffffn;
  const v = field === 0n ? fraction : (fraction | 0x10000000000000n) << (field - 1n);
  return b >> 63n ? -v : v;
}

/**
 * Exact sums Σ c·z per cell and dimension, each a Shewchuk expansion (non-overlapping doubles whose
 * sum is exactly the total: Knuth's two-sum and Dekker's two-product, no rounding lost), finished
 * as one ratio rounded once. Cells of one narrow range of z keep their expansions a few doubles
 * long, so adding a group is a few dozen floating-point operations; a term whose product could
 * underflow or overflow the two-product goes into the cell's BigInt rest instead.
 */
export function createCellSums(cells: number, dims: number) {
  const parts: (number[] | undefined)[] = new Array(cells * dims);
  const rest = new Map<number, bigint>();

  function grow(e: number[], b: number): void {
    let q = b,
      k = 0;
    for (let i = 0; i < e.length; i++) {
      const a = e[i];
      const s = q + a;
      const bv = s - q;
      const err = q - (s - bv) + (a - bv);
      q = s;
      if (err !== 0) e[k++] = err;
    }
    e.length = k;
    if (q !== 0 || k === 0) e.push(q);
  }

  /** Adds c·z (c a whole count below 2^53) to cell `cell`, dimension `d`. */
  function add(cell: number, d: number, c: number, z: number): void {
    if (z === 0 || c === 0) return;
    const slot = cell * dims + d;
    const az = Math.abs(z);
    if (az < SAFE_LOW || az > SAFE_HIGH) {
      rest.set(slot, (rest.get(slot) ?? 0n) + BigInt(c) * toScaled(z));
      return;
    }
    const p = c * z;
    let t = SPLITTER * c;
    const ch = t - (t - c),
      cl = c - ch;
    t = SPLITTER * z;
    const zh = t - (t - z),
      zl = z - zh;
    const err = ch * zh - p + ch * zl + cl * zh + cl * zl;
    let e = parts[slot];
    if (e === undefined) e = parts[slot] = [];
    grow(e, p);
    if (err !== 0) grow(e, err);
  }

  /** Σ c·z of a cell and dimension divided by its total count `w`, rounded once. */
  function mean(cell: number, d: number, w: number): number {
    const slot = cell * dims + d;
    let total = rest.get(slot) ?? 0n;
    for (const x of parts[slot] ?? []) total += toScaled(x);
    return roundRatio(total, BigInt(w), -1074);
  }

  return { add, mean };
}

export type CellSums = ReturnType<typeof createCellSums>;
