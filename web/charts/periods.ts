// A period chart: one bar per period of a date, datetime or time field (API.md §13 `interval`).
import * as Plot from '@observablehq/plot';
import type { DistPoint, Field } from '../types.ts';
import { toPeriodEnd, type Unit } from './axes.ts';
import { ACCENT, axis, base, tip, toAxisValue } from './common.ts';

type Bar = { x1: Date; x2: Date; point: DistPoint };

/**
 * Bars from each period's start (the group's value) to the start of the next, heights the counts.
 * Every bar is one rect in the group with aria-description "values"; a null group is left out.
 */
export function drawPeriods(data: DistPoint[], field: Field, unit: Unit, width: number): Element {
  const bars: Bar[] = [];
  for (const p of data) {
    const x1 = toAxisValue(p.values[0], p.labels[0], field);
    if (x1 instanceof Date) bars.push({ x1, x2: toPeriodEnd(x1, unit), point: p });
  }
  return Plot.plot({
    ...base(width),
    height: 280,
    marginBottom: 45,
    x: axis(field, { type: 'utc', labelOffset: 38 }),
    y: { label: 'count', grid: true },
    marks: [
      Plot.rectY(bars, {
        x1: 'x1',
        x2: 'x2',
        y: (b: Bar) => b.point.count,
        insetLeft: bars.length > 200 ? 0 : 0.5,
        insetRight: bars.length > 200 ? 0 : 0.5,
        fill: ACCENT,
        title: (b: Bar) => tip(b.point, [field]),
        ariaDescription: 'values',
      }),
      Plot.ruleY([0]),
    ],
  });
}
