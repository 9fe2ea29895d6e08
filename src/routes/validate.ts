// POST /api/fields/:id/values/: checks typed values against a field's values, as Serrano 2.3 did (a read; nothing changes).
import { toEcho } from '../common/echo.ts';
import { toJsonValue } from '../common/values.ts';
import type { Field } from '../contract/model.ts';
import { toContext } from '../http/context.ts';
import { badBody } from '../http/errors.ts';
import type { Reply, RequestContext } from '../http/route.ts';
import { toBoolParam, toSingle } from '../http/params.ts';
import { toVisibleField } from '../http/visible.ts';
import type { FieldValues } from '../snapshot/field-values.ts';
import { isSuppressedWhole, SUPPRESSED_WHOLE, toKept, toRecords, toRule } from './disclose.ts';
import { toPopulation } from './values.ts';

type Item = Record<string, unknown>;
type Lookup = { byValue: Map<string, number>; byLabel: Map<string, number> };

const lookups = new WeakMap<FieldValues, Lookup>();

/**
 * Each `{value}` or `{label}` object comes back with `value`, `label` and `valid` set: `valid` when
 * the value (in its JSON form) or the label is among the field's values the user may see (with
 * `aware=true`, those the context selects); a found item gets its counterpart, a missing one the
 * input (`value` = the label, or `label` = the value's string form). `value` wins when both are
 * given. One object in, one object out; other keys are echoed unchanged.
 */
export async function validateValues(ctx: RequestContext): Promise<Reply> {
  const { snapshot, config, query } = ctx;
  const field = toVisibleField(ctx);
  const aware = toBoolParam(query, 'aware', false);
  const context = aware ? toContext(toSingle(query, 'context'), snapshot, ctx.user, field.dataset) : null;
  const body = await ctx.readBody();
  const items = toItems(body, config.maxValidate);
  const vals = await toPopulation(ctx, field, context);
  // The small-count rule (API.md §15): which values 1..k−1 records carry is not told either.
  const rule = toRule(ctx);
  if (rule && context && isSuppressedWhole(await toKept(ctx, field, context, toRecords(vals)), rule))
    return { body: SUPPRESSED_WHOLE };
  const { byValue, byLabel } = toLookup(vals, field);

  const checked = items.map((item) => {
    if ('value' in item) {
      const i = byValue.get(toKey(item.value)!);
      return { ...item, label: i === undefined ? toText(item.value) : vals.label(i), valid: i !== undefined };
    }
    const i = byLabel.get(item.label as string);
    return {
      ...item,
      value: i === undefined ? item.label : toJsonValue(vals.values[i], field.internal_type),
      valid: i !== undefined,
    };
  });
  return { body: Array.isArray(body) ? checked : checked[0] };
}

/** The body as a list of items, or a 400 naming the first unfit one. */
function toItems(body: unknown, max: number): Item[] {
  const shape = 'a JSON array of {"value": …} or {"label": "…"} objects (or one such object)';
  const list = Array.isArray(body) ? body : isObject(body) ? [body] : null;
  if (!list) throw badBody(`The body must be ${shape}, got ${toEcho(body)}.`);
  if (list.length > max)
    throw badBody(`The body lists ${list.length} values; the limit is ${max} per request. Send them in batches.`);
  list.forEach((item, i) => {
    const where = Array.isArray(body) ? `body[${i}]` : 'body';
    if (!isObject(item)) throw badBody(`${where} must be an object with "value" or "label", got ${toEcho(item)}.`);
    if ('value' in item) {
      if (toKey(item.value) === null)
        throw badBody(`${where}.value must be a string, number, boolean or null, got ${toEcho(item.value)}.`);
    } else if (!('label' in item)) {
      throw badBody(`${where} needs "value" or "label".`);
    } else if (typeof item.label !== 'string') {
      throw badBody(`${where}.label must be a string, got ${toEcho(item.label)}.`);
    }
  });
  return list as Item[];
}

/**
 * Value → index (by JSON form, type-tagged so 1 and "1" differ) and label → index (the first
 * value in value order carrying it); built once per naive value set.
 */
function toLookup(vals: FieldValues, field: Field): Lookup {
  let l = lookups.get(vals);
  if (!l) {
    l = { byValue: new Map(), byLabel: new Map() };
    const labels = vals.labels();
    for (let i = 0; i < vals.values.length; i++) {
      l.byValue.set(toKey(toJsonValue(vals.values[i], field.internal_type))!, i);
      if (!l.byLabel.has(labels[i])) l.byLabel.set(labels[i], i);
    }
    lookups.set(vals, l);
  }
  return l;
}

/** A scalar JSON value as a type-tagged key; null for arrays and objects. Null itself never matches a value. */
function toKey(v: unknown): string | null {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return `s${v}`;
    case 'number':
      return `n${v}`;
    case 'boolean':
      return `b${v}`;
    default:
      return null;
  }
}

/** The string form of a scalar JSON value (Serrano's `smart_unicode`): null → "null". */
function toText(v: unknown): string {
  return v === null ? 'null' : String(v);
}

function isObject(v: unknown): v is Item {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
