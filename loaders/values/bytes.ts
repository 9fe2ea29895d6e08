// Classifying a CSV cell from its UTF-8 bytes: the plain decimal numbers, without making a string.
import type { Kind } from './classify.ts';
import { FLOAT, INT, parsed } from './classify.ts';

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** What classifyBytes returns for a cell it leaves to classifyText (on the cell's string). */
export const UNKNOWN = -1;

/**
 * The kind of the cell `b[start..end)` (not empty) when it is a plain decimal number: an optional
 * `-`, digits, optionally `.` and digits, 1 to 15 digits in all; sets `parsed.value`. This is the
 * subset of classifyText's numeric branch that needs no `Number(text)`, computed the same way (an
 * integer mantissa of ≤ 15 digits and a power of ten ≤ 1e15 are exact doubles, so one division is
 * correctly rounded), so both give the very same double. Anything else (a sign `+`, an exponent,
 * 16+ digits, a date or time, a word) is UNKNOWN.
 */
export function classifyBytes(b: Uint8Array, start: number, end: number): Kind {
  const c = b[start];
  const negative = c === 45;
  if (!negative && c !== 46 && (c < 48 || c > 57)) return UNKNOWN;
  let i = negative ? start + 1 : start,
    m = 0;
  const intStart = i;
  for (; i < end; i++) {
    const d = b[i] - 48;
    if (d < 0 || d > 9) break;
    m = m * 10 + d;
  }
  const intDigits = i - intStart;
  if (i === end) {
    if (intDigits === 0 || intDigits > 15) return UNKNOWN;
    parsed.value = negative ? -m : m;
    return INT;
  }
  if (b[i] !== 46) return UNKNOWN;
  const fracStart = ++i;
  for (; i < end; i++) {
    const d = b[i] - 48;
    if (d < 0 || d > 9) break;
    m = m * 10 + d;
  }
  const digits = intDigits + i - fracStart;
  if (i !== end || digits === 0 || digits > 15) return UNKNOWN;
  let x = m / POW10[i - fracStart];
  if (negative) x = -x;
  parsed.value = x;
  return Number.isInteger(x) && Math.abs(x) <= 2 ** 53 ? INT : FLOAT;
}
