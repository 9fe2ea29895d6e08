// The binned and truncated axes of a distribution (API.md §13): the units, and each group's span.

export const UNITS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute'] as const;
export type Unit = (typeof UNITS)[number];

/** The units a field of this simple type can be grouped by (time-of-day fields: hour and minute). */
export function toUnits(simpleType: string): Unit[] {
  if (simpleType === 'time') return ['hour', 'minute'];
  if (simpleType === 'date') return UNITS.slice(0, 5) as Unit[];
  return [...UNITS];
}

const LABEL = /^\[(.+), (.+)[)\]]$/;

/**
 * The [lower, upper] edges of a bin from its group: the lower edge is the group's value, the upper
 * one is read from its label ("[0.3, 0.4)"), where the service writes it exactly; the lower edge
 * plus the width when the label is not in that form.
 */
export function toBinEdges(value: number, label: string, width: number): [number, number] {
  const m = LABEL.exec(label);
  const hi = m ? Number(m[2]) : Number.NaN;
  return [value, Number.isFinite(hi) ? hi : value + width];
}

/** The first instant of a month in UTC (setUTCFullYear, unlike Date.UTC, leaves years 0–99 alone). */
function toMonthStart(year: number, month: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 1);
  return d;
}

/** The end of the period of `unit` that starts at `start` (UTC; weeks, days, hours and minutes are fixed lengths). */
export function toPeriodEnd(start: Date, unit: Unit): Date {
  const y = start.getUTCFullYear(),
    m = start.getUTCMonth();
  switch (unit) {
    case 'year':
      return toMonthStart(y + 1, 0);
    case 'quarter':
      return toMonthStart(y, m + 3);
    case 'month':
      return toMonthStart(y, m + 1);
    case 'week':
      return new Date(start.getTime() + 7 * 86_400_000);
    case 'day':
      return new Date(start.getTime() + 86_400_000);
    case 'hour':
      return new Date(start.getTime() + 3_600_000);
    case 'minute':
      return new Date(start.getTime() + 60_000);
  }
}
