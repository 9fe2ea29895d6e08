// The `bins` and `interval` parameters of /dist/ (API.md §13): each dimension's axis, its descriptor, values and labels.
import { MAX_BINS, toAutoBins, toBinLabel, toBinValue, toBins } from '../common/bins.ts';
import { INTERVAL_UNITS, toAutoUnit, toPeriodLabel, toPeriodStart, toUnits } from '../common/intervals.ts';
import { toEcho as echo } from '../common/echo.ts';
import { toJsonValue } from '../common/values.ts';
import type { Field } from '../contract/model.ts';
import type { AxisSpec, IntervalUnit, StatsResult, TemporalType } from '../contract/tasks.ts';
import { badParameter } from './errors.ts';
import type { Query } from './route.ts';
import { toEnumParam, toSingle } from './params.ts';

export type BinsParam = number | 'auto' | null;
export type IntervalParam = IntervalUnit | 'auto' | null;

/** `bins`: absent, `auto`, or a whole number 1..1000. */
export function toBinsParam(query: Query): BinsParam {
  const raw = toSingle(query, 'bins');
  if (raw === undefined) return null;
  const s = raw.trim().toLowerCase();
  if (s === 'auto') return 'auto';
  if (/^\d{1,4}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_BINS) return Number(s);
  throw badParameter('bins', `"bins" must be a whole number from 1 to ${MAX_BINS} or auto, got ${echo(raw)}.`);
}

/** `interval`: absent, `auto`, or a unit. */
export function toIntervalParam(query: Query): IntervalParam {
  return toEnumParam(query, 'interval', [...INTERVAL_UNITS, 'auto'] as const, null);
}

/**
 * Each dimension's axis: number fields binned when `bins` is given, date, datetime and time
 * fields truncated when `interval` is given and its unit applies to them, the rest exact. Bins
 * and `auto` units come from the field's context-naive stats, so aware and naive answers share
 * them. A parameter that applies to no dimension is a 400 naming it and the field.
 */
export function toAxes(
  field: Field,
  dims: Field[],
  bins: BinsParam,
  interval: IntervalParam,
  stats: (f: Field) => StatsResult | undefined,
): AxisSpec[] {
  if (bins !== null && !dims.some((d) => d.simple_type === 'number')) {
    throw badParameter(
      'bins',
      `"bins" groups number fields; field ${field.id} is ${field.simple_type}${dims.length > 1 ? ' and so are the other dimensions' : ''}. Dates and times take "interval".`,
    );
  }
  const temporal = (d: Field): TemporalType | null =>
    d.internal_type === 'date' || d.internal_type === 'datetime' || d.internal_type === 'time' ? d.internal_type : null;
  const applies = (d: Field) => {
    const t = temporal(d);
    return t !== null && interval !== null && (interval === 'auto' || toUnits(t).includes(interval));
  };
  if (interval !== null && !dims.some(applies)) {
    const what = interval === 'auto' ? 'date, datetime and time fields' : toTypesOf(interval);
    throw badParameter(
      'interval',
      `"interval=${interval}" groups ${what}; field ${field.id} is ${field.internal_type}${dims.length > 1 ? ' and no other dimension fits' : ''}.`,
    );
  }
  return dims.map((d): AxisSpec => {
    const s = stats(d);
    const min = toNumber(s?.min),
      max = toNumber(s?.max);
    if (bins !== null && d.simple_type === 'number') {
      const n = bins === 'auto' ? toAutoBins(s?.count ?? 0) : bins;
      const integer = d.internal_type === 'integer' || d.internal_type === 'biginteger';
      return { kind: 'bins', bins: toBins(min, max, n, integer) };
    }
    const t = temporal(d);
    if (t !== null && applies(d)) {
      const unit = interval === 'auto' ? toAutoUnit(t, min, max) : (interval as IntervalUnit);
      return { kind: 'interval', unit, type: t };
    }
    return { kind: 'exact' };
  });
}

/** The body's `axes` entry of one dimension. */
export function toAxisBody(field: Field, axis: AxisSpec): Record<string, unknown> {
  if (axis.kind === 'bins') {
    const { width, start, count } = axis.bins;
    return { field: field.id, bins: { width, start, count } };
  }
  return axis.kind === 'interval' ? { field: field.id, interval: axis.unit } : { field: field.id };
}

/** A grouped axis's JSON value, label and value in storage units (a bin's lower edge, a period's start) for a bin index or period ordinal (null stays null). */
export function toAxisPoint(field: Field, axis: AxisSpec, v: number | string | null): [unknown, string, number | null] {
  if (v === null) return [null, 'null', null];
  const i = v as number;
  if (axis.kind === 'bins') {
    const lo = toBinValue(axis.bins, i);
    return [lo, toBinLabel(axis.bins, i), lo];
  }
  if (axis.kind === 'interval') {
    const start = toPeriodStart(i, axis.unit, axis.type);
    return [toJsonValue(start, field.internal_type), toPeriodLabel(i, axis.unit, axis.type), start];
  }
  throw new Error('An exact axis has no grouped value.');
}

/** A centroid's label: its value rounded to 12 significant digits (API.md §7). */
export function toCentroidLabel(v: number): string {
  return String(Number(v.toPrecision(12)));
}

function toTypesOf(unit: IntervalUnit): string {
  return unit === 'hour' || unit === 'minute' ? 'datetime and time fields' : 'date and datetime fields';
}

function toNumber(v: number | string | null | undefined): number | null {
  return v === null || v === undefined ? null : Number(v);
}
