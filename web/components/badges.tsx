// Small labels for a concept's or field's flags and a field's type.
import type { Field } from '../types.ts';

export function Flags({ o }: { o: { published: boolean; archived: boolean } }) {
  return (
    <>
      {!o.published && <span class="badge warn">unpublished</span>}
      {o.archived && <span class="badge muted">archived</span>}
    </>
  );
}

export function TypeBadge({ field }: { field: Field }) {
  return (
    <span class="badge type" title={`internal type: ${field.internal_type}`}>
      {field.simple_type}
    </span>
  );
}
