// Arrow string columns (Utf8, LargeUtf8, Dictionary<Utf8>) → dictionary codes, decoding each distinct value once.
import * as arrow from 'apache-arrow';
import type { ChunkConverter, ColumnSpec } from './chunks.ts';
import { createConverter } from './chunks.ts';
import type { Interner } from '../core/dictionary.ts';
import { createInterner, intern, internBytes, stringTypeOf } from '../core/dictionary.ts';

/**
 * A string column. Plain string chunks are interned on their UTF-8 bytes (the interner's byte table,
 * the CSV reader's too), so a row costs a hash and a compare, and only a value seen for the first time
 * is decoded to a JS string. The table copies what it keeps, so no chunk is referenced after `add`.
 */
export function createStringConverter(spec: ColumnSpec): ChunkConverter {
  const codes = new Int32Array(spec.rows);
  const strings = createInterner();
  return createConverter(
    spec,
    (data, at) => {
      if (arrow.DataType.isDictionary(data.type)) addDictionaryChunk(data, strings, codes, at);
      else addBytesChunk(data, strings, codes, at);
    },
    (base) => ({ ...base, type: stringTypeOf(strings.values), values: codes, dictionary: strings.values }),
  );
}

function addDictionaryChunk(data: arrow.Data, strings: Interner, codes: Int32Array, at: number): void {
  const values = data.dictionary!;
  const remap = new Int32Array(values.length).fill(-1); // interned on first use, so unused entries stay out
  const indices = data.values as ArrayLike<number | bigint>;
  const bits = data.nullCount > 0 ? data.nullBitmap : null,
    off = data.offset;
  for (let i = 0; i < data.length; i++) {
    const j = off + i;
    if (bits && (bits[j >> 3] & (1 << (j & 7))) === 0) continue;
    const k = Number(indices[j]);
    if (remap[k] === -1) remap[k] = intern(strings, String(values.get(k)));
    codes[at + i] = remap[k];
  }
}

// The hot loop of string loading. LargeUtf8's 64-bit offsets are read through their low words: a
// chunk's bytes live in one ArrayBuffer, far below 2^31.
function addBytesChunk(data: arrow.Data, strings: Interner, codes: Int32Array, at: number): void {
  const bytes = data.values as Uint8Array;
  const raw = data.valueOffsets as Int32Array | BigInt64Array;
  const large = raw instanceof BigInt64Array;
  const offsets = large ? new Int32Array(raw.buffer, raw.byteOffset, raw.length * 2) : raw;
  const step = large ? 2 : 1;
  const bits = data.nullCount > 0 ? data.nullBitmap : null,
    off = data.offset;
  for (let i = 0; i < data.length; i++) {
    const j = off + i;
    if (bits && (bits[j >> 3] & (1 << (j & 7))) === 0) continue;
    codes[at + i] = internBytes(strings, bytes, offsets[j * step], offsets[(j + 1) * step]);
  }
}
