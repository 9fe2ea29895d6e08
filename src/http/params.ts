// Query-parameter parsing: one value per known parameter, a 400 naming it when the value is bad.
import { toEcho } from '../common/echo.ts';
import { badParameter } from './errors.ts';
import type { Query } from './route.ts';

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

/** The single value of a parameter; a repeated key is a 400 (except where a list is allowed). */
export function toSingle(query: Query, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw badParameter(name, `"${name}" is given ${v.length} times; give it once.`);
  return v;
}

/** A boolean parameter: true/false/1/0/yes/no, case-insensitive; absent → `fallback`. */
export function toBoolParam(query: Query, name: string, fallback: boolean): boolean;
export function toBoolParam(query: Query, name: string, fallback: null): boolean | null;
export function toBoolParam(query: Query, name: string, fallback: boolean | null): boolean | null {
  const v = toSingle(query, name);
  if (v === undefined) return fallback;
  const s = v.trim().toLowerCase();
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  throw badParameter(name, `"${name}" must be true or false (also 1/0, yes/no), got ${toEcho(v)}.`);
}

/** One of a fixed set of words; absent → `fallback`. */
export function toEnumParam<T extends string>(query: Query, name: string, allowed: readonly T[], fallback: T): T;
export function toEnumParam<T extends string>(
  query: Query,
  name: string,
  allowed: readonly T[],
  fallback: null,
): T | null;
export function toEnumParam<T extends string>(
  query: Query,
  name: string,
  allowed: readonly T[],
  fallback: T | null,
): T | null {
  const v = toSingle(query, name);
  if (v === undefined) return fallback;
  const s = v.trim().toLowerCase();
  if ((allowed as readonly string[]).includes(s)) return s as T;
  throw badParameter(name, `"${name}" must be one of ${allowed.join(', ')}, got ${toEcho(v)}.`);
}

/** A whole number in [min, max]; absent → `fallback`. */
export function toIntParam(query: Query, name: string, min: number, max: number, fallback: number): number;
export function toIntParam(query: Query, name: string, min: number, max: number, fallback: null): number | null;
export function toIntParam(
  query: Query,
  name: string,
  min: number,
  max: number,
  fallback: number | null,
): number | null {
  const v = toSingle(query, name);
  if (v === undefined) return fallback;
  const s = v.trim();
  if (!/^[+-]?\d+$/.test(s) || !Number.isSafeInteger(Number(s)))
    throw badParameter(name, `"${name}" must be a whole number, got ${toEcho(v)}.`);
  const n = Number(s);
  if (n < min || n > max) throw badParameter(name, `"${name}" must be between ${min} and ${max}, got ${n}.`);
  return n;
}

/** The integer id of a path segment in canonical form (no sign, no leading zero); anything else is a 404. */
export function toId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
