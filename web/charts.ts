// Distribution charts with Observable Plot: bars, spikes, a scatter of sized points, or a heat map.
import * as Plot from '@observablehq/plot';
import { formatNumber } from './format.ts';
import type { Dist, DistPoint, Field, Value } from './types.ts';

/** Groups shown as bars at most; more are cut to the largest (the caption says so). */
export const MAX_BARS = 40;

const ACCENT = '#2f6f8f';
const OUTLIER = '#c0392b';

export const isNumber = (f: Field) => f.simple_type === 'number';
export const isTemporal = (f: Field) =>
  f.simple_type === 'date' || f.simple_type === 'datetime' || f.simple_type === 'time';
/** Whether a field is drawn on a continuous axis (numbers, dates, times). */
export const isContinuous = (f: Field) => isNumber(f) || isTemporal(f);

/** A value on the chart's axis: numbers as numbers, dates and times as Dates, the rest as labels. */
function toAxisValue(v: Value | null, label: string, f: Field): number | Date | string | null {
  if (v === null) return null;
  if (isNumber(f)) return typeof v === 'number' ? v : Number(v);
  if (f.simple_type === 'date') return new Date(`${v}T00:00:00Z`);
  if (f.simple_type === 'datetime') return new Date(`${v}Z`);
  if (f.simple_type === 'time') return new Date(`1970-01-01T${v}Z`);
  return label;
}

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** Axis options of a field: its name and unit, and short ticks (2.5B) for numbers. */
const axis = (f: Field, extra: Record<string, unknown> = {}) => ({
  label: axisLabel(f),
  ...(isNumber(f) ? { tickFormat: (d: number) => COMPACT.format(d) } : {}),
  ...extra,
});
const axisLabel = (f: Field) => (f.unit ? `${f.name} (${f.plural_unit ?? f.unit})` : f.name);
const tip = (p: DistPoint, fields: Field[]) =>
  `${fields.map((f, i) => `${f.name}: ${p.labels[i]}`).join('\n')}\ncount: ${formatNumber(p.count)}`;

/** The points a one-dimension categorical chart shows: all, or the largest MAX_BARS. */
export function toBars(dist: Dist): DistPoint[] {
  if (dist.data.length <= MAX_BARS) return dist.data;
  return [...dist.data].sort((a, b) => b.count - a.count).slice(0, MAX_BARS);
}

/**
 * The chart of a distribution over one or two fields. Every data point is one mark element in the
 * group with aria-description "values", and every outlier one in "outliers", so the marks can be
 * counted against the API's answer.
 */
export function drawDist(dist: Dist, fields: Field[], width: number): SVGSVGElement | HTMLElement {
  const [a, b] = fields;
  const common = { width, marginLeft: 60, style: { fontSize: '12px', background: 'transparent' } };
  if (!b) {
    if (!isContinuous(a)) {
      const bars = toBars(dist);
      return Plot.plot({
        ...common,
        marginLeft: 150,
        height: 30 + 22 * bars.length,
        x: { label: 'count', grid: true },
        y: { label: null, domain: bars.map((p) => p.labels[0]) },
        marks: [
          Plot.barX(bars, {
            x: 'count',
            y: (p: DistPoint) => p.labels[0],
            fill: ACCENT,
            title: (p: DistPoint) => tip(p, fields),
            ariaDescription: 'values',
          }),
          Plot.ruleX([0]),
        ],
      });
    }
    const x = (p: DistPoint) => toAxisValue(p.values[0], p.labels[0], a);
    return Plot.plot({
      ...common,
      height: 280,
      marginBottom: 45,
      x: axis(a, { labelOffset: 38 }),
      y: { label: 'count', grid: true },
      marks: [
        Plot.ruleX(dist.data, {
          x,
          y1: 0,
          y2: 'count',
          stroke: ACCENT,
          strokeWidth: 1.5,
          title: (p: DistPoint) => tip(p, fields),
          ariaDescription: 'values',
        }),
        Plot.ruleX(dist.outliers, {
          x,
          y1: 0,
          y2: 'count',
          stroke: OUTLIER,
          strokeWidth: 2,
          title: (p: DistPoint) => `outlier\n${tip(p, fields)}`,
          ariaDescription: 'outliers',
        }),
        Plot.ruleY([0]),
      ],
    });
  }
  const x = (p: DistPoint) => toAxisValue(p.values[0], p.labels[0], a);
  const y = (p: DistPoint) => toAxisValue(p.values[1], p.labels[1], b);
  if (!isContinuous(a) && !isContinuous(b)) {
    return Plot.plot({
      ...common,
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
          fill: {
            value: (p: DistPoint) => (p.count > 0.6 * Math.max(...dist.data.map((q) => q.count)) ? 'white' : 'black'),
            scale: null,
          },
        }),
      ],
    });
  }
  // Areas in proportion to counts; the largest radius grows with the largest count, so a cloud of
  // single records stays a cloud of small dots.
  const maxCount = Math.max(1, ...dist.data.map((p) => p.count));
  const maxRadius = dist.clustered ? 24 : Math.min(14, 3 + 2 * Math.sqrt(maxCount));
  return Plot.plot({
    ...common,
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
