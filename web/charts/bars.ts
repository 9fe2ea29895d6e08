// Charts of categories: bars for one field, a heat map of cells for two.
import * as Plot from '@observablehq/plot';
import { formatCount, toCountValue } from '../format.ts';
import type { Dist, DistPoint, Field } from '../types.ts';
import { ACCENT, axisLabel, base, tip } from './common.ts';

/** Groups shown as bars at most; more are cut to the largest (the caption says so). */
export const MAX_BARS = 40;

/** The points a one-dimension categorical chart shows: all, or the largest MAX_BARS. */
export function toBars(dist: Dist): DistPoint[] {
  if (dist.data.length <= MAX_BARS) return dist.data;
  return [...dist.data].sort((a, b) => toCountValue(b.count) - toCountValue(a.count)).slice(0, MAX_BARS);
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
        x: (p: DistPoint) => toCountValue(p.count),
        y: (p: DistPoint) => p.labels[0],
        fill: ACCENT,
        title: (p: DistPoint) => tip(p, [field]),
        ariaDescription: 'values',
      }),
      Plot.ruleX([0]),
    ],
  });
}

/** The distinct labels of dimension i, in the order of their values (nulls last). */
function toDomain(points: DistPoint[], i: number): string[] {
  const byLabel = new Map<string, DistPoint['values'][number]>();
  for (const p of points) byLabel.set(p.labels[i], p.values[i]);
  return [...byLabel]
    .sort(([, a], [, b]) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1))
    .map(([label]) => label);
}

/**
 * A heat map of two fields on categorical axes: categories, bins or periods (API.md §13), one cell
 * per pair in the order of the values, its count written in it while cells are large enough.
 */
export function drawHeat(dist: Dist, fields: [Field, Field], width: number): Element {
  const [a, b] = fields;
  const [xs, ys] = [toDomain(dist.data, 0), toDomain(dist.data, 1)];
  const max = Math.max(...dist.data.map((q) => toCountValue(q.count)));
  const row = Math.min(28, Math.max(8, Math.floor(600 / ys.length)));
  const column = (width - 170) / xs.length; // the plot's width less its margins, per category
  const x = (p: DistPoint) => p.labels[0];
  const y = (p: DistPoint) => p.labels[1];
  return Plot.plot({
    ...base(width),
    marginLeft: 150,
    marginBottom: 90,
    height: 110 + row * ys.length,
    x: { label: axisLabel(a), domain: xs, tickRotate: -30, labelOffset: 82 },
    y: { label: axisLabel(b), domain: ys },
    color: { scheme: 'blues', legend: true, label: 'count' },
    marks: [
      Plot.cell(dist.data, {
        x,
        y,
        fill: (p: DistPoint) => toCountValue(p.count),
        inset: 0.5,
        title: (p: DistPoint) => tip(p, fields),
        ariaDescription: 'values',
      }),
      ...(column >= 40 && row >= 16
        ? [
            Plot.text(dist.data, {
              x,
              y,
              text: (p: DistPoint) => (p.count === null ? '<k' : formatCount(p.count)),
              fontSize: 10,
              fill: { value: (p: DistPoint) => (toCountValue(p.count) > 0.6 * max ? 'white' : 'black'), scale: null },
            }),
          ]
        : []),
    ],
  });
}
