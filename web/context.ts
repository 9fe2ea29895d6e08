// The context as each request sends it: which conditions apply to a field, and the query parameters.
import type { Params } from './api.ts';
import type { Field } from './types.ts';
import type { Condition, Context } from './view.ts';

export type Applied = { context: Context | null; skipped: Condition[] };

/**
 * The conditions that can restrict answers about `field`: those on fields the user can see, on the
 * same dataset or on another dataset of the root's tree when `field` is in it too (`tree`: the
 * tree's datasets, API.md §12). With `field` null, those that can select the root's entities.
 */
export function toApplied(
  ctx: Context,
  field: Field | null,
  fields: Map<number, Field>,
  tree: Set<string> | null,
): Applied {
  const inTree = (dataset: string) => tree?.has(dataset) ?? false;
  const applies = (c: Condition) => {
    const f = fields.get(c.field);
    if (!f) return false;
    if (!field) return inTree(f.app_name);
    return f.app_name === field.app_name || (inTree(f.app_name) && inTree(field.app_name));
  };
  const children = ctx.children.filter(applies);
  return {
    context: children.length ? { type: ctx.type, children } : null,
    skipped: ctx.children.filter((c) => !applies(c)),
  };
}

/** " (2 conditions on other datasets do not apply)", or ''. */
export const toSkippedNote = (applied: Applied, where: string) =>
  applied.skipped.length === 0
    ? ''
    : ` (${applied.skipped.length} condition${applied.skipped.length === 1 ? ' is' : 's are'} on ${where} and do${applied.skipped.length === 1 ? 'es' : ''} not apply)`;

/** `aware=true&context=…` when a context applies, else nothing (context-naive answers). */
export function toContextParams(applied: Applied): Params {
  return applied.context ? { aware: 'true', context: JSON.stringify(applied.context) } : {};
}

/** A condition value from what the user typed or picked, in the field's JSON form; undefined if invalid. */
export function toConditionValue(field: Field, operator: string, raw: string[]): unknown {
  const one = (s: string): unknown => {
    const t = s.trim();
    if (t === '') return undefined;
    if (field.simple_type === 'number') return Number.isFinite(Number(t)) ? Number(t) : undefined;
    if (field.simple_type === 'boolean') return t === 'true' ? true : t === 'false' ? false : undefined;
    return t;
  };
  if (operator === 'isnull' || operator === '-isnull') return true;
  const values = raw.map(one);
  if (values.length === 0 || values.some((v) => v === undefined)) return undefined;
  if (operator === 'in' || operator === '-in') return values;
  if (operator === 'range' || operator === '-range') return values.length === 2 ? values : undefined;
  return values[0];
}
