// Charts of exact values on continuous axes: spikes for one field, sized points for two.
import { toCountValue } from '../format.ts';
import * as Plot from '@observablehq/plot';
import type { Dist, DistPoint, Field } from '../types.ts';
import { ACCENT, axis, base, isContinuous, OUTLIER, tip, toAxisValue } from './common.ts';

/** One spike per distinct value (a line each in "values"), outliers in red (in "outliers"). */
export function drawSpikes(dist: Dist, field: Field, width: number): Element {
  const x = (p: DistPoint) => toAxisValue(p.values[0], p.labels[0], field);
  return Plot.plot({
    ...base(width),
    height: 280,
    marginBottom: 45,
    x: axis(field, { labelOffset: 38 }),
    y: { label: 'count', grid: true },
    marks: [
      Plot.ruleX(dist.data, {
        x,
        y1: 0,
        y2: 'count',
        stroke: ACCENT,
        strokeWidth: 1.5,
        title: (p: DistPoint) => tip(p, [field]),
        ariaDescription: 'values',
      }),
      Plot.ruleX(dist.outliers, {
        x,
        y1: 0,
        y2: 'count',
        stroke: OUTLIER,
        strokeWidth: 2,
        title: (p: DistPoint) => `outlier\n${tip(p, [field])}`,
        ariaDescription: 'outliers',
      }),
      Plot.ruleY([0]),
    ],
  });
}

/**
 * A scatter of two fields: a dot per group or cluster centroid (circles in "values") with its area
 * in proportion to the count, a cross per outlier (in "outliers"). The largest radius grows with
 * the largest count, so a cloud of single records stays a cloud of small dots.
 */
export function drawScatter(dist: Dist, fields: [Field, Field], width: number): Element {
  const [a, b] = fields;
  const x = (p: DistPoint) => toAxisValue(p.values[0], p.labels[0], a);
  const y = (p: DistPoint) => toAxisValue(p.values[1], p.labels[1], b);
  const maxCount = Math.max(1, ...dist.data.map((p) => toCountValue(p.count)));
  const maxRadius = dist.clustered ? 24 : Math.min(14, 3 + 2 * Math.sqrt(maxCount));
  return Plot.plot({
    ...base(width),
    height: 380,
    marginLeft: isContinuous(b) ? 60 : 150,
    marginBottom: 45,
    grid: true,
    x: axis(a, { labelOffset: 38 }),
    y: axis(b),
    r: { domain: [0, maxCount], range: [0, maxRadius] },
    marks: [
      Plot.dot(dist.data, {
        x,
        y,
        r: 'count',
        fill: ACCENT,
        fillOpacity: 0.55,
        stroke: ACCENT,
        title: (p: DistPoint) => tip(p, fields),
        ariaDescription: 'values',
      }),
      Plot.dot(dist.outliers, {
        x,
        y,
        symbol: 'times',
        r: 4,
        stroke: OUTLIER,
        strokeWidth: 2,
        title: (p: DistPoint) => `outlier\n${tip(p, fields)}`,
        ariaDescription: 'outliers',
      }),
    ],
  });
}
