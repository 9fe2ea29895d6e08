// SQL text for values and names (API.md §14): every request value is an escaped literal of its column's type, every name a backquoted identifier.

// ClickHouse 18.16 has no query parameters, so values travel inside the SQL text. Its quoted
// strings and backquoted identifiers share one escape syntax: a backslash escapes the next byte,
// `\xHH` is a byte. We escape the backslash, both quotes and every control byte (NUL, newlines,
// DEL…), and write every other character as its UTF-8 bytes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are exactly what is escaped
const SPECIAL = /[\\'`\u0000-\u001f\u007f]/g;

// With the u flag a surrogate class matches only a surrogate that is not half of a pair.
const LONE_SURROGATE = /\p{Cs}/u;
const MIN_NORMAL = 2.2250738585072014e-308;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Whether a string is well formed (no lone surrogate), so that it has a UTF-8 form. */
export function isWellFormed(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

function toEscaped(s: string): string {
  if (!isWellFormed(s))
    throw new Error('A text value with a lone surrogate has no UTF-8 form and cannot be sent to an engine.');
  return s.replace(SPECIAL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A string literal: `'…'` with backslash, quotes and control bytes escaped. Throws on a lone surrogate. */
export function toSqlString(s: string): string {
  return `'${toEscaped(s)}'`;
}

/** A backquoted identifier (database, table or column name from the catalog, never from a request). */
export function toSqlIdentifier(name: string): string {
  if (name === '') throw new Error('An empty name is not an identifier.');
  return `\`${toEscaped(name)}\``;
}

/** `db`.`table` of an engine table. */
export function toSqlTable(database: string, table: string): string {
  return `${toSqlIdentifier(database)}.${toSqlIdentifier(table)}`;
}

/**
 * A Float64 value whose text the engine parses back to exactly `x`: safe integers as integers, other
 * numbers in JavaScript's shortest round-trip form with a point or an exponent (so it is a Float64
 * literal, never an overflowing integer). 18.16's parser refuses subnormal literals, so those are
 * rebuilt from their IEEE bits. Throws on NaN and ±Infinity.
 */
export function toSqlNumber(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`${x} is not a finite number and has no SQL literal.`);
  if (Number.isSafeInteger(x)) return Object.is(x, -0) ? '0' : String(x);
  if (Math.abs(x) < MIN_NORMAL) {
    const bits = new BigUint64Array(new Float64Array([x]).buffer)[0];
    return `reinterpretAsFloat64(reinterpretAsString(toUInt64(${bits})))`;
  }
  const text = String(x);
  return /[.e]/.test(text) ? text : x.toExponential();
}

/** A 64-bit integer literal (exact text, within Int64), from decimal text, a safe integer or a bigint. */
export function toSqlInteger(v: string | number | bigint): string {
  const n = toBigInt(v);
  if (n < INT64_MIN || n > INT64_MAX) throw new Error(`${n} is outside the 64-bit integer range.`);
  // -2^63 cannot be written as a negated literal (2^63 overflows Int64): cast it.
  return n === INT64_MIN ? `toInt64('${n}')` : String(n);
}

/** An integer value as a bigint; throws on anything that is not an exact integer. */
export function toBigInt(v: string | number | bigint): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`${v} is not a safe integer.`);
    return BigInt(v);
  }
  if (!/^-?\d{1,400}$/.test(v)) throw new Error('A 64-bit integer value must be decimal digits.');
  return BigInt(v);
}

/** A Date literal for a day number since 1970-01-01 within the engine's Date range (0..65535). */
export function toSqlDate(days: number): string {
  if (!Number.isInteger(days) || days < 0 || days > 65535) throw new Error(`Day ${days} is outside the Date range.`);
  return `toDate('${new Date(days * 86_400_000).toISOString().slice(0, 10)}')`;
}

/** A DateTime literal for whole seconds since the epoch (0..2^32 − 1), independent of any time zone. */
export function toSqlDateTime(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 2 ** 32 - 1)
    throw new Error(`Second ${seconds} is outside the DateTime range.`);
  return `toDateTime(${seconds})`;
}
