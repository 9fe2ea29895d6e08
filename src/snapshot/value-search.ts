// Search over engine values (API.md §14 Search): which fields push their value search down, and the per-request probe.
import type { Field } from '../contract/model.ts';
import type { Pool } from '../contract/pool.ts';
import type { TableRef } from '../contract/storage.ts';
import type { Task } from '../contract/tasks.ts';
import type { TreeRef } from '../contract/tree.ts';
import { isCountedInTree } from '../catalog/tree.ts';
import type { ColumnSummary } from '../contract/engine.ts';
import { toValueTerms, type ValueHits } from '../search/index.ts';
import type { ParsedQuery } from '../search/query.ts';
import type { FieldValues } from './build/precompute.ts';
import { isPushable as isPushableType } from './build/summaries.ts';

/** SORREL_SEARCH_VALUES_PER_FIELD's default: the most distinct values of one engine field the index holds. */
export const SEARCH_VALUES_PER_FIELD = 100_000;

/**
 * A field whose value search goes to the engine. `accented`: its distinct values holding a non-ASCII
 * character, which the index holds (the engine then searches its ASCII values only), or null when
 * there are more of those than the bound too (the engine then searches every value, docs/engines.md).
 * A number's, date's or boolean's own labels are ASCII: none is accented. With a label column, the
 * labels it gives the values are searched instead (their accented ones likewise).
 */
export type PushedField = {
  dataset: string;
  column: string;
  labelColumn: string | null; // whose labels are searched (src/engine/sql/labels.ts); null: the values' own
  accented: readonly string[] | null;
};

export type PushedFields = ReadonlyMap<number, PushedField>;

/**
 * At build: every enumerable or searchable field of an engine dataset whose naive distinct values
 * number more than `bound` (src/snapshot/build/summaries.ts isHeld), with the accented labels of
 * a text field or a label column read from the engine; none read of a column `isAscii` says
 * start-up's scan found all ASCII (src/engine/describe.ts).
 */
export async function planPushedSearch(
  fields: ReadonlyMap<number, Field>,
  summaries: ReadonlyMap<number, ColumnSummary>,
  refs: ReadonlyMap<string, TableRef>,
  pool: Pool,
  bound: number,
  tree: TreeRef | null = null,
  isAscii: (dataset: string, column: string) => boolean = () => false,
): Promise<Map<number, PushedField>> {
  const accented = new Map<string, Promise<string[]>>();
  const planned: [Field, Promise<string[]>][] = [];
  for (const f of fields.values()) {
    const table = refs.get(f.dataset);
    const summary = summaries.get(f.id); // an engine field's (a tree table's: over J(T))
    if (!table?.engine || !summary || !isPushable(f)) continue;
    if (summary.distinct !== null && summary.distinct <= bound) continue;
    const k = toKey(f);
    const labelColumn = f.label_column ?? undefined;
    if ((!isText(f) && !labelColumn) || isAscii(f.dataset, labelColumn ?? f.column))
      accented.set(k, Promise.resolve([]));
    else if (!accented.has(k))
      accented.set(
        k,
        pool.run<string[]>(
          isCountedInTree(tree?.shape ?? null, f.dataset)
            ? {
                kind: 'tree-value-accented',
                tree: tree!,
                dataset: f.dataset,
                column: f.column,
                labelColumn,
                limit: bound,
              }
            : { kind: 'value-accented', table, column: f.column, labelColumn, limit: bound },
        ),
      );
    planned.push([f, accented.get(k)!]);
  }
  const pushed = new Map<number, PushedField>();
  for (const [f, task] of planned) {
    const found = await task;
    pushed.set(
      f.id,
      Object.freeze({
        dataset: f.dataset,
        column: f.column,
        labelColumn: f.label_column,
        accented: found.length > bound ? null : found,
      }),
    );
  }
  return pushed;
}

/**
 * For a built file: the engine text fields whose values the file does not hold (they were over
 * the bound when it was built, src/snapshot/build/precompute.ts isHeld) are pushed whatever this
 * process's bound, with at most SEARCH_VALUES_PER_FIELD accented values read into the index.
 */
export function planUnheldSearch(
  fields: ReadonlyMap<number, Field>,
  summaries: ReadonlyMap<number, ColumnSummary>,
  values: ReadonlyMap<number, unknown>,
  refs: ReadonlyMap<string, TableRef>,
  pool: Pool,
  tree: TreeRef | null = null,
): Promise<Map<number, PushedField>> {
  const unheld = new Map(
    [...summaries].filter(([id]) => !values.has(id)).map(([id, s]) => [id, { ...s, distinct: null }]),
  );
  return planPushedSearch(fields, unheld, refs, pool, SEARCH_VALUES_PER_FIELD, tree);
}

/**
 * Whether the engine can search a field's labels as the index would: a label column's, or its
 * values' default labels, a text's value itself, any other's as JavaScript writes it
 * (src/engine/sql/values.ts toSqlLabel).
 */
function isPushable(f: Field): boolean {
  return (f.enumerable || f.searchable) && (f.label_column !== null || isPushableType(f.internal_type));
}

/** Fields searching the same labels share one engine query: the same column with the same label column. */
function toKey(p: { dataset: string; column: string; label_column?: string | null; labelColumn?: string | null }) {
  return `${p.dataset}\0${p.column}\0${p.label_column ?? p.labelColumn ?? ''}`;
}

function isText(f: Field): boolean {
  return f.internal_type === 'text' || f.internal_type === 'char';
}

/** The labels the search index holds for a field: a pushed field's accented values, else all of them. */
export function toIndexedLabels(
  pushed: PushedFields,
  values: ReadonlyMap<number, FieldValues>,
  id: number,
): readonly string[] {
  const p = pushed.get(id);
  if (p) return p.accented ?? [];
  return values.get(id)?.labels() ?? [];
}

/**
 * Per request: asks the engine, for each pushed field `isVisible` lets through, which terms of `q`
 * some value matches (one query per column). Null when nothing needs asking, so a catalog without
 * pushed fields answers without waiting.
 */
export function probePushed(
  pushed: PushedFields,
  tableRef: (dataset: string) => TableRef,
  pool: Pool,
  q: ParsedQuery,
  isVisible: (id: number) => boolean,
  signal?: AbortSignal,
  tree: TreeRef | null = null,
): Promise<ValueHits> | null {
  const asked = new Map<string, Promise<Set<number>>>();
  const byField: [number, Promise<Set<number>>][] = [];
  for (const [id, p] of pushed) {
    if (!isVisible(id)) continue;
    const k = toKey(p);
    if (!asked.has(k)) {
      const { terms, at } = toValueTerms(q, p.accented !== null);
      if (terms.length === 0) continue;
      const { dataset, column } = p;
      const labelColumn = p.labelColumn ?? undefined;
      const asciiOnly = p.accented !== null;
      // A tree field's values are J(T)'s (API.md §12), as the index would hold them.
      const task: Task = isCountedInTree(tree?.shape ?? null, dataset)
        ? { kind: 'tree-value-match', tree: tree!, dataset, column, labelColumn, terms, asciiOnly }
        : { kind: 'value-match', table: tableRef(dataset), column, labelColumn, terms, asciiOnly };
      asked.set(
        k,
        pool.run<boolean[]>(task, signal).then((hits) => new Set(at.filter((_, i) => hits[i]))),
      );
    }
    byField.push([id, asked.get(k)!]);
  }
  if (byField.length === 0) return null;
  return Promise.all(byField.map(([, hits]) => hits)).then((sets) => new Map(byField.map(([id], i) => [id, sets[i]!])));
}
