// How many entities the context selects, when the catalog counts linked entities (root `entity`).
import { ApiError } from '../api.ts';
import { toApplied, toContextParams } from '../context.ts';
import { formatNumber } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Entity } from '../types.ts';

export function EntityCount() {
  const { root, view, fields, key } = useSession();
  const entity = root?.entity;
  const params = toContextParams(toApplied(view.ctx, null, fields, true));
  const { data, error } = useApi<Entity>(entity ? 'entities/' : null, params, key);
  if (!entity) return null;
  const count = data?.count ?? (params.aware ? null : entity.count);
  // A condition on a dataset outside the entity's linked datasets cannot select entities: say so
  // plainly rather than as a failure (the rest of the page applies it to its own dataset).
  const outside = error instanceof ApiError && error.code === 'INVALID_CONTEXT';
  return (
    <p class={outside ? 'entities muted' : 'entities'} role="status" data-testid="entity-count">
      {outside
        ? `${entity.plural_name[0].toUpperCase()}${entity.plural_name.slice(1)} are counted only when every condition is on their linked datasets.`
        : error
          ? `Could not count ${entity.plural_name}: ${error.message}`
          : count === null
            ? `Counting ${entity.plural_name}…`
            : `${formatNumber(count)} of ${formatNumber(entity.count)} ${entity.count === 1 ? entity.name : entity.plural_name}`}
    </p>
  );
}
