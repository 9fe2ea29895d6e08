// Date and time intervals (API.md §13): a value's period as an ordinal, the period's start and its ISO label, in UTC.
import type { IntervalUnit, TemporalType } from '../contract/tasks.ts';
import { toDateString, toDatetimeString } from './dates.ts';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000,
  MINUTE_MS = 60_000;

/** Every unit, largest first. */
export const INTERVAL_UNITS: readonly IntervalUnit[] = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute'];

/** The units that apply to a type: calendar units to dates, all to datetimes, hour and minute to times. */
export function toUnits(type: TemporalType): readonly IntervalUnit[] {
  if (type === 'date') return INTERVAL_UNITS.slice(0, 5);
  return type === 'time' ? INTERVAL_UNITS.slice(5) : INTERVAL_UNITS;
}

/** The largest applicable unit giving at least 12 periods over [min, max], else the smallest one. */
export function toAutoUnit(type: TemporalType, min: number | null, max: number | null): IntervalUnit {
  const units = toUnits(type);
  if (min === null || max === null) return units[units.length - 1];
  return units.find((u) => toPeriod(max, u, type) - toPeriod(min, u, type) + 1 >= 12) ?? units[units.length - 1];
}

/**
 * The ordinal of the period holding storage value v (days for dates, ms for datetimes and times):
 * years, y·4 + quarter, y·12 + month, Monday-based weeks since the epoch's week, days, hours or
 * minutes since the epoch (or since midnight for times). Ordinals order as the periods do.
 */
export function toPeriod(v: number, unit: IntervalUnit, type: TemporalType): number {
  if (unit === 'hour') return Math.floor(v / HOUR_MS);
  if (unit === 'minute') return Math.floor(v / MINUTE_MS);
  const days = type === 'date' ? v : Math.floor(v / DAY_MS);
  if (unit === 'day') return days;
  if (unit === 'week') return Math.floor((days + 3) / 7); // 1970-01-01 is a Thursday
  const { y, m } = toCivil(days);
  return unit === 'year' ? y : unit === 'quarter' ? y * 4 + Math.floor((m - 1) / 3) : y * 12 + m - 1;
}

/** The first day of a period ordinal of a calendar unit (year … day), in days since the epoch. */
function toStartDay(p: number, unit: IntervalUnit): number {
  switch (unit) {
    case 'year':
      return toDays(p, 1, 1);
    case 'quarter':
      return toDays(Math.floor(p / 4), (p - 4 * Math.floor(p / 4)) * 3 + 1, 1);
    case 'month':
      return toDays(Math.floor(p / 12), p - 12 * Math.floor(p / 12) + 1, 1);
    case 'week':
      return p * 7 - 3;
    default:
      return p;
  }
}

/** The start of period p as a storage value of the type: days for dates, ms for datetimes and times. */
export function toPeriodStart(p: number, unit: IntervalUnit, type: TemporalType): number {
  if (unit === 'hour') return p * HOUR_MS;
  if (unit === 'minute') return p * MINUTE_MS;
  const day = toStartDay(p, unit);
  return type === 'date' ? day : day * DAY_MS;
}

/** The ISO label of period p: 2024, 2024-Q2, 2024-05, 2024-W19 (ISO week-year), 2024-05-06, 2024-05-06T14, 2024-05-06T14:30; 14 and 14:30 for times. */
export function toPeriodLabel(p: number, unit: IntervalUnit, type: TemporalType): string {
  const year = (y: number) => (y >= 0 && y <= 9999 ? String(y).padStart(4, '0') : String(y));
  switch (unit) {
    case 'year':
      return year(p);
    case 'quarter':
      return `${year(Math.floor(p / 4))}-Q${p - 4 * Math.floor(p / 4) + 1}`;
    case 'month':
      return `${year(Math.floor(p / 12))}-${String(p - 12 * Math.floor(p / 12) + 1).padStart(2, '0')}`;
    case 'week': {
      const thursday = p * 7; // Monday p·7 − 3, plus 3: the Thursday decides the ISO week-year
      const y = toCivil(thursday).y;
      const week = Math.floor((thursday - toDays(y, 1, 1)) / 7) + 1;
      return `${year(y)}-W${String(week).padStart(2, '0')}`;
    }
    case 'day':
      return toDateString(p);
    case 'hour':
      return type === 'time' ? toDatetimeString(p * HOUR_MS).slice(11, 13) : toDatetimeString(p * HOUR_MS).slice(0, 13);
    case 'minute':
      return type === 'time'
        ? toDatetimeString(p * MINUTE_MS).slice(11, 16)
        : toDatetimeString(p * MINUTE_MS).slice(0, 16);
  }
}

/** Days since 1970-01-01 → proleptic Gregorian year, month (1–12), day (H. Hinnant's civil_from_days). */
export function toCivil(days: number): { y: number; m: number; d: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** Proleptic Gregorian year, month (1–12), day → days since 1970-01-01 (days_from_civil). */
export function toDays(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
