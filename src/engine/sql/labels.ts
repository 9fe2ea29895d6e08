// A label column's labels on the engine (API.md §3 `label_column`, §14): per value, the label most of its records carry, as memory chooses it.
import type { InternalType } from '../../contract/model.ts';
import type { EngineTable } from '../../contract/engine.ts';
import { toSqlIdentifier, toSqlNumber, toSqlString, toSqlTable } from './literal.ts';
import { toSqlLabel, toSqlValue, toValueKind } from './values.ts';

/** A field's label column: its name and internal type (its values' labels are written as toSqlLabel writes them). */
export type LabelColumn = { name: string; type: InternalType };

/** A label as text: a FixedString's bytes as a String (18.16 finds no common type for String and FixedString). */
function toText(label: string, type: InternalType): string {
  return toValueKind(type) === 'dict' ? `toString(${label})` : label;
}

/**
 * One row per non-null value of `column` in `from` (every row of the table, whatever a request's
 * context: a value's label does not depend on it), `sorrel_k` the value as `assumeNotNull(column)`
 * (a values page's group key, src/engine/compute/page.ts) and `sorrel_label` its label: of the
 * labels its records carry (nulls apart), the one most of them carry, ties broken by the smallest
 * label text in code-point order (what UTF-8 bytes sort as), as src/snapshot/build/labels-from.ts
 * chooses in memory; a value none of whose records carries a label has its default label. `where`
 * keeps only some values (a SQL condition on the table's rows). The engine counts each (value,
 * label) pair and sorts each value's pairs by (−count, label): one row per value crosses.
 */
export function toSqlLabelTable(
  from: string,
  column: string,
  type: InternalType,
  label: LabelColumn,
  where = '1',
): string {
  const c = toSqlIdentifier(column);
  const l = toSqlIdentifier(label.name);
  const text = toText(toSqlLabel(`assumeNotNull(${l})`, toValueKind(label.type)), label.type);
  const pairs =
    `SELECT assumeNotNull(${c}) AS sorrel_k, isNotNull(${l}) AS sorrel_has, ${text} AS sorrel_t, count() AS sorrel_n` +
    ` FROM ${from} WHERE isNotNull(${c}) AND (${where}) GROUP BY ${c}, ${l}`;
  // The first of the value's (−count, label) pairs; an empty array's first element is the default tuple, unused then.
  const best = 'tupleElement(arraySort(groupArrayIf((-toInt64(sorrel_n), sorrel_t), sorrel_has = 1))[1], 2)';
  const fallback = toText(toSqlLabel('sorrel_k', toValueKind(type)), type);
  return `SELECT sorrel_k, if(max(sorrel_has) = 1, ${best}, ${fallback}) AS sorrel_label FROM (${pairs}) GROUP BY sorrel_k`;
}

/** toSqlLabelTable over an engine table's column and label column (their types from the table). */
export function toEngineLabelTable(table: EngineTable, column: string, labelColumn: string, where?: string): string {
  const type = table.columns[column];
  const labelType = table.columns[labelColumn];
  if (type === undefined || labelType === undefined)
    throw new Error(`Column '${type === undefined ? column : labelColumn}' is not in engine table '${table.table}'.`);
  const from = toSqlTable(table.database, table.table);
  return toSqlLabelTable(from, column, type, { name: labelColumn, type: labelType }, where);
}

/**
 * A condition keeping the rows whose `column` holds one of `values` (storage units, src/contract/storage.ts):
 * each an escaped literal compared with the value's storage form (toSqlValue), a FixedString as its text.
 */
export function toSqlValueIn(column: string, type: InternalType, values: readonly (number | string)[]): string {
  const kind = toValueKind(type);
  const c = toSqlIdentifier(column);
  if (values.length === 0) return '0';
  switch (kind) {
    case 'dict':
      return `toString(${c}) IN (${values.map((v) => toSqlString(v as string)).join(', ')})`;
    case 'i64':
      return `toString(${c}) IN (${values.map((v) => toSqlString(String(v))).join(', ')})`;
    case 'f64': {
      const x = toSqlValue(c, kind);
      const finite = values.filter((v) => Number.isFinite(v));
      const odd = finite.length < values.length ? ` OR NOT isFinite(${x})` : '';
      if (finite.length === 0) return `NOT isFinite(${x})`;
      return `${x} IN (${finite.map((v) => toSqlNumber(v as number)).join(', ')})${odd}`;
    }
    case 'datetime':
      return `${toSqlValue(c, kind)} IN (${values.map((v) => String(Math.floor((v as number) / 1000))).join(', ')})`;
    default:
      return `${toSqlValue(c, kind)} IN (${values.map((v) => String(v)).join(', ')})`;
  }
}
