// Search results: the concepts and fields whose metadata or data values match the query.
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Concept, Field } from '../types.ts';
import { toConceptPatch, toFieldPatch } from '../view.ts';
import { Flags, TypeBadge } from './badges.tsx';
import { Link } from './link.tsx';
import { ErrorNote } from './status.tsx';

export function SearchResults({ q }: { q: string }) {
  const { key } = useSession();
  const concepts = useApi<Concept[]>('concepts/', { query: q }, key);
  const fields = useApi<Field[]>('fields/', { query: q }, key);
  const error = concepts.error ?? fields.error;
  const loading = concepts.loading || fields.loading;
  const nc = concepts.data?.length ?? 0,
    nf = fields.data?.length ?? 0;
  return (
    <section aria-labelledby="results-h" aria-busy={loading}>
      <h2 id="results-h" tabIndex={-1}>
        Search results
      </h2>
      <p role="status" data-testid="results-summary">
        {error
          ? ''
          : loading && !fields.data
            ? `Searching for “${q}”…`
            : `${nc} concept${nc === 1 ? '' : 's'} and ${nf} field${nf === 1 ? '' : 's'} match “${q}”.`}
      </p>
      {error && <ErrorNote error={error} what="the results" />}
      {!error && nf > 0 && (
        <>
          <h3>Fields</h3>
          <ul class="results" data-testid="field-results">
            {fields.data!.map((f) => (
              <li key={f.id}>
                <Link to={toFieldPatch(f.id)}>{f.name}</Link> <TypeBadge field={f} /> <Flags o={f} />
                <span class="where"> in {f.app_name}</span>
                {f.description && <p>{f.description}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
      {!error && nc > 0 && (
        <>
          <h3>Concepts</h3>
          <ul class="results" data-testid="concept-results">
            {concepts.data!.map((c) => (
              <li key={c.id}>
                <Link to={toConceptPatch(c.id)}>{c.name}</Link> <Flags o={c} />
                <span class="where"> fields: {c._links.field.map((r) => r.name).join(', ')}</span>
                {c.description && <p>{c.description}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
      {!error && !loading && nc + nf === 0 && (
        <p>Nothing matches. Try fewer terms, or part of a word: search matches inside words.</p>
      )}
    </section>
  );
}
