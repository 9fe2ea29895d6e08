// Builds one context condition: a field, one of its operators, and a value picked from its values.
import { useEffect, useRef, useState } from 'preact/hooks';
import { toConditionValue } from '../context.ts';
import { formatOperator } from '../format.ts';
import { useApi, useDebounced } from '../hooks.ts';
import { useSession } from '../session.ts';
import type { Field, ValueCount, ValuesPage } from '../types.ts';
import type { Condition } from '../view.ts';

const inputType = (f: Field) => (f.simple_type === 'number' ? 'number' : f.simple_type === 'date' ? 'date' : 'text');

/** A text box that suggests the field's values as you type (a datalist). */
function ValueInput({
  field,
  value,
  onInput,
  label,
  id,
}: {
  field: Field;
  value: string;
  onInput: (v: string) => void;
  label: string;
  id: string;
}) {
  const { key } = useSession();
  const typed = useDebounced(value, 200);
  const { data } = useApi<ValuesPage>(
    `fields/${field.id}/values/`,
    { limit: 20, query: field.simple_type === 'string' ? typed : '' },
    key,
  );
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type={inputType(field)}
        step="any"
        value={value}
        list={`${id}-list`}
        autocomplete="off"
        onInput={(e) => onInput((e.target as HTMLInputElement).value)}
      />
      <datalist id={`${id}-list`}>
        {data?.values.map((v) => (
          <option key={String(v.value)} value={String(v.value)}>
            {v.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** A list of the field's values to pick one (or, for in/-in, several) from. */
function ValuePicker({
  values,
  multiple,
  picked,
  onPick,
}: {
  values: ValueCount[];
  multiple: boolean;
  picked: string[];
  onPick: (v: string[]) => void;
}) {
  return (
    <>
      <label for="cond-value">{multiple ? 'Values (pick one or more)' : 'Value'}</label>
      <select
        id="cond-value"
        multiple={multiple}
        size={multiple ? Math.min(6, values.length) : undefined}
        onChange={(e) => onPick([...(e.target as HTMLSelectElement).selectedOptions].map((o) => o.value))}
      >
        {!multiple && (
          <option value="" selected={picked.length === 0}>
            choose…
          </option>
        )}
        {values.map((v) => (
          <option key={String(v.value)} value={String(v.value)} selected={picked.includes(String(v.value))}>
            {v.label} ({v.count})
          </option>
        ))}
      </select>
    </>
  );
}

export function ConditionForm({ onAdd }: { onAdd: (c: Condition) => void }) {
  const { fields, view, draftField, setDraftField, key } = useSession();
  const fieldSelect = useRef<HTMLSelectElement>(null);
  const fieldId = draftField ?? view.field ?? null;
  const field = fieldId === null ? undefined : fields.get(fieldId);
  // The operator and values picked belong to the field they were picked for; another field starts at its first
  // operator. Derived while rendering (not reset by an effect after it) so that an operator picked right after
  // a field change is never undone; the field is read from the select itself, the user's choice at that moment.
  const firstOperator = (id: number | null) => (id === null ? '' : (fields.get(id)?.operators[0]?.[0] ?? ''));
  const chosenField = () => (fieldSelect.current?.value ? Number(fieldSelect.current.value) : null);
  const [choice, setChoice] = useState<{ field: number | null; operator: string; raw: string[] }>({
    field: null,
    operator: '',
    raw: [],
  });
  const current = choice.field === (field?.id ?? null);
  const operator = current ? choice.operator : firstOperator(field?.id ?? null);
  const raw = current ? choice.raw : [];
  const setOperator = (next: string) => setChoice({ field: chosenField(), operator: next, raw: [] });
  const setRaw = (next: string[]) =>
    setChoice((c) => {
      const id = chosenField();
      return { field: id, operator: c.field === id ? c.operator : firstOperator(id), raw: next };
    });
  useEffect(() => {
    if (draftField !== null) fieldSelect.current?.focus();
  }, [draftField]);
  const pickable = !!field && (field.enumerable || field.simple_type === 'boolean');
  const { data: all } = useApi<ValuesPage>(pickable ? `fields/${field!.id}/values/` : null, { limit: 0 }, key);
  const value = field ? toConditionValue(field, operator, raw) : undefined;
  const noValue = operator === 'isnull' || operator === '-isnull';
  const range = operator === 'range' || operator === '-range';

  const byDataset = new Map<string, Field[]>();
  for (const f of fields.values()) byDataset.set(f.app_name, [...(byDataset.get(f.app_name) ?? []), f]);

  return (
    <form
      class="condition"
      aria-label="Add a condition"
      onSubmit={(e) => {
        e.preventDefault();
        if (field && value !== undefined) {
          onAdd({ field: field.id, operator, value });
          setRaw([]);
        }
      }}
    >
      <label for="cond-field">Field</label>
      <select
        id="cond-field"
        ref={fieldSelect}
        value={field ? String(field.id) : ''}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          setDraftField(v ? Number(v) : null);
        }}
      >
        <option value="">choose a field…</option>
        {[...byDataset].map(([dataset, list]) => (
          <optgroup key={dataset} label={dataset}>
            {list.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {field && (
        <>
          <label for="cond-operator">Operator</label>
          <select
            id="cond-operator"
            value={operator}
            onChange={(e) => {
              setOperator((e.target as HTMLSelectElement).value);
            }}
          >
            {field.operators.map(([code, label]) => (
              <option key={code} value={code}>
                {formatOperator(code, label)}
              </option>
            ))}
          </select>
          {noValue ? null : pickable && !range ? (
            all ? (
              <ValuePicker
                values={all.values}
                multiple={operator === 'in' || operator === '-in'}
                picked={raw}
                onPick={setRaw}
              />
            ) : (
              <p role="status">Loading values…</p>
            )
          ) : range ? (
            <>
              <ValueInput
                field={field}
                id="cond-from"
                label="From"
                value={raw[0] ?? ''}
                onInput={(v) => setRaw([v, raw[1] ?? ''])}
              />
              <ValueInput
                field={field}
                id="cond-to"
                label="To"
                value={raw[1] ?? ''}
                onInput={(v) => setRaw([raw[0] ?? '', v])}
              />
            </>
          ) : operator === 'in' || operator === '-in' ? (
            <ValueInput
              field={field}
              id="cond-value"
              label="Values (comma-separated)"
              value={raw.join(',')}
              onInput={(v) => setRaw(v.split(','))}
            />
          ) : (
            <ValueInput field={field} id="cond-value" label="Value" value={raw[0] ?? ''} onInput={(v) => setRaw([v])} />
          )}
          <button type="submit" disabled={value === undefined}>
            Add condition
          </button>
        </>
      )}
    </form>
  );
}
