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
 */
export type ChunkConverter = { add(data: arrow.Data): void; finish(): Column };

/** What a converter knows about its column: where it comes from, its size and its override. */
export type ColumnSpec = { file: string; name: string; type: arrow.DataType; rows: number; override?: InternalType };

/** A converter's shared part: row position and validity; `put` writes a chunk's values at `at`. */
export function createConverter(
  spec: ColumnSpec,
  put: (data: arrow.Data, at: number, validity: Validity) => void,
  done: (base: Pick<Column, 'name' | 'length' | 'validity' | 'nullCount'>, validity: Validity) => Column,
): ChunkConverter {
  const validity = createValidity();
  let row = 0;
  return {
    add(data) {
      if (data.nullCount > 0) {
        const bits = data.nullBitmap;
        for (let i = 0; i < data.length; i++) {
          const j = data.offset + i;
          if (!bits || bits.length === 0 || (bits[j >> 3] & (1 << (j & 7))) === 0) markNull(validity, row + i);
        }
      }
      put(data, row, validity);
      row += data.length;
    },
    finish() {
      if (row !== spec.rows)
        throw new Error(`loader bug: column "${spec.name}" got ${row} rows, expected ${spec.rows}`);
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

/** True when row `row` is not null according to a validity tracker built so far. */
export function isValidSoFar(v: Validity, row: number): boolean {
  return row >> 3 >= (v.bits?.length ?? 0) || isBitSet(v.bits, row);
}
