// A field's distribution: bars, spikes, a histogram, periods, or a 2-D view with a second dimension.
import type { Params } from '../api.ts';
import { type ChartKind, drawDist, isNumber, MAX_BARS, toBars, toChartKind, toDistParams } from '../charts.ts';
import { formatNumber, formatValue } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import { isSuppressed, type Dist, type Field, type Maybe, type Stats } from '../types.ts';
import { SUPPRESSED_NOTE } from './values-panel.tsx';
import { toBrushAxis } from '../brush.ts';
import { BrushChart } from './brush-chart.tsx';
import { Chart } from './chart.tsx';
import { DistControls } from './dist-controls.tsx';
import { ErrorNote, Loading } from './status.tsx';

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What the chart shows, in words (its accessible name and caption). */
function describe(dist: Dist, fields: Field[], kind: ChartKind): string {
  const names = fields.map((f) => f.name).join(' by ');
  if (dist.size === 0) return `No records to chart for ${names}.`;
  const axis = dist.axes?.[0];
  const parts: string[] = [];
  if (kind === 'histogram' && axis?.bins)
    parts.push(
      `${names}: ${plural(axis.bins.count, 'bin')} of width ${formatValue(axis.bins.width)}${dist.size < axis.bins.count ? ` (${formatNumber(dist.size)} with records)` : ''}`,
    );
  else if (kind === 'periods' && axis?.interval)
    parts.push(`${names} by ${axis.interval}: ${plural(dist.size, 'period')}`);
  else parts.push(`${names}: ${plural(dist.size, 'group')}`);
  // A heat map's binned and truncated axes: "Signal in bins of width 0.5, Taken at by month".
  const grouped = (dist.axes ?? []).flatMap((x, i) =>
    x.bins
      ? [`${fields[i].name} in bins of width ${formatValue(x.bins.width)}`]
      : x.interval
        ? [`${fields[i].name} by ${x.interval}`]
        : [],
  );
  if (kind === 'heat' && grouped.length) parts.push(grouped.join(', '));
  if (dist.clustered)
    parts.push(
      `clustered into ${dist.data.length} points sized by weighted counts${dist.cells ? ` (from ${plural(dist.cells, 'grid cell')})` : ''}`,
    );
  if (kind === 'bars' && dist.data.length > MAX_BARS) parts.push(`the ${MAX_BARS} largest shown`);
  if (dist.outliers.length) parts.push(`${plural(dist.outliers.length, 'outlier')} marked in red`);
  return `${parts.join('; ')}.`;
}

/**
 * `contextParams` restrict the chart; `chartParams` too, but without a brush on this field, which a
 * histogram or period chart of the field alone leaves out: it draws the brush over every bin instead.
 */
export function DistPanel({
  field,
  contextParams,
  chartParams = contextParams,
}: {
  field: Field;
  contextParams: Params;
  chartParams?: Params;
}) {
  const { view, key, fields } = useSession();
  const second = view.dim !== null && view.dim !== field.id ? (fields.get(view.dim) ?? null) : null;
  const dims = second ? [field, second] : [field];
  // A number field's chart depends on its context-naive distinct count, so a context never turns a
  // histogram into spikes (and its bins are the naive ones, API.md §13).
  const needsDistinct = !second && isNumber(field);
  const naive = useApi<Maybe<Stats>>(needsDistinct ? `fields/${field.id}/stats/` : null, {}, key);
  const known = !needsDistinct || naive.data !== null || naive.error !== null;
  const kind = toChartKind(dims, naive.data && !isSuppressed(naive.data) ? naive.data.distinct : null);
  const brushable = kind === 'histogram' || kind === 'periods';
  const params: Params = {
    dimensions: second ? `${field.id},${second.id}` : undefined,
    ...toDistParams(kind, dims, view),
    ...(brushable ? chartParams : contextParams),
  };
  const { data, error, loading } = useApi<Maybe<Dist>>(known ? `fields/${field.id}/dist/` : null, params, key);
  const whole = isSuppressed(data);
  const dist = whole ? null : data;
  const shown = dist && kind === 'bars' ? toBars(dist) : dist?.data;

  return (
    <section aria-labelledby="dist-h" class="panel" aria-busy={loading}>
      <h3 id="dist-h">Distribution</h3>
      <DistControls field={field} second={second} kind={kind} dist={dist} />
      {error ? (
        <ErrorNote error={error} what="the distribution" />
      ) : whole ? (
        <p class="summary" data-testid="dist-suppressed">
          {SUPPRESSED_NOTE}
        </p>
      ) : !dist ? (
        <Loading what="the distribution" />
      ) : (
        <figure
          data-testid="dist"
          data-kind={kind}
          data-points={shown?.length ?? 0}
          data-outliers={dist.outliers.length}
        >
          {dist.size > 0 && brushable && (
            <BrushChart
              draw={(w) => drawDist(dist, dims, kind, w)}
              label={describe(dist, dims, kind)}
              deps={[dist, second?.id, kind]}
              axis={toBrushAxis(dist, field, kind)}
            />
          )}
          {dist.size > 0 && !brushable && (
            <Chart
              draw={(w) => drawDist(dist, dims, kind, w)}
              label={describe(dist, dims, kind)}
              deps={[dist, second?.id, kind]}
            />
          )}
          <figcaption data-testid="dist-caption">{describe(dist, dims, kind)}</figcaption>
        </figure>
      )}
    </section>
  );
}
