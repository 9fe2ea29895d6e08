// What the context selects: root entities for a field in the root's tree (or no field page), else
// the records of the field's own dataset.
import { type Applied, toApplied, toContextParams, toSkippedNote } from '../context.ts';
import { formatCount } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import { isSuppressed, type Entity, type Maybe } from '../types.ts';
import { RecordCount } from './record-count.tsx';

export function EntityCount() {
  const { root, view, fields, tree, brush } = useSession();
  const field = view.field === null ? undefined : fields.get(view.field);
  const entity = root?.entity;
  // Entities are what a field of the root's tree counts; any other field counts its dataset's records.
  if (field && (!entity || (tree !== null && !tree.has(field.app_name)))) return <RecordCount field={field} />;
  if (!entity || tree === null) return null;
  return <Entities entity={entity} applied={toApplied(view.ctx, null, fields, tree, brush)} />;
}

function Entities({ entity, applied }: { entity: Entity; applied: Applied }) {
  const { key } = useSession();
  const params = toContextParams(applied);
  const { data, error } = useApi<Maybe<Entity>>('entities/', params, key);
  // Suppressed (API.md §15): a context keeping fewer than k entities, or a count below k, reads "fewer than k".
  const known = data !== null && (isSuppressed(data) || data.count === null);
  const count = data && !isSuppressed(data) ? data.count : params.aware ? null : entity.count;
  return (
    <p class="entities" role="status" data-testid="entity-count">
      {error
        ? `Could not count ${entity.plural_name}: ${error.message}`
        : count === null && !known
          ? `Counting ${entity.plural_name}…`
          : `${formatCount(count)} of ${formatCount(entity.count)} ${entity.count === 1 ? entity.name : entity.plural_name}${toSkippedNote(applied, `datasets not linked to ${entity.plural_name}`)}`}
    </p>
  );
}
