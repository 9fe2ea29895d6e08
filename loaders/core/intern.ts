// String interning while loading: values to codes in first-seen order, from strings or from UTF-8 bytes.

/**
 * Strings interned to codes in first-seen order. The lookup is an open-addressing table of entries in
 * an Int32Array over FNV-1a hashes of the strings (their first and last 32 code units and their
 * length). Loading the 10M-row bench CSV (two string columns, 20 and 100k values) took 10-20% less
 * CPU than with a Map<string, number>, whose lookups were the largest single cost in its profile.
 */
export type Interner = {
  slots: Int32Array;
  hashes: Int32Array;
  codes: Int32Array;
  count: number;
  values: string[];
  bytes: ByteTable | null;
};

/**
 * The interner's second table, for values met as UTF-8 bytes: the CSV reader's cells, and Arrow and
 * Parquet string chunks. A JS string is made only for bytes not seen before, and is interned as text,
 * so a value has one code however it was met. Each slot is four int32s side by side, so a probe reads
 * one cache line (separate arrays per field cost a cache miss each: 2x slower on 100k distinct values,
 * where the table outgrows the cache): a tag (a hash whose low 4 bits are the length + 1 for a value
 * of at most 8 bytes, else 15; never 0, which marks an empty slot); then a short value's bytes packed
 * in two words, or a longer one's length and start in a byte arena; then the code. A short value is
 * found with one slot read, no string and no arena. Bytes that are not UTF-8 (an Arrow file may hold
 * them) decode to U+FFFD as TextDecoder does, so two byte strings may share a code.
 */
type ByteTable = { slots: Int32Array; count: number; arena: Uint8Array; used: number };

/** An empty interner. */
export function createInterner(): Interner {
  const slots = new Int32Array(64).fill(-1);
  return { slots, hashes: new Int32Array(32), codes: new Int32Array(32), count: 0, values: [], bytes: null };
}

/** The code of `s`, adding it when new. */
export function intern(d: Interner, s: string): number {
  const h = hashOf(s),
    values = d.values;
  let slots = d.slots,
    mask = slots.length - 1,
    j = h & mask,
    e = slots[j];
  while (e !== -1 && (d.hashes[e] !== h || values[d.codes[e]] !== s)) {
    j = (j + 1) & mask;
    e = slots[j];
  }
  if (e !== -1) return d.codes[e];
  const code = values.length;
  values.push(s);
  e = d.count++;
  if (e === d.hashes.length) {
    d.hashes = growInt32(d.hashes, e * 2);
    d.codes = growInt32(d.codes, e * 2);
  }
  d.hashes[e] = h;
  d.codes[e] = code;
  slots[j] = e;
  if (d.count * 2 > slots.length) {
    slots = d.slots = new Int32Array(slots.length * 2).fill(-1);
    mask = slots.length - 1;
    for (let c = 0; c < d.count; c++) {
      let k = d.hashes[c] & mask;
      while (slots[k] !== -1) k = (k + 1) & mask;
      slots[k] = c;
    }
  }
  return code;
}

/** The code of the UTF-8 text `b[start..end)`, adding it when new. */
export function internBytes(d: Interner, b: Uint8Array, start: number, end: number): number {
  const t = (d.bytes ??= createByteTable());
  const len = end - start;
  let w0 = 0,
    w1 = 0,
    h: number;
  if (len <= 8) {
    for (let i = 0; i < len && i < 4; i++) w0 |= b[start + i] << (8 * i);
    for (let i = 4; i < len; i++) w1 |= b[start + i] << (8 * (i - 4));
    h = Math.imul(w0 ^ Math.imul(w1 ^ len, 0x9e3779b1), 0x85ebca6b);
    h = ((h ^ (h >>> 15)) & ~15) | (len + 1);
  } else {
    h = hashBytes(b, start, end) | 15;
    w0 = len;
  }
  const slots = t.slots,
    mask = (slots.length >> 2) - 1;
  for (let j = (h >>> 4) & mask; ; j = (j + 1) & mask) {
    const at = j << 2,
      tag = slots[at];
    if (tag === 0) return addBytes(d, t, at, h, w0, w1, b, start, end);
    if (tag === h && slots[at + 1] === w0) {
      if (len <= 8 ? slots[at + 2] === w1 : sameBytes(t.arena, slots[at + 2], b, start, len)) return slots[at + 3];
    }
  }
}

