// Arrow string columns (Utf8, LargeUtf8, Dictionary<Utf8>) → dictionary codes, decoding each distinct value once.
import * as arrow from 'apache-arrow';
import type { ChunkConverter, ColumnSpec } from './chunks.ts';
import { createConverter } from './chunks.ts';
import type { Interner } from '../core/dictionary.ts';
import { createInterner, intern, stringTypeOf } from '../core/dictionary.ts';

const decoder = new TextDecoder();

/**
 * A string column. Plain string chunks are hashed on their UTF-8 bytes, so a row costs a hash and a
 * compare, and only a value seen for the first time is decoded to a JS string. The distinct values'
 * bytes are copied into an arena, so no chunk is referenced after `add` returns.
 */
export function createStringConverter(spec: ColumnSpec): ChunkConverter {
  const codes = new Int32Array(spec.rows);
  const table = createByteTable();
  return createConverter(
    spec,
    (data, at) => {
      if (arrow.DataType.isDictionary(data.type)) addDictionaryChunk(data, table.strings, codes, at);
      else addBytesChunk(data, table, codes, at);
    },
    (base) => ({ ...base, type: stringTypeOf(table.strings.values), values: codes, dictionary: table.strings.values }),
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

/**
 * Distinct byte strings: an open-addressing table of entries over FNV-1a hashes, each entry's bytes
 * in an arena and its interned code in `codeOf` (two byte strings can share a code when invalid
 * UTF-8 decodes both to U+FFFD, and a dictionary chunk may have interned the string already).
 */
type ByteTable = {
  slots: Int32Array;
  hashes: Int32Array;
  starts: Int32Array;
  codeOf: Int32Array;
  arena: Uint8Array;
  used: number;
  count: number;
  strings: Interner;
};

function createByteTable(): ByteTable {
  return {
    slots: new Int32Array(1024).fill(-1),
    hashes: new Int32Array(512),
    starts: new Int32Array(513),
    codeOf: new Int32Array(512),
    arena: new Uint8Array(4096),
    used: 0,
    count: 0,
    strings: createInterner(),
  };
}

// The hot loop of string loading. LargeUtf8's 64-bit offsets are read through their low words: a
// chunk's bytes live in one ArrayBuffer, far below 2^31.
function addBytesChunk(data: arrow.Data, t: ByteTable, codes: Int32Array, at: number): void {
  const bytes = data.values as Uint8Array;
  const raw = data.valueOffsets as Int32Array | BigInt64Array;
  const large = raw instanceof BigInt64Array;
  const offsets = large ? new Int32Array(raw.buffer, raw.byteOffset, raw.length * 2) : raw;
  const step = large ? 2 : 1;
  const bits = data.nullCount > 0 ? data.nullBitmap : null,
    off = data.offset;
  let slots = t.slots,
    hashes = t.hashes,
    starts = t.starts,
    codeOf = t.codeOf,
    arena = t.arena,
    mask = slots.length - 1;
  for (let i = 0; i < data.length; i++) {
    const j = off + i;
    if (bits && (bits[j >> 3] & (1 << (j & 7))) === 0) continue;
    const start = offsets[j * step],
      end = offsets[(j + 1) * step],
      n = end - start;
    let h = 0x811c9dc5;
    for (let k = start; k < end; k++) h = Math.imul(h ^ bytes[k], 0x01000193);
    let s = h & mask,
      entry = slots[s];
    for (; entry !== -1; s = (s + 1) & mask, entry = slots[s]) {
      if (hashes[entry] !== h) continue;
      const from = starts[entry];
      if (starts[entry + 1] - from !== n) continue;
      let k = 0;
      while (k < n && arena[from + k] === bytes[start + k]) k++;
      if (k === n) break;
    }
    if (entry === -1) {
      entry = insert(t, s, h, bytes, start, end);
      slots = t.slots;
      hashes = t.hashes;
      starts = t.starts;
      codeOf = t.codeOf;
      arena = t.arena;
      mask = slots.length - 1;
    }
    codes[at + i] = codeOf[entry];
  }
}

// Records bytes seen for the first time at slot s, decoding them once; returns the new entry.
function insert(t: ByteTable, s: number, h: number, bytes: Uint8Array, start: number, end: number): number {
  const value = bytes.subarray(start, end);
  const entry = t.count++;
  if (t.used + value.length > t.arena.length) t.arena = grown(t.arena, t.used + value.length);
  t.arena.set(value, t.used);
  t.used += value.length;
  if (entry + 2 > t.starts.length) t.starts = grown(t.starts, entry + 2);
  if (entry + 1 > t.hashes.length) {
    t.hashes = grown(t.hashes, entry + 1);
    t.codeOf = grown(t.codeOf, entry + 1);
  }
  t.starts[entry + 1] = t.used;
  t.hashes[entry] = h;
  t.codeOf[entry] = intern(t.strings, decoder.decode(value));
  t.slots[s] = entry;
  if (t.count * 2 > t.slots.length) rehash(t);
  return entry;
}

function grown<T extends Uint8Array | Int32Array>(a: T, need: number): T {
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}

function rehash(t: ByteTable): void {
  const slots = new Int32Array(t.slots.length * 2).fill(-1);
  const mask = slots.length - 1;
  for (let entry = 0; entry < t.count; entry++) {
    let s = t.hashes[entry] & mask;
    while (slots[s] !== -1) s = (s + 1) & mask;
    slots[s] = entry;
  }
  t.slots = slots;
}
