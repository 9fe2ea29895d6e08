// Which chart a field (or a pair) gets, and what it asks /dist/ for (API.md §7, §13). No DOM here.
import type { Field } from '../types.ts';
import type { Unit } from './axes.ts';
import { isNumber, isTemporal } from './common.ts';

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

/** What a chart asks /dist/ for, besides dimensions and context. */
export function toDistParams(
  kind: ChartKind,
  fields: Field[],
  choice: { bins: number | null; interval: Unit | null; cluster: boolean },
): Record<string, string | number | undefined> {
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
