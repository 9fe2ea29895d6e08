// §13's grid as an engine computed it: what the `shape-cells` task takes (src/engine/compute/grid.ts → workers/dist/shape.ts).

/**
 * §13's grid as an engine computed it (src/engine/compute/grid.ts): `size` groups without a null,
 * normalised by `std` (`constant` the value of a dimension whose deviation is 0), the `outliers` among
 * them as groups (any order), and the other groups gathered in `cells` non-empty cells, in order of
 * their index: each one's normalised count-weighted mean (`values`, row-major) and total count.
 */
export type GridCells = {
  size: number;
  std: number[];
  constant: number[];
  outliers: { values: number[]; count: number }[];
  values: Float64Array;
  counts: Float64Array;
  cells: number;
};
