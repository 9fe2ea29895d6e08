// Distribution charts with Observable Plot: drawing the chart `charts/choice.ts` picks. Every data
// mark sits in the group with aria-description "values" and every outlier in "outliers", so a test
// can count marks against the API's answer.
import { drawBars, drawHeat } from './charts/bars.ts';
import type { ChartKind } from './charts/choice.ts';
import { drawHistogram } from './charts/histogram.ts';
import { drawPeriods } from './charts/periods.ts';
import { drawScatter, drawSpikes } from './charts/points.ts';
import type { Dist, Field } from './types.ts';

export { MAX_BARS, toBars } from './charts/bars.ts';
export { type ChartKind, HISTOGRAM_FROM, toChartKind, toDistParams } from './charts/choice.ts';
export { isContinuous, isNumber, isTemporal } from './charts/common.ts';

/** The chart element of a distribution of one field or two. */
export function drawDist(dist: Dist, fields: Field[], kind: ChartKind, width: number): Element {
  const [a, b] = fields;
  const axis = dist.axes?.[0];
  switch (kind) {
    case 'bars':
      return drawBars(dist, a, width);
    case 'spikes':
      return drawSpikes(dist, a, width);
    case 'histogram':
      return drawHistogram(dist.data, a, axis?.bins?.width ?? 0, width);
    case 'periods':
      return drawPeriods(dist.data, a, axis?.interval ?? 'day', width);
    case 'heat':
      return drawHeat(dist, [a, b], width);
    case 'scatter':
      return drawScatter(dist, [a, b], width);
  }
}
