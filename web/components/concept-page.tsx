// A concept page: its category, description and fields (GET /api/concepts/:id/?embed=true).
import { formatUnit } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Concept } from '../types.ts';
import { toFieldPatch } from '../view.ts';
import { Flags, TypeBadge } from './badges.tsx';
import { Link } from './link.tsx';
import { ErrorNote, Loading } from './status.tsx';

export function ConceptPage({ id }: { id: number }) {
  const { key } = useSession();
  const { data: c, error } = useApi<Concept>(`concepts/${id}/`, { embed: 'true' }, key);
  if (error) return <ErrorNote error={error} what={`concept ${id}`} />;
  if (!c) return <Loading what="the concept" />;
  const category = c.category
    ? [c.category.parent?.name, c.category.name].filter(Boolean).join(' › ')
    : 'Without a category';
  return (
    <article aria-labelledby="concept-title">
      <p class="crumbs">{category}</p>
      <h2 id="concept-title" tabIndex={-1}>
        {c.name} <Flags o={c} />
      </h2>
      {c.description && <p class="lead">{c.description}</p>}
      {c.keywords && <p class="keywords">Keywords: {c.keywords}</p>}
      <table class="fields">
        <caption>Fields of {c.name}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Unit</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {(c.fields ?? []).map((f) => (
            <tr key={f.id}>
              <th scope="row">
                <Link to={toFieldPatch(f.id)}>{f.alt_name ?? f.name}</Link> <Flags o={f} />
              </th>
              <td>
                <TypeBadge field={f} />
                {f.enumerable && <span class="badge">enumerable</span>}
              </td>
              <td>{formatUnit(f)}</td>
              <td>{f.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
