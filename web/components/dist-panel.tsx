// A field's distribution: bars, spikes, or a 2-D view when a second dimension is chosen.
import type { Params } from '../api.ts';
import { drawDist, isContinuous, isNumber, MAX_BARS, toBars } from '../charts.ts';
import { formatNumber } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Dist, Field } from '../types.ts';
import { Chart } from './chart.tsx';
import { ErrorNote, Loading } from './status.tsx';

/** What the chart shows, in words (its accessible name and caption). */
function describe(dist: Dist, fields: Field[]): string {
  const names = fields.map((f) => f.name).join(' by ');
  if (dist.size === 0) return `No records to chart for ${names}.`;
  const parts = [`${names}: ${formatNumber(dist.size)} group${dist.size === 1 ? '' : 's'}`];
  if (dist.clustered) parts.push(`clustered into ${dist.data.length} points sized by weighted counts`);
  if (fields.length === 1 && !isContinuous(fields[0]) && dist.data.length > MAX_BARS)
    parts.push(`the ${MAX_BARS} largest shown`);
  if (dist.outliers.length)
    parts.push(`${dist.outliers.length} outlier${dist.outliers.length === 1 ? '' : 's'} marked in red`);
  return `${parts.join('; ')}.`;
}

export function DistPanel({ field, contextParams }: { field: Field; contextParams: Params }) {
  const { view, navigate, key, fields } = useSession();
  const second = view.dim !== null && view.dim !== field.id ? (fields.get(view.dim) ?? null) : null;
  const dims = second ? [field, second] : [field];
  const numeric = dims.every(isNumber);
  const params: Params = {
    dimensions: second ? `${field.id},${second.id}` : undefined,
    // One number dimension: every distinct value as a spike (clustering would merge them).
    cluster: second && numeric ? String(view.cluster) : 'false',
    ...contextParams,
  };
  const { data: dist, error, loading } = useApi<Dist>(`fields/${field.id}/dist/`, params, key);
  const candidates = [...fields.values()].filter((f) => f.app_name === field.app_name && f.id !== field.id);
  const shown = dist && !second && !isContinuous(field) ? toBars(dist) : dist?.data;

  return (
    <section aria-labelledby="dist-h" class="panel" aria-busy={loading}>
      <h3 id="dist-h">Distribution</h3>
      <div class="toolbar">
        <label for="dim">Second dimension</label>
        <select
          id="dim"
          value={second ? String(second.id) : ''}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            navigate({ dim: v ? Number(v) : null });
          }}
        >
          <option value="">none (one dimension)</option>
          {candidates.map((f) => (
            <option key={f.id} value={String(f.id)}>
              {f.name}
            </option>
          ))}
        </select>
        {second && numeric && (
          <label class="check">
            <input
              type="checkbox"
              checked={view.cluster}
              onChange={(e) => navigate({ cluster: (e.target as HTMLInputElement).checked })}
            />{' '}
            Cluster (k-means, from 500 points)
          </label>
        )}
      </div>
      {error ? (
        <ErrorNote error={error} what="the distribution" />
      ) : !dist ? (
        <Loading what="the distribution" />
      ) : (
        <figure data-testid="dist" data-points={shown?.length ?? 0} data-outliers={dist.outliers.length}>
          {dist.size > 0 && (
            <Chart draw={(w) => drawDist(dist, dims, w)} label={describe(dist, dims)} deps={[dist, second?.id]} />
          )}
          <figcaption data-testid="dist-caption">{describe(dist, dims)}</figcaption>
        </figure>
      )}
    </section>
  );
}
