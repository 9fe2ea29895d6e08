// What every chart shares: colours, which fields sit on a continuous axis, axis options and tooltips.
import { formatCount } from '../format.ts';
import type { DistPoint, Field, Value } from '../types.ts';

export const ACCENT = '#2f6f8f';
export const OUTLIER = '#c0392b';

export const isNumber = (f: Field) => f.simple_type === 'number';
export const isTemporal = (f: Field) =>
  f.simple_type === 'date' || f.simple_type === 'datetime' || f.simple_type === 'time';
/** Whether a field is drawn on a continuous axis (numbers, dates, times). */
export const isContinuous = (f: Field) => isNumber(f) || isTemporal(f);

/** A value on the chart's axis: numbers as numbers, dates and times as Dates, the rest as labels. */
export function toAxisValue(v: Value | null, label: string, f: Field): number | Date | string | null {
  if (v === null) return null;
  if (isNumber(f)) return typeof v === 'number' ? v : Number(v);
  if (f.simple_type === 'date') return new Date(`${v}T00:00:00Z`);
  if (f.simple_type === 'datetime') return new Date(`${v}Z`);
  if (f.simple_type === 'time') return new Date(`1970-01-01T${v}Z`);
  return label;
}

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** Axis options of a field: its name and unit, short ticks (2.5B) for numbers, HH:MM for times of day. */
export const axis = (f: Field, extra: Record<string, unknown> = {}) => ({
  label: axisLabel(f),
  ...(isNumber(f) ? { tickFormat: (d: number) => COMPACT.format(d) } : {}),
  ...(f.simple_type === 'time' ? { tickFormat: (d: Date) => d.toISOString().slice(11, 16) } : {}),
  ...extra,
});
export const axisLabel = (f: Field) => (f.unit ? `${f.name} (${f.plural_unit ?? f.unit})` : f.name);
/** A point's tooltip: each dimension's label and the count. */
export const tip = (p: DistPoint, fields: Field[]) =>
  `${fields.map((f, i) => `${f.name}: ${p.labels[i]}`).join('\n')}\ncount: ${formatCount(p.count)}`;

/** Options every chart starts from. */
export const base = (width: number) => ({
  width,
  marginLeft: 60,
  style: { fontSize: '12px', background: 'transparent' },
});
