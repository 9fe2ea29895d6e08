// Join rows kept by an entity selection, and the ranks of a column over the rows they reach.
import type { ColumnView } from './columns.ts';
import { denseRanks } from './dense.ts';
import type { JoinRows } from './tree-join.ts';

/** Per join row, its row of T when the row is joined and its entity selected (`selected` null = all), else -1. */
export function keptRows(join: JoinRows, selected: Uint8Array | null): Int32Array {
  const { length, entity, row } = join;
  const out = new Int32Array(length);
  for (let j = 0; j < length; j++) {
    const e = entity === null ? j : entity[j],
      t = row === null ? j : row[j];
    out[j] = e < 0 || t < 0 || (selected !== null && selected[e] === 0) ? -1 : t;
  }
  return out;
}

/**
 * A column's distinct values in ascending order, in DistPoint form (numbers, 0/1, decimal text
 * for i64, strings), `numbers` for clustering (null for strings), and `card` ranks with null last.
 */
export type Ranks = { values: (number | string)[]; numbers: Float64Array | null; card: number };

/**
 * Ranks of a column over the distinct rows that `rows` names (negative entries ignored):
 * `rankOfRow[r]` for those rows. dict and bool columns rank every row by its code and never look
 * at `rows` (so it may be a thunk); numbers are ranked by hashing (workers/dense.ts).
 */
export function rankRows(
  col: ColumnView,
  rows: Int32Array | (() => Int32Array),
): { dim: Ranks; rankOfRow: Int32Array } {
  if (col.kind === 'dict' || col.kind === 'bool') return rankCodes(col);
  if (typeof rows === 'function') rows = rows();
  const used = new Uint8Array(col.length);
  for (let j = 0; j < rows.length; j++) if (rows[j] >= 0) used[rows[j]] = 1;
  const { values, numbers, card, rankOfRow } = denseRanks(col, used);
  return { dim: { values, numbers, card }, rankOfRow };
}

/** dict and bool: the rank of every row is its code (null last), straight from the column. */
function rankCodes(col: ColumnView): { dim: Ranks; rankOfRow: Int32Array } {
  const isBool = col.kind === 'bool';
  const dim: Ranks = isBool
    ? { values: [0, 1], numbers: Float64Array.of(0, 1), card: 3 }
    : { values: col.dictionary!, numbers: null, card: col.dictionary!.length + 1 };
  const nullRank = dim.card - 1;
  const rankOfRow = new Int32Array(col.length);
  const { validity, offset } = col;
  if (!isBool) rankOfRow.set((col.values as Int32Array).subarray(0, col.length));
  else
    for (let r = 0; r < col.length; r++)
      rankOfRow[r] = ((col.values as Uint8Array)[(offset + r) >> 3] >> ((offset + r) & 7)) & 1;
  if (validity !== null) {
    for (let r = 0; r < col.length; r++)
      if (((validity[(offset + r) >> 3] >> ((offset + r) & 7)) & 1) === 0) rankOfRow[r] = nullRank;
  }
  return { dim, rankOfRow };
}
