// Record counts per code of a dict or bool column among the masked records: one branch-free pass.
import type { ColumnView } from '../table/columns.ts';
import { addKept } from './kept-count.ts';

/** Counts per dictionary code (bool: per bit, false first), and the kept nulls. */
export function countCodes(col: ColumnView, mask: Uint8Array | null): { counts: Float64Array; nullCount: number } {
  const isBool = col.kind === 'bool';
  if (!isBool && col.kind !== 'dict') throw new Error(`A ${col.kind} column has no codes.`);
  const size = isBool ? 2 : col.dictionary!.length;
  const slots = new Float64Array(size + 1); // the last slot counts nulls
  const { validity, offset, length } = col;
  const codes = col.values as Int32Array,
    bits = col.values as Uint8Array;
  // Add the mask byte (0 or 1) rather than test it: no branch to mispredict on a random mask (and
  // addKept skips four dropped rows at once).
  if (!isBool && validity === null) {
    if (mask === null) for (let i = 0; i < length; i++) slots[codes[i]]++;
    else addKept(codes, length, 0, mask, slots);
  } else {
    for (let i = 0; i < length; i++) {
      const b = offset + i;
      const valid = validity === null || ((validity[b >> 3] >> (b & 7)) & 1) === 1;
      const code = isBool ? (bits[b >> 3] >> (b & 7)) & 1 : codes[i];
      slots[valid ? code : size] += mask === null ? 1 : mask[i];
    }
  }
  return { counts: slots.subarray(0, size), nullCount: slots[size] };
}
