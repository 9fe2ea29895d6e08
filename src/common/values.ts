// Storage units → JSON values and labels (API.md §1 value forms), and the reverse for context values.
import type { InternalType } from '../contract/model.ts';
import { toDateString, toDatetimeString, toTimeString } from './dates.ts';

/** A storage value as it appears in JSON: numbers, booleans, strings, ISO dates (API.md §1). */
export function toJsonValue(v: number | string | null, type: InternalType): unknown {
  if (v === null) return null;
  switch (type) {
    case 'date':
      return toDateString(v as number);
    case 'datetime':
      return toDatetimeString(v as number);
    case 'time':
      return toTimeString(v as number);
    case 'boolean':
      return v === 1 || v === (true as unknown);
    case 'biginteger': {
      const n = Number(v);
      return Number.isSafeInteger(n) ? n : String(v);
    }
    case 'char':
    case 'text':
      return v;
    default:
      return typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
  }
}

/** The default label of a storage value: the string form of its JSON value. */
export function toLabel(v: number | string | null, type: InternalType): string {
  const j = toJsonValue(v, type);
  return j === null ? 'null' : String(j);
}
