// Classifying a CSV cell from its UTF-8 bytes: the plain decimal numbers, without making a string.
import type { Kind } from './classify.ts';
import { DATE, FLOAT, INT, parsed } from './classify.ts';
import { daysFromCivil, daysInMonth } from './temporal.ts';

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** What classifyBytes returns for a cell it leaves to classifyText (on the cell's string). */
export const UNKNOWN = -1;

/**
 * The kind of the cell `b[start..end)` (not empty) when it is a plain decimal number: an optional
 * `-`, digits, optionally `.` and digits, 1 to 15 digits in all; sets `parsed.value`. This is the
 * subset of classifyText's numeric branch that needs no `Number(text)`, computed the same way (an
 * integer mantissa of ≤ 15 digits and a power of ten ≤ 1e15 are exact doubles, so one division is
 * correctly rounded), so both give the very same double. Anything else (a sign `+`, an exponent,
 * 16+ digits, a datetime or time, an impossible date, a word) is UNKNOWN; a valid `YYYY-MM-DD` is
 * DATE with its days since 1970-01-01.
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
  if (b[i] !== 46) return intDigits === 4 && !negative && end - start === 10 ? dateOf(b, start) : UNKNOWN;
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

// A valid `YYYY-MM-DD` at b[start] (10 bytes, the first 4 digits) is DATE with its days, as parseIsoDate
// reads it; anything else (a datetime, an impossible date) is UNKNOWN and left to classifyText.
function dateOf(b: Uint8Array, start: number): Kind {
  if (b[start + 4] !== 45 || b[start + 7] !== 45) return UNKNOWN;
  const y = (b[start] - 48) * 1000 + (b[start + 1] - 48) * 100 + (b[start + 2] - 48) * 10 + (b[start + 3] - 48);
  const m = twoDigits(b, start + 5),
    d = twoDigits(b, start + 8);
  if (m < 1 || m > 12 || d < 1 || (d > 28 && d > daysInMonth(y, m))) return UNKNOWN;
  parsed.value = daysFromCivil(y, m, d);
  return DATE;
}

function twoDigits(b: Uint8Array, at: number): number {
  const x = b[at] - 48,
    y = b[at + 1] - 48;
  return x >= 0 && x <= 9 && y >= 0 && y <= 9 ? x * 10 + y : -1;
}
