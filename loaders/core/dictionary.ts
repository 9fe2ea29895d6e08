// String dictionaries: interning while loading, and the sorted, duplicate-free form the tables store.

/**
 * Strings interned to codes in first-seen order. The lookup is an open-addressing table of codes in
 * an Int32Array over FNV-1a hashes of the strings (their first and last 32 code units and their
 * length). Loading the 10M-row bench CSV (two string columns, 20 and 100k values) took 10-20% less
 * CPU than with a Map<string, number>, whose lookups were the largest single cost in its profile.
 */
export type Interner = { slots: Int32Array; hashes: Int32Array; values: string[]; bytes: ByteTable | null };

/**
 * The interner's second table, for values met as UTF-8 bytes (the CSV reader): the same open
 * addressing over hashes of the bytes, which are kept in one arena and compared there, so a JS
 * string is made only for a value not seen before. A value met both as text and as bytes gets two
 * codes for the same string; the normaliser merges them when it sorts the dictionary.
 */
type ByteTable = {
  slots: Int32Array;
  hashes: Int32Array;
  starts: Int32Array;
  codes: Int32Array;
  arena: Uint8Array;
  used: number;
  count: number;
};

/** An empty interner. */
export function createInterner(): Interner {
  return { slots: new Int32Array(64).fill(-1), hashes: new Int32Array(32), values: [], bytes: null };
}

/** The code of the UTF-8 text `b[start..end)` (already checked as UTF-8), adding it when new. */
export function internBytes(d: Interner, b: Uint8Array, start: number, end: number): number {
  const t = (d.bytes ??= createByteTable());
  const h = hashBytes(b, start, end),
    len = end - start;
  let mask = t.slots.length - 1,
    j = h & mask,
    e = t.slots[j];
  while (e !== -1) {
    if (t.hashes[e] === h && sameBytes(t, e, b, start, len)) return t.codes[e];
    j = (j + 1) & mask;
    e = t.slots[j];
  }
  e = t.count++;
  if (e + 1 >= t.starts.length) {
    t.starts = growInt32(t.starts, t.starts.length * 2);
    t.hashes = growInt32(t.hashes, t.starts.length);
    t.codes = growInt32(t.codes, t.starts.length);
  }
  if (t.used + len > t.arena.length) {
    const arena = new Uint8Array(Math.max(t.arena.length * 2, t.used + len));
    arena.set(t.arena.subarray(0, t.used));
    t.arena = arena;
  }
  t.arena.set(b.subarray(start, end), t.used);
  t.used += len;
  t.starts[e + 1] = t.used;
  t.hashes[e] = h;
  const code = d.values.length;
  d.values.push(Buffer.from(b.buffer, b.byteOffset + start, len).toString('utf8'));
  t.codes[e] = code;
  t.slots[j] = e;
  if (t.count * 2 > t.slots.length) {
    t.slots = new Int32Array(t.slots.length * 2).fill(-1);
    mask = t.slots.length - 1;
    for (let k = 0; k < t.count; k++) {
      let i = t.hashes[k] & mask;
      while (t.slots[i] !== -1) i = (i + 1) & mask;
      t.slots[i] = k;
    }
  }
  return code;
}

function createByteTable(): ByteTable {
  const n = 64;
  return {
    slots: new Int32Array(n * 2).fill(-1),
    hashes: new Int32Array(n),
    starts: new Int32Array(n),
    codes: new Int32Array(n),
    arena: new Uint8Array(4096),
    used: 0,
    count: 0,
  };
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

/** The code of `s`, adding it when new. */
export function intern(d: Interner, s: string): number {
  const h = hashOf(s),
    values = d.values;
  let slots = d.slots,
    mask = slots.length - 1,
    j = h & mask,
    code = slots[j];
  while (code !== -1 && (d.hashes[code] !== h || values[code] !== s)) {
    j = (j + 1) & mask;
    code = slots[j];
  }
  if (code !== -1) return code;
  code = values.length;
  values.push(s);
  if (code === d.hashes.length) {
    const hashes = new Int32Array(code * 2);
    hashes.set(d.hashes);
    d.hashes = hashes;
  }
  d.hashes[code] = h;
  slots[j] = code;
  if (values.length * 2 > slots.length) {
    slots = d.slots = new Int32Array(slots.length * 2).fill(-1);
    mask = slots.length - 1;
    for (let c = 0; c < values.length; c++) {
      let k = d.hashes[c] & mask;
      while (slots[k] !== -1) k = (k + 1) & mask;
      slots[k] = c;
    }
  }
  return code;
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

/** Orders two strings by Unicode code point (UTF-8 byte order), not by UTF-16 code unit. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i),
      y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800-DFFF) encode code points above U+FFFF, so they sort after U+E000-FFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

const HIGH_UNITS = /[\ud800-\uffff]/;

/** Sorts strings in code point order; uses the fast native sort when no string can disagree with it. */
export function sortByCodePoint(values: string[]): string[] {
  return values.some((s) => HIGH_UNITS.test(s)) ? values.sort(compareCodePoints) : values.sort();
}

/**
 * Rewrites dictionary codes so the dictionary is sorted by code point with no duplicates and no
 * unused entries; `codes` is updated in place (null rows get code 0) and the new dictionary returned.
 */
export function sortDictionary(values: readonly string[], codes: Int32Array, validity: Uint8Array | null): string[] {
  const used = new Uint8Array(values.length);
  for (let i = 0; i < codes.length; i++) {
    if (validity === null || (validity[i >> 3] & (1 << (i & 7))) !== 0) used[codes[i]] = 1;
  }
  const distinct = new Set<string>();
  for (let c = 0; c < values.length; c++) if (used[c]) distinct.add(values[c]);
  const sorted = sortByCodePoint([...distinct]);
  const position = new Map<string, number>();
  for (let i = 0; i < sorted.length; i++) position.set(sorted[i], i);
  const rank = new Int32Array(values.length);
  for (let c = 0; c < values.length; c++) if (used[c]) rank[c] = position.get(values[c])!;
  for (let i = 0; i < codes.length; i++) {
    codes[i] = validity === null || (validity[i >> 3] & (1 << (i & 7))) !== 0 ? rank[codes[i]] : 0;
  }
  return sorted;
}

/** 'text' when any value is longer than 255 characters (code points), else 'char'. */
export function stringTypeOf(values: readonly string[]): 'char' | 'text' {
  for (const s of values) {
    if (s.length > 255 && [...s].length > 255) return 'text';
  }
  return 'char';
}
