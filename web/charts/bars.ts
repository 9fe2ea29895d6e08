// Charts of categories: bars for one field, a heat map of cells for two.
import * as Plot from '@observablehq/plot';
import { formatNumber } from '../format.ts';
import type { Dist, DistPoint, Field } from '../types.ts';
import { ACCENT, axisLabel, base, tip, toAxisValue } from './common.ts';

/** Groups shown as bars at most; more are cut to the largest (the caption says so). */
export const MAX_BARS = 40;

/** The points a one-dimension categorical chart shows: all, or the largest MAX_BARS. */
export function toBars(dist: Dist): DistPoint[] {
  if (dist.data.length <= MAX_BARS) return dist.data;
  return [...dist.data].sort((a, b) => b.count - a.count).slice(0, MAX_BARS);
}

/** One horizontal bar per category (one rect each in the "values" group). */
export function drawBars(dist: Dist, field: Field, width: number): Element {
  const bars = toBars(dist);
  return Plot.plot({
    ...base(width),
    marginLeft: 150,
    height: 30 + 22 * bars.length,
    x: { label: 'count', grid: true },
    y: { label: null, domain: bars.map((p) => p.labels[0]) },
    marks: [
      Plot.barX(bars, {
        x: 'count',
        y: (p: DistPoint) => p.labels[0],
        fill: ACCENT,
        title: (p: DistPoint) => tip(p, [field]),
        ariaDescription: 'values',
      }),
      Plot.ruleX([0]),
    ],
  });
}

/** A heat map of two categorical fields: one cell per pair, its count written in it. */
export function drawHeat(dist: Dist, fields: [Field, Field], width: number): Element {
  const [a, b] = fields;
  const x = (p: DistPoint) => toAxisValue(p.values[0], p.labels[0], a);
  const y = (p: DistPoint) => toAxisValue(p.values[1], p.labels[1], b);
  const max = Math.max(...dist.data.map((q) => q.count));
  return Plot.plot({
    ...base(width),
    marginLeft: 150,
    marginBottom: 70,
    height: 80 + 28 * new Set(dist.data.map((p) => p.labels[1])).size,
    x: { label: axisLabel(a), tickRotate: -30, labelOffset: 62 },
    y: { label: axisLabel(b) },
    color: { scheme: 'blues', legend: true, label: 'count' },
    marks: [
      Plot.cell(dist.data, {
        x,
        y,
        fill: 'count',
        inset: 0.5,
        title: (p: DistPoint) => tip(p, fields),
        ariaDescription: 'values',
      }),
      Plot.text(dist.data, {
        x,
        y,
        text: (p: DistPoint) => formatNumber(p.count),
        fontSize: 10,
        fill: { value: (p: DistPoint) => (p.count > 0.6 * max ? 'white' : 'black'), scale: null },
      }),
    ],
  });
}
