// The catalog's `disclosure` section (API.md §15): min_count k ≥ 2, round_to r ≥ 1, exempt groups; absent = off.
import type { DisclosureRule } from '../contract/disclosure.ts';
import { toEcho } from '../common/echo.ts';
import type { Reader } from './reader.ts';

const WHERE = 'disclosure';

/** Checks `disclosure:`; null when it is absent (no rule), or when it has a problem (then pushed to `problems`). */
export function checkDisclosure(raw: unknown, r: Reader, problems: string[], path: string): DisclosureRule | null {
  if (raw === undefined || raw === null) return null;
  const before = problems.length;
  const o = r.object(raw, WHERE);
  if (problems.length > before) return null;
  r.known(o, WHERE, ['min_count', 'round_to', 'exempt']);
  const whole = (v: unknown, key: string, least: number, required: boolean): number => {
    if (v === undefined || v === null) {
      if (required) problems.push(`${path}: ${WHERE}: \`${key}\` is required (the least count shown, e.g. 11).`);
      return least;
    }
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < least) {
      problems.push(`${path}: ${WHERE}: \`${key}\` must be a whole number ≥ ${least}, got ${toEcho(v)}.`);
      return least;
    }
    return v;
  };
  const minCount = whole(o.min_count, 'min_count', 2, true);
  const roundTo = whole(o.round_to, 'round_to', 1, false);
  let exempt: string[] = [];
  if (o.exempt !== undefined && o.exempt !== null) {
    if (Array.isArray(o.exempt) && o.exempt.every((g) => typeof g === 'string' && g !== ''))
      exempt = [...new Set(o.exempt as string[])].sort();
    else
      problems.push(
        `${path}: ${WHERE}: \`exempt\` must be a list of group names (non-empty strings), got ${toEcho(o.exempt)}.`,
      );
  }
  if (problems.length > before) return null;
  return Object.freeze({ minCount, roundTo, exempt: Object.freeze(exempt) });
}

/** The rule as `sorrel check` prints it. */
export function toDisclosureText(rule: DisclosureRule | null): string {
  if (!rule) return 'disclosure: off (every count is exact)';
  const exempt = rule.exempt.length ? `; exempt groups: ${rule.exempt.join(', ')}` : '';
  const rounding = rule.roundTo > 1 ? `, others rounded to a multiple of ${rule.roundTo}` : '';
  return `disclosure: counts below ${rule.minCount} suppressed${rounding}, for non-privileged users${exempt}`;
}
