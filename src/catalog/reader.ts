// Typed accessors over a parsed catalog document that record a problem (file + entry + key) instead of throwing.
import { toEcho, toEchoText } from '../common/echo.ts';
import { toTimestamp } from '../common/dates.ts';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

export type Reader = ReturnType<typeof reader>;

/** Typed accessors that record a problem (file + entry + key) instead of throwing. */
export function reader(path: string, problems: string[]) {
  const bad = (where: string, key: string, what: string, v: unknown) =>
    problems.push(`${path}: ${where}: \`${key}\` must be ${what}, got ${toEcho(v)}.`);
  return {
    object(v: unknown, where: string): Record<string, unknown> {
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
      problems.push(`${path}: ${where}: must be a mapping, got ${toEcho(v)}.`);
      return {};
    },
    list(v: unknown, where: string): unknown[] {
      if (v === undefined || v === null) return [];
      if (Array.isArray(v)) return v;
      problems.push(`${path}: ${where}: must be a list.`);
      return [];
    },
    known(o: Record<string, unknown>, where: string, keys: string[]) {
      for (const k of Object.keys(o)) {
        if (!keys.includes(k))
          problems.push(`${path}: ${where}: unknown key \`${toEchoText(k)}\`; allowed: ${keys.join(', ')}.`);
      }
    },
    string(v: unknown, where: string, key: string, required = false): string | null {
      if (v === undefined || v === null) {
        if (required) problems.push(`${path}: ${where}: \`${key}\` is required.`);
        return null;
      }
      if (typeof v === 'string') return v;
      if (typeof v === 'number') return String(v);
      bad(where, key, 'a string', v);
      return null;
    },
    number(v: unknown, where: string, key: string): number | null {
      if (v === undefined || v === null) return null;
      if (typeof v === 'number' && Number.isFinite(v)) return v;
      bad(where, key, 'a number', v);
      return null;
    },
    id(v: unknown, where: string, key = 'id'): number {
      if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
      bad(where, key, 'a positive integer', v);
      return -1;
    },
    bool(v: unknown, where: string, key: string): boolean | null {
      if (v === undefined || v === null) return null;
      if (typeof v === 'boolean') return v;
      bad(where, key, 'true or false', v);
      return null;
    },
    oneOf<T extends string>(v: unknown, where: string, key: string, allowed: readonly T[]): T | null {
      if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
      bad(where, key, `one of ${allowed.join(', ')}`, v);
      return null;
    },
    timestamp(v: unknown, where: string, key: string): string | null {
      if (v === undefined || v === null) return null;
      if (v instanceof Date) return toTimestamp(v);
      if (typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(`${v}Z`))) return v;
      bad(where, key, 'a timestamp like 2026-11-20T09:15:02.120', v);
      return null;
    },
    groups(v: unknown, where: string): string[] | null {
      if (v === undefined || v === null) return null;
      if (Array.isArray(v) && v.every((g) => typeof g === 'string' && g)) return [...new Set(v as string[])].sort();
      bad(where, 'groups', 'a list of group names', v);
      return null;
    },
    unique(pairs: [unknown, string][], what: string) {
      const seen = new Map<unknown, string>();
      for (const [key, where] of pairs) {
        if (key === -1) continue;
        const first = seen.get(key);
        if (first) problems.push(`${path}: ${where}: duplicate ${what} ${toEcho(key)} (first used by ${first}).`);
        else seen.set(key, where);
      }
    },
  };
}
