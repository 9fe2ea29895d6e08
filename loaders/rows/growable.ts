// Growable typed arrays and validity bitmaps for building columns row by row without boxing.

/** A Float64Array that doubles when full; `length` counts the values pushed. */
export type F64 = { data: Float64Array; length: number };
/** A BigInt64Array that doubles when full. */
export type I64 = { data: BigInt64Array; length: number };
/** An Int32Array that doubles when full. */
export type I32 = { data: Int32Array; length: number };
/** A Uint8Array that doubles when full. */
export type U8 = { data: Uint8Array; length: number };

/** An empty growable Float64 buffer. */
export function createF64(capacity = 1024): F64 {
  return { data: new Float64Array(capacity), length: 0 };
}

/** An empty growable BigInt64 buffer. */
export function createI64(capacity = 1024): I64 {
  return { data: new BigInt64Array(capacity), length: 0 };
}

/** An empty growable Int32 buffer. */
export function createI32(capacity = 1024): I32 {
  return { data: new Int32Array(capacity), length: 0 };
}

/** An empty growable Uint8 buffer. */
export function createU8(capacity = 1024): U8 {
  return { data: new Uint8Array(capacity), length: 0 };
}

/** Appends one number, growing the buffer when full. */
export function pushF64(b: F64, v: number): void {
  if (b.length === b.data.length) b.data = grow(b.data, new Float64Array(Math.max(1024, b.data.length * 2)));
  b.data[b.length++] = v;
}

/** Appends one bigint, growing the buffer when full. */
export function pushI64(b: I64, v: bigint): void {
  if (b.length === b.data.length) b.data = grow(b.data, new BigInt64Array(Math.max(1024, b.data.length * 2)));
  b.data[b.length++] = v;
}

/** Appends one int32, growing the buffer when full. */
export function pushI32(b: I32, v: number): void {
  if (b.length === b.data.length) b.data = grow(b.data, new Int32Array(Math.max(1024, b.data.length * 2)));
  b.data[b.length++] = v;
}

/** Appends one byte, growing the buffer when full. */
export function pushU8(b: U8, v: number): void {
  if (b.length === b.data.length) b.data = grow(b.data, new Uint8Array(Math.max(1024, b.data.length * 2)));
  b.data[b.length++] = v;
}

/**
 * The first `length` values, as a view of the buffer, never a copy: the pages of a zero-filled
 * buffer's unused tail are never touched, so they cost no memory, while a copy would hold the column
 * twice until the garbage is collected. A buffer sized from a row estimate may be far from full (the
 * estimate comes from the file's first MiB: the 100M-row bench CSV's short first ids made it 1.18×
 * the rows), and a copy of each column at 100M rows was most of the load's transient memory.
 */
export function trimmed<T extends Float64Array | BigInt64Array | Int32Array | Uint8Array>(data: T, length: number): T {
  return (data.length === length ? data : data.subarray(0, length)) as T;
}

function grow<T extends Float64Array | BigInt64Array | Int32Array | Uint8Array>(from: T, to: T): T {
  (to as Float64Array).set(from as Float64Array);
  return to;
}

/**
 * A validity bitmap built lazily: it stays null until the first null arrives, so a column
 * without nulls never allocates one (and the Arrow Data then carries no bitmap at all).
 */
export type Validity = { bits: Uint8Array | null; nullCount: number };

/** A validity tracker with no nulls yet. */
export function createValidity(): Validity {
  return { bits: null, nullCount: 0 };
}

/** Marks row `row` null; rows before it that were never marked stay valid. */
export function markNull(v: Validity, row: number): void {
  const need = (row >> 3) + 1;
  if (v.bits === null) {
    v.bits = new Uint8Array(Math.max(need * 2, 1024)).fill(0xff);
  } else if (need > v.bits.length) {
    const next = new Uint8Array(Math.max(need, v.bits.length * 2)).fill(0xff);
    next.set(v.bits);
    v.bits = next;
  }
  v.bits[row >> 3] &= ~(1 << (row & 7));
  v.nullCount++;
}

/** The finished bitmap for `length` rows (bit set = valid), or null when no row is null. */
export function finishValidity(v: Validity, length: number): Uint8Array | null {
  if (v.nullCount === 0 || v.bits === null) return null;
  const bytes = (length + 7) >> 3;
  const out = new Uint8Array(bytes).fill(0xff);
  out.set(v.bits.subarray(0, Math.min(bytes, v.bits.length)));
  if (length & 7) out[bytes - 1] &= (1 << (length & 7)) - 1;
  return out;
}
