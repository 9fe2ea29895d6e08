// The context as each request sends it: which conditions apply to a field, and the query parameters.
import type { Params } from './api.ts';
import { type Brush, toBrushConditions } from './brush.ts';
import type { Field } from './types.ts';
import type { Condition, Context } from './view.ts';

/** A context as the API takes it: conditions and branches (API.md §6). */
export type ApiContext = { type: 'and' | 'or'; children: (Condition | ApiContext)[] };

/** What a request sends (`context`), how many conditions it holds, and the conditions that do not apply. */
export type Applied = { context: ApiContext | null; conditions: number; skipped: Condition[] };

/**
 * The conditions that can restrict answers about `field`: those on fields the user can see, on the
 * same dataset or on another dataset of the root's tree when `field` is in it too (`tree`: the
 * tree's datasets, API.md §12). With `field` null, those that can select the root's entities. A
 * brush (its gte and lt conditions) is ANDed with them, whether they are combined by AND or OR.
 */
export function toApplied(
  ctx: Context,
  field: Field | null,
  fields: Map<number, Field>,
  tree: Set<string> | null,
  brush: Brush | null = null,
): Applied {
  const inTree = (dataset: string) => tree?.has(dataset) ?? false;
  const applies = (c: Condition) => {
    const f = fields.get(c.field);
    if (!f) return false;
    if (!field) return inTree(f.app_name);
    return f.app_name === field.app_name || (inTree(f.app_name) && inTree(field.app_name));
  };
  const children = ctx.children.filter(applies);
  const skipped = ctx.children.filter((c) => !applies(c));
  const range = brush ? toBrushConditions(brush) : [];
  if (range.length && !applies(range[0])) skipped.push(...range);
  const brushed = range.length && applies(range[0]) ? range : [];
  const conditions = children.length + brushed.length;
  if (brushed.length === 0)
    return { context: children.length ? { type: ctx.type, children } : null, conditions, skipped };
  const base: (Condition | ApiContext)[] =
    ctx.type === 'and' || children.length < 2 ? children : [{ type: ctx.type, children }];
  return { context: { type: 'and', children: [...base, ...brushed] }, conditions, skipped };
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
