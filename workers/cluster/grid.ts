// The grid that gathers more groups than k-means takes into at most M cells (API.md §13).
import { type CellSums, createCellSums } from './exact-points.ts';

/** Non-empty cells as pseudo-points: normalised values (row-major) and counts, in cell order. */
export type Cells = { values: Float64Array; counts: Float64Array; cells: number };

/** The largest G with G^dims ≤ maxPoints: 50 000, 223, 36, 14 for M = 50 000. */
export function toGridSide(maxPoints: number, dims: number): number {
  let g = Math.max(1, Math.floor(maxPoints ** (1 / dims)));
  while ((g + 1) ** dims <= maxPoints) g++;
  while (g > 1 && g ** dims > maxPoints) g--;
  return g;
}

/**
 * Gathers normalised points on a grid of G^dims cells: in each dimension [lo, hi] of the points
 * is cut into G equal cells and a point goes to cell min(G − 1, ⌊(z − lo) / (hi − lo) · G⌋)
 * (cell 0 when hi = lo). Each non-empty cell becomes one pseudo-point: the count-weighted mean of
 * its points' values (the exact Σ count·z over the total count, rounded once: API.md §8), with
 * their total count. Cells come in order of their index, the first dimension varying slowest.
 * Memory: one count per cell and a short expansion (a few doubles) per non-empty cell and
 * dimension, at most maxPoints cells, beside the points.
 */
export function gatherCells(values: Float64Array, counts: Float64Array, dims: number, maxPoints: number): Cells {
  const n = values.length / dims;
  const side = toGridSide(maxPoints, dims);
  const lo = new Float64Array(dims).fill(Infinity),
    hi = new Float64Array(dims).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < dims; d++) {
      const z = values[i * dims + d];
      if (z < lo[d]) lo[d] = z;
      if (z > hi[d]) hi[d] = z;
    }
  }
  const total = side ** dims;
  const weight = new Float64Array(total);
  const sums = createCellSums(total, dims);
  if (dims === 1) gather1(values, counts, lo[0], hi[0], side, weight, sums);
  else
    for (let i = 0; i < n; i++) {
      let cell = 0;
      for (let d = 0; d < dims; d++) {
        const span = hi[d] - lo[d];
        const c = span === 0 ? 0 : Math.min(side - 1, Math.floor(((values[i * dims + d] - lo[d]) / span) * side));
        cell = cell * side + c;
      }
      const w = counts[i];
      weight[cell] += w;
      for (let d = 0; d < dims; d++) sums.add(cell, d, w, values[i * dims + d]);
    }
  let cells = 0;
  for (let c = 0; c < total; c++) if (weight[c] > 0) cells++;
  const out = new Float64Array(cells * dims),
    outCounts = new Float64Array(cells);
  for (let c = 0, k = 0; c < total; c++) {
    if (weight[c] === 0) continue;
    for (let d = 0; d < dims; d++) out[k * dims + d] = sums.mean(c, d, weight[c]);
    outCounts[k++] = weight[c];
  }
  return { values: out, counts: outCounts, cells };
}

/** The one-dimension case of the loop above, unrolled: the same arithmetic in the same order. */
function gather1(
  values: Float64Array,
  counts: Float64Array,
  lo: number,
  hi: number,
  side: number,
  weight: Float64Array,
  sums: CellSums,
): void {
  const span = hi - lo,
    last = side - 1;
  for (let i = 0; i < values.length; i++) {
    const z = values[i];
    const c = span === 0 ? 0 : Math.floor(((z - lo) / span) * side);
    const cell = c > last ? last : c;
    weight[cell] += counts[i];
    sums.add(cell, 0, counts[i], z);
  }
}
