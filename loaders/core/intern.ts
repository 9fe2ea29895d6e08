// String interning while loading: values to codes in first-seen order, from strings or from UTF-8 bytes.

/**
 * Strings interned to codes in first-seen order. The lookup is an open-addressing table of entries in
 * an Int32Array over FNV-1a hashes of the strings (their first and last 32 code units and their
 * length). Loading the 10M-row bench CSV (two string columns, 20 and 100k values) took 10-20% less
 * CPU than with a Map<string, number>, whose lookups were the largest single cost in its profile.
 * Entries and codes differ once bytes are interned too: both tables add to the one `values`.
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
 * The interner's second table, for values met as UTF-8 bytes (the CSV reader): a JS string is made
 * only for a value not seen before. Each slot is four int32s: a tag (a hash with the length in its
 * low 4 bits), the value's bytes packed in two words when it has at most 8 (never -1 then: byte 0xFF
 * is not UTF-8), else -1 and its index in a byte arena, and the code. A short value is found with
 * one slot read, no string and no arena. A value met both as text and as bytes gets two codes for
 * the same string; the normaliser merges them when it sorts the dictionary.
 */
type ByteTable = { slots: Int32Array; count: number; starts: Int32Array; longs: number; arena: Uint8Array };

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

/** The code of the UTF-8 text `b[start..end)` (already checked as UTF-8), adding it when new. */
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
    w0 = -1;
  }
  let slots = t.slots,
    mask = (slots.length >> 2) - 1,
    j = (h >>> 4) & mask;
  for (;;) {
    const at = j << 2,
      tag = slots[at];
    if (tag === 0) break;
    if (tag === h && slots[at + 1] === w0) {
      if (w0 !== -1 ? slots[at + 2] === w1 : sameBytes(t, slots[at + 2], b, start, len)) return slots[at + 3];
    }
    j = (j + 1) & mask;
  }
  const code = d.values.length;
  d.values.push(Buffer.from(b.buffer, b.byteOffset + start, len).toString('utf8'));
  if (w0 === -1) w1 = addLong(t, b, start, end);
  const at = j << 2;
  slots[at] = h;
  slots[at + 1] = w0;
  slots[at + 2] = w1;
  slots[at + 3] = code;
  if (++t.count * 2 > mask + 1) {
    const old = slots;
    slots = t.slots = new Int32Array(old.length * 2);
    mask = (slots.length >> 2) - 1;
    for (let k = 0; k < old.length; k += 4) {
      if (old[k] === 0) continue;
      let i = (old[k] >>> 4) & mask;
      while (slots[i << 2] !== 0) i = (i + 1) & mask;
      slots.set(old.subarray(k, k + 4), i << 2);
    }
  }
  return code;
}

function createByteTable(): ByteTable {
  return { slots: new Int32Array(4 * 64), count: 0, starts: new Int32Array(64), longs: 0, arena: new Uint8Array(4096) };
}

// Keeps a value of more than 8 bytes in the arena; returns its index there.
function addLong(t: ByteTable, b: Uint8Array, start: number, end: number): number {
  const e = t.longs++,
    used = t.starts[e],
    len = end - start;
  if (e + 1 >= t.starts.length) {
    const starts = new Int32Array(t.starts.length * 2);
    starts.set(t.starts);
    t.starts = starts;
  }
  if (used + len > t.arena.length) {
    const arena = new Uint8Array(Math.max(t.arena.length * 2, used + len));
    arena.set(t.arena.subarray(0, used));
    t.arena = arena;
  }
  t.arena.set(b.subarray(start, end), used);
  t.starts[e + 1] = used + len;
  return e;
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

function sameBytes(t: ByteTable, e: number, b: Uint8Array, start: number, len: number): boolean {
  const from = t.starts[e];
  if (t.starts[e + 1] - from !== len) return false;
  const arena = t.arena;
  for (let i = 0; i < len; i++) if (arena[from + i] !== b[start + i]) return false;
  return true;
}

// FNV-1a over the bytes (the first and last 32 of a longer value) and the length.
function hashBytes(b: Uint8Array, start: number, end: number): number {
  const n = end - start;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  if (n <= 64) {
    for (let i = start; i < end; i++) h = Math.imul(h ^ b[i], 0x01000193);
  } else {
    for (let i = start; i < start + 32; i++) h = Math.imul(h ^ b[i], 0x01000193);
    for (let i = end - 32; i < end; i++) h = Math.imul(h ^ b[i], 0x01000193);
  }
  return h ^ (h >>> 15);
}
