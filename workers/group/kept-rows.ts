// The rows of a block that a context mask keeps and that hold no null in the checked columns, compacted into an array of row numbers.
import type { ColumnView } from '../table/columns.ts';

/**
 * rows[0..kept) = the rows start..start + len − 1 that the mask keeps and, of the `checked`
 * columns, none holds a null; returns kept. Each row is written, and the cursor moves by 0 or 1.
 */
export function keptRows(
  mask: Uint8Array | null,
  checked: ColumnView[],
  start: number,
  len: number,
  rows: Int32Array,
): number {
  let kept = 0;
  if (mask === null) {
    for (let j = 0; j < len; j++) rows[j] = start + j;
    kept = len;
  } else if (mask.byteOffset % 4 === 0 && LITTLE) kept = keptWords(mask, start, len, rows);
  else
    for (let j = 0; j < len; j++) {
      rows[kept] = start + j;
      kept += mask[start + j];
    }
  for (const col of checked) {
    const { validity, offset } = col;
    let still = 0;
    for (let p = 0; p < kept; p++) {
      const b = offset + rows[p];
      rows[still] = rows[p];
      still += (validity![b >> 3] >> (b & 7)) & 1;
    }
    kept = still;
  }
  return kept;
}

const LITTLE = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * keptRows' mask pass four rows at a time, from the mask's 32-bit words (their bytes are rows in
 * little-endian order; `start` is a multiple of BLOCK, so of 4): a word of zeros is one test. Why:
 * under a 1% context the byte-a-row pass was most of a 2-D count (10M rows: 10.3 ms against 3.2; at
 * 50%, 10.9 against 7.9).
 */
function keptWords(mask: Uint8Array, start: number, len: number, rows: Int32Array): number {
  const words = new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2);
  const end = start + len,
    last = Math.min(end >> 2, words.length);
  let kept = 0;
  for (let q = start >> 2; q < last; q++) {
    const w = words[q];
    if (w === 0) continue;
    const i = q << 2;
    rows[kept] = i;
    kept += w & 1;
    rows[kept] = i + 1;
    kept += (w >>> 8) & 1;
    rows[kept] = i + 2;
    kept += (w >>> 16) & 1;
    rows[kept] = i + 3;
    kept += w >>> 24;
  }
  for (let i = last << 2; i < end; i++) {
    rows[kept] = i;
    kept += mask[i];
  }
  return kept;
}
