// The tests' oracle for exact sums of doubles: a finite double as the exact integer x · 2^1074, from its bits.

const view = new DataView(new ArrayBuffer(8));

/** A finite double as the exact integer x · 2^1074 (every double is a whole multiple of 2^-1074). */
export function exact(x: number): bigint {
  view.setFloat64(0, x);
  const b = view.getBigUint64(0);
  const e = Number((b >> 52n) & 0x7ffn);
  const m = (b & ((1n << 52n) - 1n)) | (e > 0 ? 1n << 52n : 0n);
  const v = m << BigInt(Math.max(e, 1) - 1);
  return b >> 63n ? -v : v;
}
