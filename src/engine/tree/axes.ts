// A dimension's axis (API.md §13) in SQL: the exact value, a bin index or a period ordinal, as workers/dist/axes.ts computes it.
import type { InternalType } from '../../contract/model.ts';
import type { AxisSpec } from '../../contract/tasks.ts';
import { storageSql } from './values.ts';

/**
 * The expression a dimension groups by, over the column expression `v`: for an exact axis its
 * value in storage units; for bins the index min(count − 1, max(0, ⌊x·inv⌋ − base)) (⌊x/width⌋
 * when inv is 0), the same IEEE arithmetic as workers/dist/axes.ts with integer literals only (inv,
 * base, count and a width ≥ 1 are whole); for an interval the period ordinal of src/common/
 * intervals.ts, from whole UTC days or seconds (never the server's time zone). Nulls stay null.
 */
export function axisSql(v: string, type: InternalType, axis: AxisSpec): string {
  if (axis.kind === 'exact') return storageSql(v, type);
  if (axis.kind === 'bins') {
    const { width, inv, base, count } = axis.bins;
    // One bin: a width of 0 (min = max), or no finite nice width (bins=1 over a range that holds 0,
    // src/common/bins.ts): every value is in bin 0 there as in workers/dist/axes.ts.
    if (width === 0 || !Number.isFinite(width)) return `if(isNull(${v}), NULL, 0)`;
    const x = `toFloat64(${v})`;
    const scaled = inv > 0 ? `${x} * ${integer(inv)}` : `${x} / ${integer(width)}`;
    return `toFloat64(least(${integer(count - 1)}, greatest(0, floor(${scaled}) - ${integer(base)})))`;
  }
  const { unit } = axis;
  if (type !== 'date' && type !== 'datetime') throw new Error(`An engine has no ${type} axis to truncate.`);
  const seconds = `toUInt32(${v})`;
  if (unit === 'hour' || unit === 'minute') {
    if (type === 'date') throw new Error(`A date has no ${unit}.`);
    return `toFloat64(intDiv(${seconds}, ${unit === 'hour' ? 3600 : 60}))`;
  }
  const days = type === 'date' ? `toUInt16(${v})` : `intDiv(${seconds}, 86400)`;
  if (unit === 'day') return `toFloat64(${days})`;
  if (unit === 'week') return `toFloat64(intDiv(${days} + 3, 7))`;
  const d = `toDate(toUInt16(${days}))`;
  if (unit === 'year') return `toFloat64(toYear(${d}))`;
  if (unit === 'quarter') return `toFloat64(toYear(${d}) * 4 + toQuarter(${d}) - 1)`;
  return `toFloat64(toYear(${d}) * 12 + toMonth(${d}) - 1)`;
}

function integer(x: number): string {
  if (!Number.isSafeInteger(x)) throw new Error(`A bin parameter must be a whole number, got ${x}.`);
  return String(x);
}
