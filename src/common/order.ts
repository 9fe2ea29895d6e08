// The value orders that decide byte-identity, once: strings by code point, 64-bit integers' decimal text by value.

/**
 * Orders two strings by Unicode code point, which is UTF-8 byte order: the order of every
 * dictionary in storage (src/contract/storage.ts), of answer values, and of the engine's strings.
 * UTF-16 code units order alike except that a surrogate (a code point above U+FFFF) must sort
 * after U+E000–U+FFFF, so when both units are at or above U+D800 the two ranges trade places.
 * Hot loops may inline it; test/house.test.ts and test/common/order.test.ts keep this the one rule.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i),
      y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Orders two 64-bit integers held as decimal text the way String(bigint) writes them (no leading
 * zeros, no "-0", no "+"): by sign, then length, then digits. The order of a biginteger column's
 * answer values (they travel as text: JSON would round them) on every path.
 */
export function compareDecimal(a: string, b: string): number {
  const negA = a.charCodeAt(0) === 45,
    negB = b.charCodeAt(0) === 45;
  if (negA !== negB) return negA ? -1 : 1;
  const c = a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
  return negA ? -c : c;
}
