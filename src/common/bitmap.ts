// The one bit-packed bitmap helper (Arrow's layout: bit i in byte i>>3, least significant first), for validity and booleans.

/** Whether bit `i` of `bits` is set; a null bitmap means every bit is set (Arrow: no validity = all valid). */
export function isBitSet(bits: Uint8Array | null, i: number): boolean {
  return bits === null || (bits[i >> 3] & (1 << (i & 7))) !== 0;
}

/** Packs 0/1 numbers into a bit-packed buffer. */
export function packBits(values: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array((values.length + 7) >> 3);
  for (let i = 0; i < values.length; i++) if (values[i]) out[i >> 3] |= 1 << (i & 7);
  return out;
}

/** How many of the `length` bits from bit `offset` of a validity bitmap are clear (nulls). */
export function countNulls(validity: Uint8Array, offset: number, length: number): number {
  let valid = 0;
  for (let i = 0; i < length; i++) {
    const b = offset + i;
    valid += (validity[b >> 3] >> (b & 7)) & 1;
  }
  return length - valid;
}
