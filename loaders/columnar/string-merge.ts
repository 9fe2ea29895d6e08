// Two threads' pieces of one string column (parquet-claims.ts) joined into one column with its dictionary in storage form.
import type { Column } from '../core/column.ts';
import { sortByCodePoint, stringTypeOf } from '../core/dictionary.ts';

/**
 * One string column from the pieces each thread read (`pieces[t]` holds the row groups whose
 * `owner` is t, or is null when t read none), `groupRows` the rows of each row group. The
 * dictionary is the values of both, sorted by code point with no duplicates, and every row's code
 * is ranked into it in one pass (a null row's is 0): the storage form (`sortedDictionary`), so the
 * normaliser keeps it rather than sort it again, which would be a second pass over every row. It
 * is the column the normaliser makes of a one-thread read (the same values in the same rows,
 * whatever order each thread met them in), so the table's bytes do not depend on the split. Every
 * value of a piece's dictionary is used by a valid row of that piece (the converters intern only
 * those). The first piece's codes array becomes the column's; the other is left to the caller.
 */
export function mergeStringPieces(
  name: string,
  pieces: readonly (Column | null)[],
  owner: Int32Array,
  groupRows: readonly number[],
): Column {
  const rows = groupRows.reduce((n, r) => n + r, 0);
  const distinct = new Set<string>();
  for (const p of pieces) for (const v of p?.dictionary ?? []) distinct.add(v);
  const sorted = sortByCodePoint([...distinct]);
  const position = new Map<string, number>();
  for (let i = 0; i < sorted.length; i++) position.set(sorted[i], i);
  const ranks = pieces.map((p) => Int32Array.from(p?.dictionary ?? [], (v) => position.get(v)!));
  const out = (pieces.find((p) => p !== null)?.values as Int32Array | undefined) ?? new Int32Array(rows);
  const validity = toValidity(pieces, rows);
  let start = 0;
  for (let g = 0; g < groupRows.length; g++) {
    const t = owner[g],
      end = start + groupRows[g];
    const piece = pieces[t];
    if (end === start) continue; // a row group without rows makes no piece
    if (!piece) throw new Error(`loader bug: row group ${g} of column "${name}" was read by no thread`);
    rankRows(out, piece.values as Int32Array, ranks[t], validity, start, end);
    start = end;
  }
  return {
    name,
    type: stringTypeOf(sorted),
    length: rows,
    validity,
    nullCount: pieces.reduce((n, p) => n + (p?.nullCount ?? 0), 0),
    values: out,
    dictionary: sorted,
    sortedDictionary: true,
  };
}

// Rows [start, end) of `from` ranked into `to` (which may be `from`); a null row gets 0.
function rankRows(
  to: Int32Array,
  from: Int32Array,
  rank: Int32Array,
  bits: Uint8Array | null,
  start: number,
  end: number,
): void {
  if (bits === null) {
    for (let r = start; r < end; r++) to[r] = rank[from[r]];
    return;
  }
  for (let r = start; r < end; r++) to[r] = (bits[r >> 3] & (1 << (r & 7))) !== 0 ? rank[from[r]] : 0;
}

// The pieces' bitmaps (set = valid; each marks only its own rows null) ANDed, or null when no row is null.
function toValidity(pieces: readonly (Column | null)[], rows: number): Uint8Array | null {
  const maps = pieces.filter((p) => p?.validity).map((p) => p!.validity!);
  if (maps.length === 0) return null;
  const out = maps[0];
  for (const other of maps.slice(1)) for (let i = 0; i < out.length && i < other.length; i++) out[i] &= other[i];
  if (out.length !== (rows + 7) >> 3) throw new Error(`loader bug: a validity bitmap of ${out.length} bytes`);
  return out;
}
