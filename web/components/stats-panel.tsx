// Summary statistics of a number, date or time field, restricted by the context when one applies.
import type { Params } from '../api.ts';
import { formatNumber, formatValue } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Field, Stats } from '../types.ts';
import { ErrorNote, Loading } from './status.tsx';

export function StatsPanel({ field, contextParams }: { field: Field; contextParams: Params }) {
  const { key } = useSession();
  const { data: s, error, loading } = useApi<Stats>(`fields/${field.id}/stats/`, contextParams, key);
  const rows: [string, string][] = s
    ? [
        ['Records with a value', formatNumber(s.count)],
        ['Null', formatNumber(s.null_count)],
        ['Distinct', formatNumber(s.distinct)],
        ['Minimum', formatValue(s.min)],
        ['Maximum', formatValue(s.max)],
        ...('mean' in s
          ? ([
              ['Mean', formatNumber(s.mean)],
              ['Standard deviation', formatNumber(s.stddev)],
              // A sum of whole numbers beyond 2^53 arrives as decimal text (API.md §1).
              ['Sum', formatValue(s.sum)],
              ['Median', formatNumber(s.p50)],
              ['Quartiles (25% – 75%)', `${formatNumber(s.p25)} – ${formatNumber(s.p75)}`],
              ['5% – 95%', `${formatNumber(s.p05)} – ${formatNumber(s.p95)}`],
            ] as [string, string][])
          : []),
      ]
    : [];
  return (
    <section aria-labelledby="stats-h" class="panel" aria-busy={loading}>
      <h3 id="stats-h">Statistics</h3>
      {error ? (
        <ErrorNote error={error} what="the statistics" />
      ) : !s ? (
        <Loading what="statistics" />
      ) : (
        <dl class="stats" data-testid="stats">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
