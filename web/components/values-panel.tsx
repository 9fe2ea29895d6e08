// A field's distinct values with counts: paged, filtered with the query grammar, or a random sample.
import { useEffect, useState } from 'preact/hooks';
import type { Params } from '../api.ts';
import { formatCount, formatNumber, formatValue, toCountValue } from '../format.ts';
import { useApi, useDebounced } from '../hooks.ts';
import { useSession } from '../session.ts';
import { isSuppressed, type Field, type Maybe, type ValueCount, type ValuesPage } from '../types.ts';

const PAGE = 10;
/** What the page says of an answer suppressed whole by the small-count rule (API.md §15). */
export const SUPPRESSED_NOTE = 'Too few records match the context to show their counts.';
const SAMPLE = 10;

function ValuesTable({ values, field }: { values: ValueCount[]; field: Field }) {
  const max = Math.max(1, ...values.map((v) => toCountValue(v.count)));
  const labelled = values.some((v) => v.label !== String(v.value));
  return (
    <table class="values" data-testid="values">
      <caption class="sr-only">Values of {field.name} with the number of records carrying each</caption>
      <thead>
        <tr>
          <th scope="col">Value</th>
          {labelled && <th scope="col">Label</th>}
          <th scope="col" class="num">
            Records
          </th>
        </tr>
      </thead>
      <tbody>
        {values.map((v) => (
          <tr key={String(v.value)}>
            <th scope="row">{formatValue(v.value)}</th>
            {labelled && <td>{v.label}</td>}
            <td class="num">
              <span class="bar" style={{ width: `${(100 * toCountValue(v.count)) / max}%` }} aria-hidden="true" />
              <span class="count">{formatCount(v.count)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ValuesPanel({ field, contextParams }: { field: Field; contextParams: Params }) {
  const { view, navigate, key } = useSession();
  const [text, setText] = useState(view.vq);
  const settled = useDebounced(text, 250);
  useEffect(() => setText(view.vq), [view.vq]);
  useEffect(() => {
    if (settled !== view.vq) navigate({ vq: settled, vpage: 1 }, { replace: true });
  }, [settled]);

  const sampling = view.sample !== null;
  const params: Params = sampling
    ? { random: SAMPLE, seed: view.sample, query: view.vq, ...contextParams }
    : { limit: PAGE, page: view.vpage, query: view.vq, ...contextParams };
  const { data, error, loading } = useApi<Maybe<ValuesPage | ValueCount[]>>(`fields/${field.id}/values/`, params, key);
  const whole = isSuppressed(data);
  const page = data && !Array.isArray(data) && !isSuppressed(data) ? data : null;
  const sample = Array.isArray(data) ? data : null;
  const pageGone = error && 'code' in error && error.code === 'PAGE_NOT_FOUND';
  useEffect(() => {
    if (pageGone) navigate({ vpage: 1 }, { replace: true });
  }, [pageGone]);

  return (
    <section aria-labelledby="values-h" class="panel" aria-busy={loading}>
      <h3 id="values-h">Values</h3>
      <div class="toolbar">
        <label for="values-filter">Filter values</label>
        <input
          id="values-filter"
          type="search"
          value={text}
          autocomplete="off"
          placeholder="e.g. adel"
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        {sampling ? (
          <button type="button" onClick={() => navigate({ sample: null })}>
            Show all values
          </button>
        ) : (
          <button type="button" onClick={() => navigate({ sample: Math.floor(Math.random() * 2 ** 32) })}>
            Random sample
          </button>
        )}
        {sampling && (
          <button type="button" onClick={() => navigate({ sample: Math.floor(Math.random() * 2 ** 32) })}>
            Draw again
          </button>
        )}
      </div>
      <p class="summary" role="status" data-testid="values-summary">
        {page
          ? `${formatNumber(page.count)} distinct value${page.count === 1 ? '' : 's'}${view.vq ? ' matching' : ''}; ${formatCount(page.null_count)} record${page.null_count === 1 ? '' : 's'} without a value.`
          : whole
            ? SUPPRESSED_NOTE
            : sample
              ? `A random sample of ${sample.length} value${sample.length === 1 ? '' : 's'}.`
              : loading
                ? 'Loading values…'
                : ''}
      </p>
      {error && !pageGone && (
        <p class="error" role="alert">
          Could not load the values: {error.message}
        </p>
      )}
      {page && <ValuesTable values={page.values} field={field} />}
      {sample && <ValuesTable values={sample} field={field} />}
      {page && page.num_pages > 1 && (
        <nav class="pager" aria-label="Pages of values">
          <button type="button" disabled={page.page_num <= 1} onClick={() => navigate({ vpage: page.page_num - 1 })}>
            ‹ Previous
          </button>
          <span data-testid="values-page">
            Page {page.page_num} of {page.num_pages}
          </span>
          <button
            type="button"
            disabled={page.page_num >= page.num_pages}
            onClick={() => navigate({ vpage: page.page_num + 1 })}
          >
            Next ›
          </button>
        </nav>
      )}
    </section>
  );
}
