// Summary statistics of a number, date or time field, restricted by the context when one applies.
import type { Params } from '../api.ts';
import { formatCount, formatMeasure, formatNumber, formatValue, toFieldDigits } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import { isSuppressed, type Field, type Maybe, type Stats } from '../types.ts';
import { SUPPRESSED_NOTE } from './values-panel.tsx';
import { ErrorNote, Loading } from './status.tsx';

export function StatsPanel({ field, contextParams }: { field: Field; contextParams: Params }) {
  const { key } = useSession();
  const { data, error, loading } = useApi<Maybe<Stats>>(`fields/${field.id}/stats/`, contextParams, key);
  const whole = isSuppressed(data);
  const s = whole ? null : data;
  // Measures keep enough decimals for the field's spread (see toFieldDigits).
  const range = s && typeof s.min === 'number' && typeof s.max === 'number' ? s.max - s.min : null;
  const spread = (s && 'stddev' in s ? s.stddev : null) ?? range;
  const m = (n: number | null | undefined) => formatMeasure(n, toFieldDigits(spread));
  const rows: [string, string][] = s
    ? [
        ['Records with a value', formatCount(s.count)],
        ['Null', formatCount(s.null_count)],
        ['Distinct', formatNumber(s.distinct)],
        ['Minimum', formatValue(s.min)],
        ['Maximum', formatValue(s.max)],
        ...('mean' in s
          ? ([
              ['Mean', m(s.mean)],
              ['Standard deviation', m(s.stddev)],
              // A sum of whole numbers beyond 2^53 arrives as decimal text (API.md §1): every digit shows.
              ['Sum', formatValue(s.sum)],
              ['Median', m(s.p50)],
              ['Quartiles (25% – 75%)', `${m(s.p25)} – ${m(s.p75)}`],
              ['5% – 95%', `${m(s.p05)} – ${m(s.p95)}`],
            ] as [string, string][])
          : []),
      ]
    : [];
  return (
    <section aria-labelledby="stats-h" class="panel" aria-busy={loading}>
      <h3 id="stats-h">Statistics</h3>
      {error ? (
        <ErrorNote error={error} what="the statistics" />
      ) : whole ? (
        <p class="summary" data-testid="stats-suppressed">
          {SUPPRESSED_NOTE}
        </p>
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
