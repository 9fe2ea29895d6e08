// The small-count rule (API.md §15) applied after compute: to a field's values, a dist body, a stats body, an entity count.
import {
  appliesTo,
  isSuppressedWhole,
  SUPPRESSED_WHOLE,
  toJsonCount,
  toShownCount,
  toShownCounts,
  toShownTotal,
} from '../common/disclosure.ts';
import { isInTree } from '../catalog/tree.ts';
import type { DisclosureRule } from '../contract/disclosure.ts';
import type { Field } from '../contract/model.ts';
import type { DistinctResult } from '../contract/tasks.ts';
import type { TreeContextNode } from '../contract/tree.ts';
import type { RequestContext } from '../http/route.ts';
import { toColumnTask } from '../snapshot/column-task.ts';
import type { FieldValues } from '../snapshot/field-values.ts';
import { remember } from '../snapshot/memo.ts';

export { SUPPRESSED_WHOLE } from '../common/disclosure.ts';

/** The rule for the requesting user: the catalog's, unless it is off or the user is privileged or exempt. */
export function toRule(ctx: RequestContext): DisclosureRule | null {
  const rule = ctx.snapshot.disclosure;
  return appliesTo(rule, ctx.user) ? rule : null;
}

/**
 * How many records (root entities in a model tree) a context keeps, for the whole-answer rule.
 * `tableKept`: the number when the field's own answer already tells it (values: Σ counts + nulls;
 * stats: count + null_count), else a distinct task of the field counts it.
 */
export async function toKept(
  ctx: RequestContext,
  field: Field,
  context: TreeContextNode,
  tableKept?: number,
): Promise<number> {
  const { snapshot } = ctx;
  const tree = snapshot.tree;
  if (tree && isInTree(tree.shape, field.dataset))
    return ctx.pool.run<number>({ kind: 'tree-count', tree, context }, ctx.signal);
  if (tableKept !== undefined) return tableKept;
  const r = await ctx.pool.run<DistinctResult>(toColumnTask(snapshot, field, 'distinct', context), ctx.signal);
  let kept = r.nullCount;
  for (let i = 0; i < r.counts.length; i++) kept += r.counts[i];
  return kept;
}

/** Σ counts + nulls of a table field's values: the records they come from. */
export function toRecords(vals: FieldValues): number {
  let n = vals.nullCount;
  for (let i = 0; i < vals.counts.length; i++) n += vals.counts[i];
  return n;
}

/** A field's values as shown: each count (NaN = suppressed) over the whole list, and `null_count`. */
export type ShownValues = { counts: Float64Array; nullCount: number | null; suppressed: number };

/** The rule over a whole population of values (every page of it, so paging cannot undo it). */
export function toShownValues(vals: FieldValues, rule: DisclosureRule): ShownValues {
  const { shown, suppressed } = toShownCounts(vals.counts, rule);
  return { counts: shown, nullCount: toShownTotal(vals.nullCount, rule, suppressed > 0), suppressed };
}

/** The counts a population shows under the rule: a naive one's kept in the snapshot's memo, a context's made for the request. */
export function toShownPopulation(
  ctx: RequestContext,
  field: Field,
  context: TreeContextNode | null,
  vals: FieldValues,
  rule: DisclosureRule,
): Promise<ShownValues> {
  if (context) return Promise.resolve(toShownValues(vals, rule));
  const key = `shown-values:${field.id}`;
  return remember(ctx.snapshot, key, async () => toShownValues(vals, rule), ctx.config.memoBytes);
}

type Point = { count: number | null; values: unknown[]; labels: string[]; suppressed?: true };
type DistBody = { data: Point[]; outliers: Point[] } & Record<string, unknown>;

/** A dist body as shown: points and outliers are one list (complementary suppression over both). */
export function discloseDist(body: DistBody, rule: DisclosureRule): DistBody {
  const points = [...body.data, ...body.outliers];
  const { shown } = toShownCounts(
    points.map((p) => p.count ?? 0),
    rule,
  );
  const at = (p: Point, i: number): Point => {
    const c = toJsonCount(shown[i]);
    return c === null ? { count: null, suppressed: true, values: p.values, labels: p.labels } : { ...p, count: c };
  };
  const n = body.data.length;
  return { ...body, data: body.data.map((p, i) => at(p, i)), outliers: body.outliers.map((p, i) => at(p, n + i)) };
}

/**
 * A stats body as shown: suppressed whole when fewer than k records have a value (or `kept`, the
 * context's records, is below k); else `count` rounded, `null_count` a count of its own.
 */
export function discloseStats(
  body: Record<string, unknown> & { count: number; null_count: number },
  rule: DisclosureRule,
  kept: number | null,
): Record<string, unknown> {
  if (isSuppressedWhole(body.count, rule) || (kept !== null && isSuppressedWhole(kept, rule))) return SUPPRESSED_WHOLE;
  const nullCount = toShownCount(body.null_count, rule);
  return {
    ...body,
    count: toShownCount(body.count, rule),
    null_count: nullCount,
    ...(nullCount === null ? { suppressed: true } : {}),
  };
}

/** An entity count as shown (GET /api/, GET /api/entities/ without a context): null and `suppressed` below k. */
export function discloseEntity<T extends { count: number }>(
  entity: T,
  rule: DisclosureRule,
): T | (Omit<T, 'count'> & { count: null; suppressed: true }) {
  const count = toShownCount(entity.count, rule);
  return count === null ? { ...entity, count: null, suppressed: true } : { ...entity, count };
}

export { isSuppressedWhole, toJsonCount };
