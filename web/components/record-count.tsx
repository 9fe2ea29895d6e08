// How many records of a field's dataset the context selects (a dataset outside the root's tree, or
// a catalog without a root).
import type { Params } from '../api.ts';
import { toApplied, toContextParams, toSkippedNote } from '../context.ts';
import { formatNumber } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Field, Stats, ValuesPage } from '../types.ts';

type Counter = { path: string; params: Params; total: (answer: Stats | ValuesPage) => number };

/**
 * A request whose answer counts a dataset's records, from one of its fields: `/stats/` of a
 * number, date or time field (non-null plus null records), else all `/values/` of an enumerable or
 * boolean field (their counts plus the null records). Null when the dataset has neither.
 */
function toCounter(field: Field, fields: Map<number, Field>): Counter | null {
  const mine = [field, ...[...fields.values()].filter((f) => f.app_name === field.app_name && f.id !== field.id)];
  const measured = mine.find((f) => f._links.stats);
  if (measured)
    return {
      path: `fields/${measured.id}/stats/`,
      params: {},
      total: (a) => (a as Stats).count + a.null_count,
    };
  const listed = mine.find((f) => f.enumerable || f.simple_type === 'boolean');
  if (listed)
    return {
      path: `fields/${listed.id}/values/`,
      params: { limit: 0 },
      total: (a) => (a as ValuesPage).values.reduce((sum, v) => sum + v.count, 0) + a.null_count,
    };
  return null;
}

export function RecordCount({ field }: { field: Field }) {
  const { view, fields, tree, key, brush } = useSession();
  const counter = toCounter(field, fields);
  // Only conditions on this dataset select its records (the field is outside any tree).
  const applied = toApplied(view.ctx, field, fields, tree, brush);
  const aware = toContextParams(applied);
  const all = useApi<Stats | ValuesPage>(counter?.path ?? null, counter?.params ?? {}, key);
  const some = useApi<Stats | ValuesPage>(
    counter && aware.aware ? counter.path : null,
    { ...counter?.params, ...aware },
    key,
  );
  const dataset = field.app_name;
  const total = all.data && counter ? counter.total(all.data) : null;
  const count = aware.aware ? (some.data && counter ? counter.total(some.data) : null) : total;
  const error = all.error ?? some.error;
  return (
    <p class="entities" role="status" data-testid="entity-count">
      {!counter
        ? `Counts are records of the ${dataset} dataset.`
        : error
          ? `Could not count the records of ${dataset}: ${error.message}`
          : count === null || total === null
            ? `Counting the records of ${dataset}…`
            : `${formatNumber(count)} of ${formatNumber(total)} ${total === 1 ? 'record' : 'records'} in ${dataset}${toSkippedNote(applied, 'other datasets')}`}
    </p>
  );
}
