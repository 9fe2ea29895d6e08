// How numbers, values, operators and conditions read on the page.
import type { Field, Value } from './types.ts';
import type { Condition } from './view.ts';

const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
// ES2023's 'negative' (no sign on a value that rounds to zero); TypeScript's ES2022 lib lacks the name.
const NO_NEGATIVE_ZERO = 'negative' as Intl.NumberFormatOptions['signDisplay'];
// Data values keep every digit of their shortest form ("39.1", "0.0001"); ICU prints doubles that way.
const VALUE = new Intl.NumberFormat('en', { maximumFractionDigits: 20, signDisplay: NO_NEGATIVE_ZERO });
const TINY = new Intl.NumberFormat('en', { notation: 'scientific', maximumSignificantDigits: 4 });
const MEASURES = new Map<number, Intl.NumberFormat>();

// The small-count rule's k for this user (API.md §15), from the root document; null = counts are exact.
let minCount: number | null = null;

/** Sets k from the root document's `disclosure` (absent: the rule does not apply to this user). */
export function setMinCount(k: number | null): void {
  minCount = k;
}

/** A record count as shown: with separators, or "fewer than 11" where the rule suppressed it (null). */
export function formatCount(n: number | null | undefined): string {
  if (n === null && minCount !== null) return `fewer than ${minCount}`;
  return formatNumber(n);
}

/** A count as a chart's geometry reads it: a suppressed one as 0. */
export const toCountValue = (n: number | null): number => n ?? 0;

/** A count with thousands separators ("20,000"). */
export function formatNumber(n: number | null | undefined): string {
  return n === null || n === undefined ? '–' : NUMBER.format(n);
}

/**
 * The decimals a statistic of a field needs: enough to show the field's spread (its standard
 * deviation, else max − min) to 4 significant digits, so a mean and a deviation keep their meaning
 * at the field's own scale (0.9996 stays 0.9996, not 1); 2 when the spread is unknown or zero.
 */
export function toFieldDigits(spread: number | null | undefined): number {
  if (!spread || !Number.isFinite(spread)) return 2;
  return Math.min(12, Math.max(0, 3 - Math.floor(Math.log10(Math.abs(spread)))));
}

/**
 * A measure (mean, deviation, quantile, sum): at least 4 significant digits and `digits` decimals,
 * whichever keeps more, never "-0" (a value that rounds to zero shows no sign). Magnitudes below
 * 1e-6 or from 1e21 are written in scientific notation.
 */
export function formatMeasure(n: number | null | undefined, digits = 2): string {
  if (n === null || n === undefined) return '–';
  if (n !== 0 && (Math.abs(n) < 1e-6 || Math.abs(n) >= 1e21)) return TINY.format(n);
  let f = MEASURES.get(digits);
  if (!f) {
    // roundingPriority (ES2023) keeps whichever of the two limits gives more digits.
    const options = {
      maximumFractionDigits: digits,
      maximumSignificantDigits: 4,
      roundingPriority: 'morePrecision',
      signDisplay: NO_NEGATIVE_ZERO,
    };
    f = new Intl.NumberFormat('en', options);
    MEASURES.set(digits, f);
  }
  return f.format(n);
}

/** A value as text: numbers with every digit they have (and separators), others as they are. */
export function formatValue(v: Value | null | undefined): string {
  if (v === null || v === undefined) return '–';
  return typeof v === 'number' ? VALUE.format(v) : String(v);
}

/** A field's unit for a count of n ("1 cylinder", "3 cylinders"); '' without a unit. */
export function formatUnit(field: Field, n = 2): string {
  const unit = n === 1 ? field.unit : (field.plural_unit ?? field.unit);
  return unit ?? '';
}

/**
 * An operator as the page labels it. The API gives exact and iexact the same label ("is"), as the
 * original did; the page marks the case-insensitive ones so the two can be told apart.
 */
export function formatOperator(code: string, label: string): string {
  return /^-?i(exact|contains)$/.test(code) ? `${label} (any case)` : label;
}

/** "Island is Biscoe", "Body mass is between 3000 and 4000"; `field` undefined when the user cannot see it. */
export function describeCondition(c: Condition, field: Field | undefined): string {
  if (!field) return `field ${c.field} (not visible to you)`;
  const found = field.operators.find(([code]) => code === c.operator);
  const label = found ? formatOperator(found[0], found[1]) : c.operator;
  if (c.operator === 'isnull' || c.operator === '-isnull')
    return `${field.name} ${c.value === false ? (c.operator === 'isnull' ? 'is not null' : 'is null') : label}`;
  const show = (v: unknown) => (typeof v === 'number' ? formatValue(v) : String(v));
  const value = Array.isArray(c.value)
    ? c.operator.endsWith('range')
      ? c.value.map(show).join(' and ')
      : c.value.map(show).join(', ')
    : show(c.value);
  return `${field.name} ${label} ${value}`;
}
