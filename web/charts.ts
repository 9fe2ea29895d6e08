// Distribution charts with Observable Plot: which chart a field (or a pair) gets, what it asks the
// service for, and drawing it. Every data mark sits in the group with aria-description "values" and
// every outlier in "outliers", so a test can count marks against the API's answer.
import type { Params } from './api.ts';
import type { Field } from './types.ts';
import type { AxesDist, Unit } from './charts/axes.ts';
import { drawBars, drawHeat } from './charts/bars.ts';
import { isNumber, isTemporal } from './charts/common.ts';
import { drawHistogram } from './charts/histogram.ts';
import { drawPeriods } from './charts/periods.ts';
import { drawScatter, drawSpikes } from './charts/points.ts';

export { MAX_BARS, toBars } from './charts/bars.ts';
export { isContinuous, isNumber, isTemporal } from './charts/common.ts';

/** A number field with more distinct values than this is a histogram, else one spike per value. */
export const HISTOGRAM_FROM = 100;

export type ChartKind = 'bars' | 'spikes' | 'histogram' | 'periods' | 'heat' | 'scatter';

/** The chart of one field (given its context-naive distinct count, null if unknown) or of a pair. */
export function toChartKind(fields: Field[], distinct: number | null): ChartKind {
  const [a, b] = fields;
  // Two numbers: a scatter (clustered at any size); anything else a heat map, numbers in bins and
  // dates and times in periods (API.md §13), so no pair has too many groups to draw.
  if (b) return isNumber(a) && isNumber(b) ? 'scatter' : 'heat';
  if (isTemporal(a)) return 'periods';
  if (isNumber(a)) return distinct !== null && distinct > HISTOGRAM_FROM ? 'histogram' : 'spikes';
  return 'bars';
}

/** What a chart asks /dist/ for, besides dimensions and context (API.md §7, §13). */
export function toDistParams(
  kind: ChartKind,
  fields: Field[],
  choice: { bins: number | null; interval: Unit | null; cluster: boolean },
): Params {
  if (kind === 'histogram') return { bins: choice.bins ?? 'auto' };
  if (kind === 'periods') return { interval: choice.interval ?? 'auto' };
  if (kind === 'heat')
    return {
      bins: fields.some(isNumber) ? 'auto' : undefined,
      interval: fields.some(isTemporal) ? 'auto' : undefined,
      cluster: 'false',
    };
  // One number: every distinct value as a spike (clustering would merge them). Two numbers: k-means
  // at any size, on the grid of §13 above SORREL_MAX_CLUSTER_POINTS groups.
  return { cluster: kind === 'scatter' && fields.every(isNumber) ? String(choice.cluster) : 'false' };
}

/** The chart element of a distribution of one field or two. */
export function drawDist(dist: AxesDist, fields: Field[], kind: ChartKind, width: number): Element {
  const [a, b] = fields;
  const axis = dist.axes?.[0];
  switch (kind) {
    case 'bars':
      return drawBars(dist, a, width);
    case 'spikes':
      return drawSpikes(dist, a, width);
    case 'histogram':
      return drawHistogram(dist.data, a, axis && 'bins' in axis ? axis.bins.width : 0, width);
    case 'periods':
      return drawPeriods(dist.data, a, axis && 'interval' in axis ? axis.interval : 'day', width);
    case 'heat':
      return drawHeat(dist, [a, b], width);
    case 'scatter':
      return drawScatter(dist, [a, b], width);
  }
}
