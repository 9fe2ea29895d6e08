// A histogram: one bar per bin of a number field (API.md §13 `bins`), spanning the bin's edges.
import * as Plot from '@observablehq/plot';
import type { DistPoint, Field } from '../types.ts';
import { toBinEdges } from './axes.ts';
import { ACCENT, axis, base, tip } from './common.ts';

type Bar = { x1: number; x2: number; point: DistPoint };

/**
 * Bars from each group's lower edge to its upper edge, heights the counts. Every bar is one rect in
 * the group with aria-description "values". A null group (asked with nulls=true) has no place on
 * the axis and is left out.
 */
export function drawHistogram(data: DistPoint[], field: Field, binWidth: number, width: number): Element {
  const bars: Bar[] = data
    .filter((p) => typeof p.values[0] === 'number')
    .map((p) => {
      const [x1, x2] = toBinEdges(p.values[0] as number, p.labels[0], binWidth);
      return { x1, x2, point: p };
    });
  return Plot.plot({
    ...base(width),
    height: 280,
    marginBottom: 45,
    x: axis(field, { labelOffset: 38 }),
    y: { label: 'count', grid: true },
    marks: [
      Plot.rectY(bars, {
        x1: 'x1',
        x2: 'x2',
        y: (b: Bar) => b.point.count,
        insetLeft: 0.5,
        insetRight: 0.5,
        fill: ACCENT,
        title: (b: Bar) => tip(b.point, [field]),
        ariaDescription: 'values',
      }),
      Plot.ruleY([0]),
    ],
  });
}
