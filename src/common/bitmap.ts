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
