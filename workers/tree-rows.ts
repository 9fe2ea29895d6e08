// Join rows kept by an entity selection, and the ranks of a column over the rows they reach.
import type { ColumnView } from './columns.ts';
import { foldRanks, rankDimension, type RankedDim } from './rank.ts';
import type { JoinRows } from './tree-join.ts';

/** Per join row, its row of T when the row is joined and its entity selected (`selected` null = all), else -1. */
export function keptRows(join: JoinRows, selected: Uint8Array | null): Int32Array {
  const { length, entity, row } = join;
  const out = new Int32Array(length);
  for (let j = 0; j < length; j++) {
    const e = entity === null ? j : entity[j], t = row === null ? j : row[j];
    out[j] = e < 0 || t < 0 || (selected !== null && selected[e] === 0) ? -1 : t;
  }
  return out;
}

/**
 * Ranks (workers/rank.ts: ascending values, null last at card − 1) of a column over the
 * distinct rows that `rows` names (negative entries ignored): `rankOfRow[r]` for those rows.
 * dict and bool columns rank every row by its code and never look at `rows` (so it may be a thunk).
 */
export function rankRows(col: ColumnView, rows: Int32Array | (() => Int32Array)): { dim: RankedDim; rankOfRow: Int32Array } {
  if (col.kind === 'dict' || col.kind === 'bool') return rankCodes(col);
  if (typeof rows === 'function') rows = rows();
  const used = new Uint8Array(col.length);
  let m = 0;
  for (let j = 0; j < rows.length; j++) { const r = rows[j]; if (r >= 0 && used[r] === 0) { used[r] = 1; m++; } }
  const sel = new Int32Array(m);
  for (let r = 0, k = 0; r < used.length; r++) if (used[r]) sel[k++] = r;
  const dim = rankDimension(col, sel);
  const ranks = new Int32Array(m);
  foldRanks(col, sel, dim, ranks);
  const rankOfRow = new Int32Array(col.length);
  for (let p = 0; p < m; p++) rankOfRow[sel[p]] = ranks[p];
  return { dim, rankOfRow };
}

/** dict and bool: the rank of every row is its code (null last), straight from the column. */
function rankCodes(col: ColumnView): { dim: RankedDim; rankOfRow: Int32Array } {
  const dim = rankDimension(col, new Int32Array(0));
  const nullRank = dim.card - 1;
  const rankOfRow = new Int32Array(col.length);
  const { validity, offset } = col;
  if (col.kind === 'dict') rankOfRow.set((col.values as Int32Array).subarray(0, col.length));
  else for (let r = 0; r < col.length; r++) rankOfRow[r] = ((col.values as Uint8Array)[(offset + r) >> 3] >> ((offset + r) & 7)) & 1;
  if (validity !== null) {
    for (let r = 0; r < col.length; r++) if (((validity[(offset + r) >> 3] >> ((offset + r) & 7)) & 1) === 0) rankOfRow[r] = nullRank;
  }
  return { dim, rankOfRow };
}
