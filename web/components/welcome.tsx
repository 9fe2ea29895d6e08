// The start page: what the catalog holds and how to explore it.
import { formatNumber } from '../format.ts';
import { useSession } from '../session.ts';

export function Welcome() {
  const { root, concepts, fields } = useSession();
  const datasets = new Set([...fields.values()].map((f) => f.app_name));
  return (
    <section aria-labelledby="welcome-h" class="welcome">
      <h2 id="welcome-h" tabIndex={-1}>
        {root?.title ?? 'Catalog'}
      </h2>
      <p class="lead">
        {formatNumber(concepts.length)} concepts and {formatNumber(fields.size)} fields in {formatNumber(datasets.size)}{' '}
        data sets
        {datasets.size > 0 && <> ({[...datasets].join(', ')})</>}.
      </p>
      <ul class="howto">
        <li>
          <strong>Browse</strong> the categories on the left: open a concept, then one of its fields.
        </li>
        <li>
          <strong>Search</strong> names, descriptions and data values: <code>penguin</code>, <code>car -japan</code>,{' '}
          <code>"box office"</code>.
        </li>
        <li>
          A <strong>field page</strong> shows its values with counts, statistics and a chart of its distribution; pick a
          second dimension for a 2-D view.
        </li>
        <li>
          Build a <strong>context</strong> on the right: every count on the page then covers only the matching records.
        </li>
        <li>
          Have an <strong>API key</strong>? Enter it at the top to see what it gives you access to.
        </li>
        <li>The address bar always holds the view: copy it to share exactly what you see.</li>
      </ul>
      <p class="muted">
        This page uses only the public API: <a href="api/">api/</a>, described by{' '}
        <a href="api/openapi.json">api/openapi.json</a>.
      </p>
    </section>
  );
}
