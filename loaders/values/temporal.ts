// Date, datetime and time text: strict ISO parsing, a time-zone-free Date.parse fallback, ISO formatting.
// Everything here computes in UTC arithmetic, so results never depend on the process time zone.
import { toDatetimeString } from '../../src/common/dates.ts';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12). */
export function daysFromCivil(y: number, m: number, d: number): number {
  // Howard Hinnant's days_from_civil: exact integer arithmetic, no Date object.
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = (((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) | 0) + d - 1;
  const doe = yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy;
  return era * 146097 + doe - 719468;
}

// The value of `count` decimal digits at s[at], or -1 when one is not a digit.
function digits(s: string, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

function two(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48,
    b = s.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** The days of month m (1-12) of year y. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

function dateAt(s: string): number {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return NaN;
  const y = digits(s, 0, 4),
    m = two(s, 5),
    d = two(s, 8);
  if (y < 0 || m < 1 || m > 12 || d < 1 || (d > 28 && d > daysInMonth(y, m))) return NaN;
  return daysFromCivil(y, m, d);
}

/** Days since epoch of an ISO `YYYY-MM-DD`, or NaN. */
export function parseIsoDate(s: string): number {
  return s.length === 10 ? dateAt(s) : NaN;
}

/** Milliseconds since midnight of `HH:MM[:SS[.fff]]` found in s[from, to), or NaN. */
export function parseIsoTime(s: string, from = 0, to = s.length): number {
  const n = to - from;
  if (n < 5 || s.charCodeAt(from + 2) !== 58) return NaN;
  const h = two(s, from),
    m = two(s, from + 3);
  if (h < 0 || h > 23 || m < 0 || m > 59) return NaN;
  let ms = h * 3_600_000 + m * 60_000;
  if (n === 5) return ms;
  if (n < 8 || s.charCodeAt(from + 5) !== 58) return NaN;
  const sec = two(s, from + 6);
  if (sec < 0 || sec > 59) return NaN;
  ms += sec * 1000;
  if (n === 8) return ms;
  // Fractional seconds: 1-9 digits, truncated to whole milliseconds.
  if (s.charCodeAt(from + 8) !== 46 || n === 9 || n > 18) return NaN;
  let frac = 0,
    scale = 100;
  for (let i = from + 9; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    frac += d * scale;
    scale /= 10;
  }
  return ms + Math.floor(frac);
}

/** Milliseconds since epoch (UTC) of `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH:MM]`, or NaN; no zone means UTC. */
export function parseIsoDateTime(s: string): number {
  const n = s.length;
  if (n < 16) return NaN;
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 32) return NaN;
  const days = dateAt(s);
  if (days !== days) return NaN;
  let end = n,
    offset = 0;
  const last = s.charCodeAt(n - 1);
  if (last === 90) {
    end = n - 1;
  } else if (n >= 22 && (s.charCodeAt(n - 6) === 43 || s.charCodeAt(n - 6) === 45) && s.charCodeAt(n - 3) === 58) {
    const oh = two(s, n - 5),
      om = two(s, n - 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return NaN;
    offset = (oh * 60 + om) * 60_000 * (s.charCodeAt(n - 6) === 45 ? -1 : 1);
    end = n - 6;
  }
  const time = parseIsoTime(s, 11, end);
  return time !== time ? NaN : days * DAY_MS + time - offset;
}

// A zone written in the text: a name V8's Date.parse knows, or a numeric offset after a time.
const ZONE_NAME = /\b(?:UTC?|GMT|Z|[ECMP][SD]T)\b/i;
const ZONE_OFFSET = /\d:\d\d(?::\d\d(?:\.\d+)?)?\s*[+-]\d\d(?::?\d\d)?\b/;
// V8 accepts nearly anything with a number in it ("Movie 2" is 2001-02-01), so demand a 4-digit year.
const HAS_YEAR = /(?:^|\D)\d{4}(?:\D|$)/;

/**
 * Milliseconds since epoch of anything `Date.parse` accepts, reading a zone-less text as UTC, or NaN.
 *
 * Date.parse reads "Jun 12 1998" in the process time zone. Appending " UTC" makes V8's parser read
 * it as UTC instead; a text that names its own zone keeps it (appending would override it).
 * ISO-like texts reject the suffix, so they get a "Z" instead.
 */
export function parseLooseDateTime(s: string): number {
  if (!HAS_YEAR.test(s) || Number.isNaN(Date.parse(s))) return NaN;
  if (ZONE_NAME.test(s) || ZONE_OFFSET.test(s)) return Date.parse(s);
  const utc = Date.parse(`${s} UTC`);
  return utc === utc ? utc : Date.parse(`${s}Z`);
}

/** Days since epoch of an ISO date, else of the UTC day of a loose date/datetime, or NaN. */
export function toDays(s: string): number {
  const d = parseIsoDate(s);
  if (d === d) return d;
  const ms = parseIsoDateTime(s);
  if (ms === ms) return Math.floor(ms / DAY_MS);
  const loose = parseLooseDateTime(s);
  return loose === loose ? Math.floor(loose / DAY_MS) : NaN;
}

/** Milliseconds since epoch of an ISO datetime or date (midnight UTC), else of a loose text, or NaN. */
export function toEpochMs(s: string): number {
  const ms = parseIsoDateTime(s);
  if (ms === ms) return ms;
  const d = parseIsoDate(s);
  if (d === d) return d * DAY_MS;
  return parseLooseDateTime(s);
}

/** ISO `YYYY-MM-DDTHH:MM:SS.sssZ` of epoch milliseconds (the text an override to a string type keeps). */
export function formatDateTime(ms: number): string {
  return `${toDatetimeString(ms)}Z`;
}
