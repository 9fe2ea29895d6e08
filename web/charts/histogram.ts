// A histogram: one bar per bin of a number field (API.md §13 `bins`), spanning the bin's edges.
import * as Plot from '@observablehq/plot';
import type { DistPoint, Field } from '../types.ts';
import { toBinEdges } from './axes.ts';
import { ACCENT, axis, base, tip } from './common.ts';

/**
 * Bars from each group's lower edge to its upper edge, heights the counts. Every bar is one rect in
 * the group with aria-description "values". A null group (asked with nulls=true) has no place on
 * the axis and is left out.
 */
export function drawHistogram(data: DistPoint[], field: Field, binWidth: number, width: number): Element {
  const bars: Span[] = data
    .filter((p) => typeof p.values[0] === 'number')
    .map((p) => {
      const [x1, x2] = toBinEdges(p.values[0] as number, p.labels[0], binWidth);
      return { x1, x2, point: p };
    });
  return drawSpans(bars, field, width);
}

/** A bar from x1 to x2 of an axis (a bin's edges, a period's start and end), its height the group's count. */
export type Span = { x1: number | Date; x2: number | Date; point: DistPoint };

/**
 * Bars over their spans, heights the counts; each bar one rect with aria-description "values".
 * `x` adds to the axis options (`type: 'utc'` for periods); `inset` is the gap on each side of a bar.
 */
export function drawSpans(
  bars: Span[],
  field: Field,
  width: number,
  { x = {}, inset = 0.5 }: { x?: Record<string, unknown>; inset?: number } = {},
): Element {
  return Plot.plot({
    ...base(width),
    height: 280,
    marginBottom: 45,
    x: axis(field, { ...x, labelOffset: 38 }),
    y: { label: 'count', grid: true },
    marks: [
      Plot.rectY(bars, {
        x1: 'x1',
        x2: 'x2',
        y: (b: Span) => b.point.count,
        insetLeft: inset,
        insetRight: inset,
        fill: ACCENT,
        title: (b: Span) => tip(b.point, [field]),
        ariaDescription: 'values',
      }),
      Plot.ruleY([0]),
    ],
  });
}
