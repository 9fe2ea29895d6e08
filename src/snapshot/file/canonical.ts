// Canonical JSON: one text per value, whatever order its object keys were inserted in.

/**
 * JSON with object keys sorted by code point at every level and no whitespace, so equal values
 * give equal bytes (a built snapshot must not depend on Map or object insertion order). Refuses
 * what JSON.stringify would silently change: NaN, ±Infinity, undefined, functions, bigints.
 */
export function toCanonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(v: unknown, at: string): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError(`${at}: ${v} has no JSON form.`);
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map((x, i) => write(x, `${at}[${i}]`)).join(',')}]`;
  if (typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${write(o[k], `${at}.${k}`)}`).join(',')}}`;
  }
  throw new TypeError(
    `${at}: a ${v === undefined ? 'undefined' : typeof v === 'object' ? (v.constructor?.name ?? 'object') : typeof v} value has no canonical JSON form.`,
  );
}
