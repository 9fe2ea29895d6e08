// Value classification for type inference: which internal type a text or JSON value looks like.
import { parseIsoDate, parseIsoDateTime, parseIsoTime } from './temporal.ts';

// Kinds, ordered loosely from narrow to wide; a column's kind is the join of its values' kinds.
export const NULL = 0,
  INT = 1,
  BIG = 2,
  FLOAT = 3,
  BOOL = 4,
  DATE = 5,
  DATETIME = 6,
  TIME = 7,
  STRING = 8;
export type Kind = number;

/** The numeric reading of the last classified value: the number, 0/1, days or milliseconds. */
export const parsed = { value: 0 };

const MAX_SAFE_TEXT = '9007199254740992'; // 2^53: the largest integer kept as integer
const MAX_I64_TEXT = '9223372036854775807';
const MIN_I64_TEXT = '9223372036854775808'; // magnitude of -2^63

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** The kind of a CSV/TSV cell (never empty); sets `parsed.value` for every kind but STRING. */
export function classifyText(s: string): Kind {
  const n = s.length;
  const c = s.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46) {
    const start = c === 45 || c === 43 ? 1 : 0;
    let m = 0,
      i = start;
    for (; i < n; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      m = m * 10 + d;
    }
    const intDigits = i - start;
    if (i === n && intDigits > 0) {
      if (intDigits <= 15) {
        parsed.value = c === 45 ? -m : m;
        return INT;
      }
      return classifyLongInteger(s, start, c === 45);
    }
    if (start === 0 && intDigits === 4 && s.charCodeAt(4) === 45) return classifyTemporal(s);
    if (start === 0 && intDigits === 2 && s.charCodeAt(2) === 58) return classifyTemporal(s);
    let fracDigits = 0;
    if (s.charCodeAt(i) === 46) {
      for (i++; i < n; i++) {
        const d = s.charCodeAt(i) - 48;
        if (d < 0 || d > 9) break;
        m = m * 10 + d;
        fracDigits++;
      }
    }
    if (intDigits + fracDigits === 0) return STRING;
    let x: number;
    if (i === n && intDigits + fracDigits <= 15) {
      // Both operands are exact doubles, so one IEEE division gives the correctly rounded value.
      x = m / POW10[fracDigits];
      if (c === 45) x = -x;
    } else if (i === n || isExponent(s, i)) {
      x = Number(s);
      if (!Number.isFinite(x)) return STRING;
    } else {
      return STRING;
    }
    parsed.value = x;
    return Number.isInteger(x) && Math.abs(x) <= 2 ** 53 ? INT : FLOAT;
  }
  if ((n === 4 || n === 5) && (c === 116 || c === 84 || c === 102 || c === 70)) {
    const lower = s.toLowerCase();
    if (lower === 'true') {
      parsed.value = 1;
      return BOOL;
    }
    if (lower === 'false') {
      parsed.value = 0;
      return BOOL;
    }
  }
  return STRING;
}

// (e|E)[+-]digits running to the end of the text, from index i.
function isExponent(s: string, i: number): boolean {
  const n = s.length;
  if ((s.charCodeAt(i) | 32) !== 101) return false;
  i++;
  if (s.charCodeAt(i) === 43 || s.charCodeAt(i) === 45) i++;
  if (i >= n) return false;
  for (; i < n; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

/** The kind of a JSON string: temporal when it is an ISO date/datetime/time, else STRING. */
export function classifyJsonString(s: string): Kind {
  const c = s.charCodeAt(0);
  return c >= 48 && c <= 57 ? classifyTemporal(s) : STRING;
}

function classifyTemporal(s: string): Kind {
  const n = s.length;
  if (s.charCodeAt(4) === 45) {
    if (n === 10) {
      const d = parseIsoDate(s);
      if (d === d) {
        parsed.value = d;
        return DATE;
      }
    } else if (n >= 16) {
      const ms = parseIsoDateTime(s);
      if (ms === ms) {
        parsed.value = ms;
        return DATETIME;
      }
    }
  } else if (s.charCodeAt(2) === 58) {
    const t = parseIsoTime(s);
    if (t === t) {
      parsed.value = t;
      return TIME;
    }
  }
  return STRING;
}

// An all-digit integer of 16+ characters: INT up to 2^53, BIG within Int64, else STRING (kept verbatim).
function classifyLongInteger(s: string, start: number, negative: boolean): Kind {
  let k = start;
  while (k < s.length - 1 && s.charCodeAt(k) === 48) k++;
  const body = s.slice(k);
  parsed.value = Number(s);
  if (body.length < 16 || (body.length === 16 && body <= MAX_SAFE_TEXT)) return INT;
  const limit = negative ? MIN_I64_TEXT : MAX_I64_TEXT;
  return body.length < 19 || (body.length === 19 && body <= limit) ? BIG : STRING;
}

/** True when a bigint fits in Int64. */
export function fitsInt64(b: bigint): boolean {
  return b >= -(2n ** 63n) && b < 2n ** 63n;
}

/** True for a JSON number that may have lost digits in JSON.parse (an integer at or beyond 2^53). */
export function isInexact(v: number): boolean {
  return Number.isInteger(v) && Math.abs(v) >= 2 ** 53;
}
