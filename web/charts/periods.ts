// A period chart: one bar per period of a date, datetime or time field (API.md §13 `interval`).
import type { DistPoint, Field } from '../types.ts';
import { toPeriodEnd, type Unit } from './axes.ts';
import { toAxisValue } from './common.ts';
import { drawSpans, type Span } from './histogram.ts';

/**
 * Bars from each period's start (the group's value) to the start of the next, heights the counts.
 * Every bar is one rect in the group with aria-description "values"; a null group is left out.
 */
export function drawPeriods(data: DistPoint[], field: Field, unit: Unit, width: number): Element {
  const bars: Span[] = [];
  for (const p of data) {
    const x1 = toAxisValue(p.values[0], p.labels[0], field);
    if (x1 instanceof Date) bars.push({ x1, x2: toPeriodEnd(x1, unit), point: p });
  }
  return drawSpans(bars, field, width, { x: { type: 'utc' }, inset: bars.length > 200 ? 0 : 0.5 });
}
