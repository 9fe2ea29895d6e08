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
 */
export function rankRows(col: ColumnView, rows: Int32Array): { dim: RankedDim; rankOfRow: Int32Array } {
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
