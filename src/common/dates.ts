// The API's date and time forms (API.md §1): dates, datetimes, times and timestamps, all UTC, no zone designator.

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Days since 1970-01-01 → YYYY-MM-DD. */
export function toDateString(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** Milliseconds since epoch → YYYY-MM-DDTHH:MM:SS.mmm (UTC, no designator). */
export function toDatetimeString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23);
}

/** Milliseconds since midnight → HH:MM:SS.mmm. */
export function toTimeString(ms: number): string {
  const h = Math.floor(ms / 3_600_000),
    m = Math.floor(ms / 60_000) % 60,
    s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(Math.round(ms % 1000), 3)}`;
}

/** Formats a Date as the API timestamp: YYYY-MM-DDTHH:MM:SS.mmm, UTC, no zone designator. */
export function toTimestamp(d: Date): string {
  return toDatetimeString(d.getTime());
}
