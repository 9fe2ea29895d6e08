// Linked brushing (API.md §16): a context read as a view (a base and a brushed column) and the range it asks.
import type { BrushRange } from '../contract/brush.ts';
import type { ContextCondition, ContextNode } from '../contract/context.ts';
import type { TableRef } from '../contract/storage.ts';

const RANGES = new Set(['gte', 'gt', 'lte', 'lt', 'range']);

/** A brushed reading of a context: its view (base and column) as a key, and the range it asks. */
export type BrushCandidate = {
  key: string;
  column: string;
  base: ContextNode | null;
  range: BrushRange;
  rangeKey: string;
};

/**
 * The readings of `context` as a range on one column over a base: for each column with range
 * conditions among the top-level `and`'s children (or the one condition), those conditions as the
 * range and the other children as the base. Several columns give several readings; the one whose
 * view comes back is the one indexed.
 */
export function toBrushCandidates(table: TableRef, context: ContextNode): BrushCandidate[] {
  const children = 'children' in context ? (context.type === 'and' ? context.children : []) : [context];
  const byColumn = new Map<string, ContextCondition[]>();
  for (const c of children) {
    if ('children' in c || !RANGES.has(c.operator) || !isNumeric(c.value)) continue;
    const list = byColumn.get(c.column);
    if (list) list.push(c);
    else byColumn.set(c.column, [c]);
  }
  return [...byColumn].map(([column, conditions]) => {
    const rest = children.filter((c) => !conditions.includes(c as ContextCondition));
    const base = rest.length === 0 ? null : rest.length === 1 ? rest[0] : { type: 'and' as const, children: rest };
    const range = conditions.map((c) => ({ operator: c.operator, value: c.value }) as BrushRange[number]);
    return { key: JSON.stringify([table.key, column, base]), column, base, range, rangeKey: JSON.stringify(range) };
  });
}

/** A number, or a pair of numbers: what a range on a Float64 or Int32 column holds (a 64-bit integer's is text). */
function isNumeric(value: unknown): boolean {
  return Array.isArray(value) ? value.every((v) => typeof v === 'number') : typeof value === 'number';
}
