// A field page: metadata, statistics, distribution and values, all counted within the context.
import { toApplied, toContextParams } from '../context.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Field } from '../types.ts';
import { toConceptPatch } from '../view.ts';
import { Flags, TypeBadge } from './badges.tsx';
import { DistPanel } from './dist-panel.tsx';
import { FieldMeta } from './field-meta.tsx';
import { Link } from './link.tsx';
import { StatsPanel } from './stats-panel.tsx';
import { ErrorNote, Loading } from './status.tsx';
import { ValuesPanel } from './values-panel.tsx';

export function FieldPage({ id }: { id: number }) {
  const { key, view, fields, concepts, root, tree, setDraftField, brush } = useSession();
  const { data: field, error } = useApi<Field>(`fields/${id}/`, {}, key);
  if (error) return <ErrorNote error={error} what={`field ${id}`} />;
  if (!field) return <Loading what="the field" />;
  // Which conditions apply depends on the root's tree: wait for it rather than count twice.
  if (root?.entity && tree === null) return <Loading what="the linked datasets" />;
  const applied = toApplied(view.ctx, field, fields, tree, brush);
  const contextParams = toContextParams(applied);
  // The chart a brush is drawn on counts without it, so the whole axis stays there to brush.
  const ownBrush = brush?.field === field.id;
  const chartParams = ownBrush ? toContextParams(toApplied(view.ctx, field, fields, tree)) : contextParams;
  const owners = concepts.filter((c) => c._links.field.some((r) => r.id === id));
  return (
    <article aria-labelledby="field-title" class="field-page">
      {owners.length > 0 && (
        <p class="crumbs">
          In{' '}
          {owners.map((c, i) => (
            <>
              {i > 0 && ', '}
              <Link to={toConceptPatch(c.id)}>{c.name}</Link>
            </>
          ))}
        </p>
      )}
      {view.q && (
        <p class="crumbs">
          <Link to={{ field: null, concept: null }}>‹ Back to the results for “{view.q}”</Link>
        </p>
      )}
      <h2 id="field-title" tabIndex={-1}>
        {field.name} <TypeBadge field={field} /> <Flags o={field} />
      </h2>
      {field.description && <p class="lead">{field.description}</p>}
      <FieldMeta field={field} />
      <p class="context-note" role="status" data-testid="context-note">
        {applied.context
          ? `Counts below are restricted by the context (${applied.conditions} condition${applied.conditions === 1 ? '' : 's'}${ownBrush ? ', the brushed range included; the brushed chart shows every bin' : ''}).`
          : 'Counts below cover all records.'}
        {applied.skipped.length > 0 &&
          ` ${applied.skipped.length} condition${applied.skipped.length === 1 ? ' is' : 's are'} on another data set and do${applied.skipped.length === 1 ? 'es' : ''} not apply here.`}{' '}
        <button type="button" class="link" onClick={() => setDraftField(field.id)}>
          Add a condition on {field.name}
        </button>
      </p>
      <div class="panels">
        {field._links.stats && <StatsPanel field={field} contextParams={contextParams} />}
        <DistPanel field={field} contextParams={contextParams} chartParams={chartParams} />
        <ValuesPanel field={field} contextParams={contextParams} />
      </div>
    </article>
  );
}
