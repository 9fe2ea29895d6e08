// How many records of a field's dataset the context selects (a dataset outside the root's tree, or
// a catalog without a root).
import type { Params } from '../api.ts';
import { toApplied, toContextParams, toSkippedNote } from '../context.ts';
import { formatCount, formatNumber } from '../format.ts';
import { useApi } from '../hooks.ts';
import { useSession } from '../session.ts';
import { isSuppressed, type Field, type Maybe, type Stats, type ValuesPage } from '../types.ts';

// A total is null when the small-count rule hides it (API.md §15); a suppressed part counts as 0, so
// the number shown is then "at least".
type Counter = { path: string; params: Params; total: (answer: Stats | ValuesPage) => number };
type Total = { n: number | null; atLeast: boolean };

function toTotal(counter: Counter, a: Maybe<Stats | ValuesPage>): Total {
  if (isSuppressed(a)) return { n: null, atLeast: false };
  const parts = 'values' in a ? [...a.values.map((v) => v.count), a.null_count] : [a.count, a.null_count];
  return { n: counter.total(a), atLeast: parts.includes(null) };
}
const formatTotal = (t: Total) => (t.atLeast ? `at least ${formatNumber(t.n)}` : formatCount(t.n));

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
      total: (a) => ((a as Stats).count ?? 0) + (a.null_count ?? 0),
    };
  const listed = mine.find((f) => f.enumerable || f.simple_type === 'boolean');
  if (listed)
    return {
      path: `fields/${listed.id}/values/`,
      params: { limit: 0 },
      total: (a) => (a as ValuesPage).values.reduce((sum, v) => sum + (v.count ?? 0), 0) + (a.null_count ?? 0),
    };
  return null;
}

export function RecordCount({ field }: { field: Field }) {
  const { view, fields, tree, key, brush } = useSession();
  const counter = toCounter(field, fields);
  // Only conditions on this dataset select its records (the field is outside any tree).
  const applied = toApplied(view.ctx, field, fields, tree, brush);
  const aware = toContextParams(applied);
  const all = useApi<Maybe<Stats | ValuesPage>>(counter?.path ?? null, counter?.params ?? {}, key);
  const some = useApi<Maybe<Stats | ValuesPage>>(
    counter && aware.aware ? counter.path : null,
    { ...counter?.params, ...aware },
    key,
  );
  const dataset = field.app_name;
  const total = all.data && counter ? toTotal(counter, all.data) : null;
  const count = aware.aware ? (some.data && counter ? toTotal(counter, some.data) : null) : total;
  const error = all.error ?? some.error;
  return (
    <p class="entities" role="status" data-testid="entity-count">
      {!counter
        ? `Counts are records of the ${dataset} dataset.`
        : error
          ? `Could not count the records of ${dataset}: ${error.message}`
          : count === null || total === null
            ? `Counting the records of ${dataset}…`
            : `${formatTotal(count)} of ${formatTotal(total)} ${total.n === 1 ? 'record' : 'records'} in ${dataset}${toSkippedNote(applied, 'other datasets')}`}
    </p>
  );
}
