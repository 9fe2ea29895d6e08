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
 * Distinct byte strings: an open-addressing table over FNV-1a hashes whose slots hold everything a
 * probe needs side by side, four Int32 each: hash, code + 1 (0 = empty), arena start, byte length.
 * A row then touches one slot's cache line and the arena, where separate arrays per field cost a
 * cache miss each (measured 2x slower on 100k distinct names, where the table outgrows the cache).
 * Two byte strings can share a code when invalid UTF-8 decodes both to U+FFFD, and a dictionary
 * chunk may have interned the string already.
 */
type ByteTable = { slots: Int32Array; arena: Uint8Array; used: number; count: number; strings: Interner };

const SLOT = 4;

function createByteTable(): ByteTable {
  return {
    slots: new Int32Array(1024 * SLOT),
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
    arena = t.arena,
    mask = slots.length / SLOT - 1;
  for (let i = 0; i < data.length; i++) {
    const j = off + i;
    if (bits && (bits[j >> 3] & (1 << (j & 7))) === 0) continue;
    const start = offsets[j * step],
      end = offsets[(j + 1) * step],
      n = end - start;
    let h = 0x811c9dc5;
    for (let k = start; k < end; k++) h = Math.imul(h ^ bytes[k], 0x01000193);
    let p = (h & mask) * SLOT,
      code = slots[p + 1];
    for (; code !== 0; p = (p + SLOT) & (slots.length - 1), code = slots[p + 1]) {
      if (slots[p] !== h || slots[p + 3] !== n) continue;
      const from = slots[p + 2];
      let k = 0;
      while (k < n && arena[from + k] === bytes[start + k]) k++;
      if (k === n) break;
    }
    if (code === 0) {
      code = insert(t, p, h, bytes, start, end);
      slots = t.slots;
      arena = t.arena;
      mask = slots.length / SLOT - 1;
    }
    codes[at + i] = code - 1;
  }
}

// Records bytes seen for the first time in the empty slot at p, decoding them once; returns code + 1.
function insert(t: ByteTable, p: number, h: number, bytes: Uint8Array, start: number, end: number): number {
  const value = bytes.subarray(start, end);
  if (t.used + value.length > t.arena.length) {
    const arena = new Uint8Array(Math.max(t.used + value.length, t.arena.length * 2));
    arena.set(t.arena);
    t.arena = arena;
  }
  t.arena.set(value, t.used);
  const code = intern(t.strings, decoder.decode(value)) + 1;
  t.slots[p] = h;
  t.slots[p + 1] = code;
  t.slots[p + 2] = t.used;
  t.slots[p + 3] = value.length;
  t.used += value.length;
  if (++t.count * 2 > t.slots.length / SLOT) rehash(t);
  return code;
}

function rehash(t: ByteTable): void {
  const old = t.slots;
  const slots = new Int32Array(old.length * 2);
  const mask = slots.length / SLOT - 1;
  for (let q = 0; q < old.length; q += SLOT) {
    if (old[q + 1] === 0) continue;
    let p = (old[q] & mask) * SLOT;
    while (slots[p + 1] !== 0) p = (p + SLOT) & (slots.length - 1);
    slots.set(old.subarray(q, q + SLOT), p);
  }
  t.slots = slots;
}
