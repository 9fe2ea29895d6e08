// A field's metadata as a description list.
import { formatOperator } from '../format.ts';
import type { Field } from '../types.ts';

export function FieldMeta({ field: f }: { field: Field }) {
  const flags = ['enumerable', 'nullable', 'searchable'].filter((k) => f[k as 'enumerable']);
  const rows: [string, string | null][] = [
    ['Type', `${f.simple_type} (${f.internal_type})`],
    ['Unit', f.unit ? (f.plural_unit && f.plural_unit !== f.unit ? `${f.unit} / ${f.plural_unit}` : f.unit) : null],
    ['Also called', f.alt_name],
    ['Properties', flags.length ? flags.join(', ') : 'none'],
    ['Stored as', `${f.app_name} › ${f.model_name} › ${f.field_name}`],
    ['Keywords', f.keywords],
    ['Metadata modified', f.modified.replace('T', ' ')],
    ['Data modified', f.data_modified?.replace('T', ' ') ?? null],
  ];
  return (
    <dl class="meta">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      <div class="wide">
        <dt>Operators</dt>
        <dd data-testid="operators">
          {f.operators.map(([code, label]) => (
            <span key={code} class="badge" title={code}>
              {formatOperator(code, label)}
            </span>
          ))}
        </dd>
      </div>
    </dl>
  );
}
