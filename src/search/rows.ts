// Compressed row lists (CSR): many short integer lists packed into two typed arrays.

/** Row r holds `values[offsets[r]]` up to (not including) `values[offsets[r + 1]]`. */
export type Rows = { offsets: Int32Array; values: Int32Array };

/** Groups `(rows[i], values[i])` pairs into `rowCount` rows, keeping the pairs' order within each row. */
export function toRows(rowCount: number, rows: ArrayLike<number>, values: ArrayLike<number>): Rows {
  const offsets = new Int32Array(rowCount + 1);
  for (let i = 0; i < rows.length; i++) offsets[rows[i] + 1]++;
  for (let r = 0; r < rowCount; r++) offsets[r + 1] += offsets[r];
  const next = offsets.slice(0, rowCount);
  const packed = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) packed[next[rows[i]]++] = values[i];
  return { offsets, values: packed };
}
