// Arrow string columns (Utf8, LargeUtf8, Dictionary<Utf8>) → dictionary codes, decoding each distinct value once.
import type * as arrow from 'apache-arrow';
import * as Arrow from 'apache-arrow';
import type { Interner } from './dictionary.ts';
import { createInterner, intern } from './dictionary.ts';

const decoder = new TextDecoder();

/**
 * Codes for the rows of Utf8 / LargeUtf8 / Dictionary<Utf8> chunks, written into `codes` (null rows
 * get 0) and the interned strings. Plain string chunks are hashed on their UTF-8 bytes, so a row
 * costs a hash and a compare; only a value seen for the first time is decoded to a JS string.
 */
export function internStrings(chunks: readonly arrow.Data[], codes: Int32Array): Interner {
  const strings = createInterner();
  const table = createByteTable(strings);
  let row = 0;
  for (const data of chunks) {
    if (Arrow.DataType.isDictionary(data.type)) internDictionaryChunk(data, strings, codes, row);
    else internBytesChunk(data, table, codes, row);
    row += data.length;
  }
  return strings;
}

function internDictionaryChunk(data: arrow.Data, strings: Interner, codes: Int32Array, at: number): void {
  const values = data.dictionary!;
  const remap = new Int32Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values.get(k);
    remap[k] = v === null ? -1 : intern(strings, String(v));
  }
  const indices = data.values as ArrayLike<number | bigint>;
  const bits = data.nullCount > 0 ? data.nullBitmap : null, off = data.offset;
  for (let i = 0; i < data.length; i++) {
    const j = off + i;
    if (bits && (bits[j >> 3] & (1 << (j & 7))) === 0) continue;
    codes[at + i] = remap[Number(indices[j])];
  }
}

type ByteTable = { slots: Int32Array; hashes: Int32Array; starts: number[]; ends: number[]; sources: Uint8Array[]; strings: Interner };

function createByteTable(strings: Interner): ByteTable {
  return { slots: new Int32Array(1024).fill(-1), hashes: new Int32Array(512), starts: [], ends: [], sources: [], strings };
}

function internBytesChunk(data: arrow.Data, t: ByteTable, codes: Int32Array, at: number): void {
  const bytes = data.values as Uint8Array;
  const offsets = toInt32Offsets(data.valueOffsets as Int32Array | BigInt64Array);
  const bits = data.nullCount > 0 ? data.nullBitmap : null, off = data.offset;
  for (let i = 0; i < data.length; i++) {
    const j = off + i;
    if (bits && (bits[j >> 3] & (1 << (j & 7))) === 0) continue;
    codes[at + i] = lookup(t, bytes, offsets[j], offsets[j + 1]);
  }
}

// LargeUtf8 offsets are 64-bit; a chunk's bytes fit in a typed array, so the low words are the offsets.
function toInt32Offsets(offsets: Int32Array | BigInt64Array): Int32Array | Float64Array {
  if (offsets instanceof Int32Array) return offsets;
  const out = new Float64Array(offsets.length);
  const words = new Int32Array(offsets.buffer, offsets.byteOffset, offsets.length * 2);
  for (let i = 0; i < offsets.length; i++) out[i] = (words[2 * i] >>> 0) + words[2 * i + 1] * 4294967296;
  return out;
}

function lookup(t: ByteTable, bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) h = Math.imul(h ^ bytes[k], 0x01000193);
  const mask = t.slots.length - 1;
  for (let s = h & mask; ; s = (s + 1) & mask) {
    const code = t.slots[s];
    if (code === -1) {
      const created = intern(t.strings, decoder.decode(bytes.subarray(start, end)));
      if (created < t.starts.length) return created; // invalid UTF-8 decoded to a string already seen
      t.slots[s] = created;
      if (created >= t.hashes.length) {
        const next = new Int32Array(t.hashes.length * 2);
        next.set(t.hashes);
        t.hashes = next;
      }
      t.hashes[created] = h;
      t.starts.push(start);
      t.ends.push(end);
      t.sources.push(bytes);
      if (t.starts.length * 2 > t.slots.length) rehash(t);
      return created;
    }
    if (t.hashes[code] === h && sameBytes(t.sources[code], t.starts[code], t.ends[code], bytes, start, end)) return code;
  }
}

function sameBytes(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): boolean {
  if (ae - as !== be - bs) return false;
  for (let k = 0; k < ae - as; k++) if (a[as + k] !== b[bs + k]) return false;
  return true;
}

function rehash(t: ByteTable): void {
  const slots = new Int32Array(t.slots.length * 2).fill(-1);
  const mask = slots.length - 1;
  for (let code = 0; code < t.starts.length; code++) {
    let s = t.hashes[code] & mask;
    while (slots[s] !== -1) s = (s + 1) & mask;
    slots[s] = code;
  }
  t.slots = slots;
}
