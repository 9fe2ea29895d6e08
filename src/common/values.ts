// Storage units → JSON values and labels (API.md §1 value forms), and the reverse for context values.
import type { InternalType } from '../contract/types.ts';

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
  const h = Math.floor(ms / 3_600_000), m = Math.floor(ms / 60_000) % 60, s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(Math.round(ms % 1000), 3)}`;
}

/** A storage value as it appears in JSON: numbers, booleans, strings, ISO dates (API.md §1). */
export function toJsonValue(v: number | string | null, type: InternalType): unknown {
  if (v === null) return null;
  switch (type) {
    case 'date': return toDateString(v as number);
    case 'datetime': return toDatetimeString(v as number);
    case 'time': return toTimeString(v as number);
    case 'boolean': return v === 1 || v === true as unknown;
    case 'biginteger': {
      const n = Number(v);
      return Number.isSafeInteger(n) ? n : String(v);
    }
    case 'char': case 'text': return v;
    default:
      return typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
  }
}

/** The default label of a storage value: the string form of its JSON value. */
export function toLabel(v: number | string | null, type: InternalType): string {
  const j = toJsonValue(v, type);
  return j === null ? 'null' : String(j);
}