function createByteTable(): ByteTable {
  return { slots: new Int32Array(4 * 64), count: 0, arena: new Uint8Array(4096), used: 0 };
}

// Fills the empty slot at `at` with bytes met for the first time, decoding them once; returns their code.
function addBytes(
  d: Interner,
  t: ByteTable,
  at: number,
  h: number,
  w0: number,
  w1: number,
  b: Uint8Array,
  start: number,
  end: number,
): number {
  // Buffer's decoder: the same text as TextDecoder's (WHATWG replacement of bad bytes), in about half the time on short values.
  const code = intern(d, Buffer.from(b.buffer, b.byteOffset + start, end - start).toString('utf8'));
  const slots = t.slots;
  slots[at] = h;
  slots[at + 1] = w0;
  slots[at + 2] = end - start <= 8 ? w1 : keepBytes(t, b, start, end);
  slots[at + 3] = code;
  // Grown past 4/5 full, not 1/2: the table is half the size, and its size is what a lookup costs, one
  // cache miss a row once it outgrows a core's cache. 50,000 values fit in 65,536 slots (1 MiB, within
  // this machine's 1 MiB L2) instead of 131,072: reading the 10M-row bench Parquet file's `name` took
  // 887-929 ms of CPU instead of 1,147-1,232, and the 10M-row bench CSV 5.9-6.0 s instead of 6.4-6.6.
  // Linear probing at 4/5 costs ~3 slot reads a hit, mostly within one cache line (four slots each).
  if (++t.count * 5 > (slots.length >> 2) * 4) {
    const grown = new Int32Array(slots.length * 2),
      mask = (grown.length >> 2) - 1;
    for (let k = 0; k < slots.length; k += 4) {
      if (slots[k] === 0) continue;
      let i = (slots[k] >>> 4) & mask;
      while (grown[i << 2] !== 0) i = (i + 1) & mask;
      grown.set(slots.subarray(k, k + 4), i << 2);
    }
    t.slots = grown;
  }
  return code;
}

// Copies a value of more than 8 bytes into the arena; returns where it starts there.
function keepBytes(t: ByteTable, b: Uint8Array, start: number, end: number): number {
  const from = t.used,
    len = end - start;
  if (from + len > t.arena.length) {
    const arena = new Uint8Array(Math.max(t.arena.length * 2, from + len));
    arena.set(t.arena.subarray(0, from));
    t.arena = arena;
  }
  t.arena.set(b.subarray(start, end), from);
  t.used = from + len;
  return from;
}

function sameBytes(arena: Uint8Array, from: number, b: Uint8Array, start: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (arena[from + i] !== b[start + i]) return false;
  return true;
}

// MurmurHash3 (32-bit) over every byte, four at a time: a value longer than 8 bytes is told apart
// by any byte, wherever two values differ, in a quarter of the steps of a byte-wise hash.
function hashBytes(b: Uint8Array, start: number, end: number): number {
  let h = end - start,
    i = start;
  for (; i + 4 <= end; i += 4) {
    let k = b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24);
    k = Math.imul(k, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  for (let s = 0; i < end; i++, s += 8) k |= b[i] << s;
  k = Math.imul(k, 0xcc9e2d51);
  h ^= Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function hashOf(s: string): number {
  const n = s.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  if (n <= 64) {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  } else {
    for (let i = 0; i < 32; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    for (let i = n - 32; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  }
  return h ^ (h >>> 15);
}

function growInt32(a: Int32Array, length: number): Int32Array {
  const next = new Int32Array(length);
  next.set(a);
  return next;
}
