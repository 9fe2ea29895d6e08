// Arrow source columns (IPC or Parquet) arrive chunk by chunk; a converter turns them into one Column.
import type * as arrow from 'apache-arrow';
import type { InternalType } from '../../src/contract/model.ts';
import type { Column } from '../core/column.ts';
import type { Validity } from '../rows/growable.ts';
import { createValidity, finishValidity, markNull } from '../rows/growable.ts';
import { isBitSet } from '../../src/common/bitmap.ts';

/**
 * Converts one Arrow column, chunk by chunk, into a Column. `add` reads the chunk at once and keeps no
 * reference to it, so a chunk may be a view into memory that is reused right after (parquet-wasm).
 * Chunks go one after the other, or each at the row `at` (a thread that reads only some row groups,
 * parquet-claims.ts); `finish` checks that `rows` rows were added (all of them unless told).
 */
export type ChunkConverter = { add(data: arrow.Data, at?: number): void; finish(rows?: number): Column };

/** What a converter knows about its column: where it comes from, its size and its override. */
export type ColumnSpec = { file: string; name: string; type: arrow.DataType; rows: number; override?: InternalType };

/** A converter's shared part: row position and validity; `put` writes a chunk's values at `at`. */
export function createConverter(
  spec: ColumnSpec,
  put: (data: arrow.Data, at: number, validity: Validity) => void,
  done: (base: Pick<Column, 'name' | 'length' | 'validity' | 'nullCount'>, validity: Validity) => Column,
): ChunkConverter {
  const validity = createValidity();
  let row = 0,
    added = 0;
  return {
    add(data, at = row) {
      row = at;
      if (data.nullCount > 0) {
        const bits = data.nullBitmap;
        if (bits && bits.length > 0 && (data.offset & 7) === 0) copyValidity(validity, spec.rows, row, bits, data);
        else
          for (let i = 0; i < data.length; i++) {
            const j = data.offset + i;
            if (!bits || bits.length === 0 || (bits[j >> 3] & (1 << (j & 7))) === 0) markNull(validity, row + i);
          }
      }
      put(data, row, validity);
      row += data.length;
      added += data.length;
    },
    finish(rows = spec.rows) {
      if (added !== rows || row > spec.rows)
        throw new Error(`loader bug: column "${spec.name}" got ${added} rows, expected ${rows}`);
      return done(
        {
          name: spec.name,
          length: spec.rows,
          validity: finishValidity(validity, spec.rows),
          nullCount: validity.nullCount,
        },
        validity,
      );
    },
  };
}

/**
 * Marks the null rows of a chunk whose bitmap starts on a byte, a byte at a time: each source byte
 * is ANDed into the (at most two) bytes it lands on, whose other bits stay as they are (rows not
 * marked yet are valid). Nulls are counted from the bits, as markNull would count them one by one.
 */
function copyValidity(v: Validity, rows: number, row: number, bits: Uint8Array, data: arrow.Data): void {
  if (v.bits === null || v.bits.length < ((rows + 7) >> 3) + 1) {
    const full = new Uint8Array(((rows + 7) >> 3) + 1).fill(0xff);
    if (v.bits) full.set(v.bits.subarray(0, full.length));
    v.bits = full;
  }
  const out = v.bits,
    shift = row & 7,
    from = data.offset >> 3,
    to = row >> 3,
    n = (data.length + 7) >> 3,
    tail = data.length & 7;
  let nulls = 0;
  for (let k = 0; k < n; k++) {
    let b = bits[from + k];
    if (k === n - 1 && tail) b |= 0xff << tail; // past the chunk's end: leave valid
    b &= 0xff;
    nulls += ZEROS[b];
    out[to + k] &= ((b << shift) | ((1 << shift) - 1)) & 0xff;
    if (shift) out[to + k + 1] &= (b >> (8 - shift)) | ((0xff << shift) & 0xff);
  }
  v.nullCount += nulls;
}

// How many bits of each byte value are zero.
const ZEROS = Uint8Array.from({ length: 256 }, (_, b) => 8 - [...b.toString(2)].filter((c) => c === '1').length);

/** True when row `row` is not null according to a validity tracker built so far. */
export function isValidSoFar(v: Validity, row: number): boolean {
  return row >> 3 >= (v.bits?.length ?? 0) || isBitSet(v.bits, row);
}
