// Join rows kept by an entity selection, and the ranks of a column over the rows they reach.
import { packBits } from '../../src/common/bitmap.ts';
import type { ColumnView } from '../table/columns.ts';
import { denseRanks } from '../group/dense.ts';
import type { JoinRows } from './join.ts';

/** Per join row, its row of T when the row is joined and its entity selected (`selected` null = all), else -1. */
export function keptRows(join: JoinRows, selected: Uint8Array | null): Int32Array {
  const { length, entity, row } = join;
  const out = new Int32Array(length);
  if (selected === null || entity === null) {
    for (let j = 0; j < length; j++) {
      const e = entity === null ? j : entity[j],
        t = row === null ? j : row[j];
      out[j] = e < 0 || t < 0 || (selected !== null && selected[e] === 0) ? -1 : t;
    }
    return out;
  }
  // Join rows reach entities in any order: the selection is read bit-packed (Arrow's layout), an
  // eighth of the bytes, so it stays in the cache for millions of entities where a byte each does not.
  const bits = packBits(selected);
  for (let j = 0; j < length; j++) {
    const e = entity[j],
      t = row === null ? j : row[j];
    out[j] = e < 0 || t < 0 || ((bits[e >> 3] >> (e & 7)) & 1) === 0 ? -1 : t;
  }
  return out;
}

/**
 * A column's distinct values in ascending order, in DistPoint form (numbers, 0/1, decimal text
 * for i64, strings), `numbers` for clustering (null for strings), and `card` ranks with null last.
 */
export type Ranks = { values: (number | string)[]; numbers: Float64Array | null; card: number };

/**
 * Ranks, and `ranks(rows, len, out, missing)`: out[i] = the rank of row rows[i] of the column,
 * `missing` for a negative row. `out` may be `rows` (each entry is read before it is written).
 */
export type RankedColumn = {
  dim: Ranks;
  ranks(rows: Int32Array, len: number, out: Int32Array, missing: number): void;
};

/**
 * Ranks of a column over the distinct rows that `markUsed` sets to 1 in a byte per row. dict
 * and bool columns rank every row by its code, read from the column as rows are asked for (no
 * copy of the codes: at tens of millions of rows that is hundreds of MiB through memory), and
 * never call `markUsed`; numbers are ranked by hashing the used rows (workers/group/dense.ts), and are
 * null once they hold more than `limit` distinct values (hashing stops there).
 */
export function rankRows(
  col: ColumnView,
  markUsed: (used: Uint8Array) => void,
  limit = Number.POSITIVE_INFINITY,
): RankedColumn | null {
  if (col.kind === 'dict' || col.kind === 'bool') return rankCodes(col);
  const used = new Uint8Array(col.length);
  markUsed(used);
  const dense = denseRanks(col, used, limit);
  if (dense === null) return null;
  const { values, numbers, card, rankOfRow } = dense;
  return {
    dim: { values, numbers, card },
    ranks(rows, len, out, missing) {
      for (let i = 0; i < len; i++) out[i] = rows[i] < 0 ? missing : rankOfRow[rows[i]];
    },
  };
}

/** dict and bool: the rank of a row is its code (null last), straight from the column. */
function rankCodes(col: ColumnView): RankedColumn {
  const isBool = col.kind === 'bool';
  const dim: Ranks = isBool
    ? { values: [0, 1], numbers: Float64Array.of(0, 1), card: 3 }
    : { values: col.dictionary!, numbers: null, card: col.dictionary!.length + 1 };
  const nullRank = dim.card - 1;
  const { validity, offset } = col;
  const codes = col.values as Int32Array,
    bytes = col.values as Uint8Array;
  return {
    dim,
    ranks(rows, len, out, missing) {
      for (let i = 0; i < len; i++) {
        const r = rows[i];
        if (r < 0) out[i] = missing;
        else if (validity !== null && ((validity[(offset + r) >> 3] >> ((offset + r) & 7)) & 1) === 0)
          out[i] = nullRank;
        else out[i] = isBool ? (bytes[(offset + r) >> 3] >> ((offset + r) & 7)) & 1 : codes[r];
      }
    },
  };
}
