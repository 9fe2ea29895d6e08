// Bit packing for boolean columns.

/** Packs 0/1 numbers into an Arrow bit-packed buffer (bit i of byte i>>3, least significant first). */
export function packBits(values: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array((values.length + 7) >> 3);
  for (let i = 0; i < values.length; i++) if (values[i]) out[i >> 3] |= 1 << (i & 7);
  return out;
}
