// How numbers, values and conditions read on the page.
import type { Field, Value } from './types.ts';
import type { Condition } from './view.ts';

const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** A count or measure with thousands separators. */
export function formatNumber(n: number | null | undefined): string {
  return n === null || n === undefined ? '–' : NUMBER.format(n);
}

/** A value as text (numbers formatted, others as they are). */
export function formatValue(v: Value | null | undefined): string {
  if (v === null || v === undefined) return '–';
  return typeof v === 'number' ? formatNumber(v) : String(v);
}

/** A field's unit for a count of n ("1 cylinder", "3 cylinders"); '' without a unit. */
export function formatUnit(field: Field, n = 2): string {
  const unit = n === 1 ? field.unit : (field.plural_unit ?? field.unit);
  return unit ?? '';
}

/** "Island is Biscoe", "Body mass is between 3000 and 4000"; `field` undefined when the user cannot see it. */
export function describeCondition(c: Condition, field: Field | undefined): string {
  if (!field) return `field ${c.field} (not visible to you)`;
  const label = field.operators.find(([code]) => code === c.operator)?.[1] ?? c.operator;
  if (c.operator === 'isnull' || c.operator === '-isnull')
    return `${field.name} ${c.value === false ? (c.operator === 'isnull' ? 'is not null' : 'is null') : label}`;
  const show = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v));
  const value = Array.isArray(c.value)
    ? c.operator.endsWith('range')
      ? c.value.map(show).join(' and ')
      : c.value.map(show).join(', ')
    : show(c.value);
  return `${field.name} ${label} ${value}`;
}
