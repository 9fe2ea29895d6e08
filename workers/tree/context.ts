// Context (API.md §6, §12) → entity mask over the root: one byte per entity, 1 = selected.
import type { TreeCondition, TreeContextNode } from '../../src/contract/tree.ts';
import { conditionMask } from '../mask/mask.ts';
import { joinRows } from './join.ts';
import type { TreeView } from './open.ts';

/**
 * The entities that `context` selects, or null when there is no context (all of them). A
 * branch combines its children's entity masks; an `and` without children selects every entity,
 * an `or` without children none, as in workers/mask/mask.ts.
 */
export function contextEntities(tree: TreeView, context: TreeContextNode | null): Uint8Array | null {
  return context === null ? null : nodeEntities(tree, context);
}

function nodeEntities(tree: TreeView, node: TreeContextNode): Uint8Array {
  if (!('children' in node)) return conditionEntities(tree, node);
  const [first, ...rest] = node.children;
  if (first === undefined) return new Uint8Array(tree.entities).fill(node.type === 'and' ? 1 : 0);
  const out = nodeEntities(tree, first); // a fresh array: safe to combine into
  for (const child of rest) {
    const m = nodeEntities(tree, child);
    if (node.type === 'and') for (let e = 0; e < out.length; e++) out[e] &= m[e];
    else for (let e = 0; e < out.length; e++) out[e] |= m[e];
  }
  return out;
}

/**
 * One condition at the entity level: an entity holds the positive form when at least one of its
 * rows in J(T) does; a negated operator is the NOT of that over the entities, so an entity
 * without any row of J(T) satisfies `-exact` (and `-isnull`).
 */
export function conditionEntities(tree: TreeView, cond: TreeCondition): Uint8Array {
  const negated = cond.operator.startsWith('-');
  const table = tree.table(cond.dataset);
  const rows = conditionMask(
    table.column(cond.column),
    { operator: negated ? cond.operator.slice(1) : cond.operator, value: cond.value },
    table.rows,
  );
  const out = anyRow(tree, cond.dataset, rows);
  if (negated) for (let e = 0; e < out.length; e++) out[e] ^= 1;
  return out;
}

/** Entities with at least one row of J(T) kept by a row mask over T. */
export function anyRow(tree: TreeView, dataset: string, rows: Uint8Array): Uint8Array {
  const out = new Uint8Array(tree.entities);
  const { length, entity, row } = joinRows(tree, dataset);
  if (entity === null && row === null) {
    out.set(rows);
    return out;
  }
  // A write only for a kept row: the entity's byte is a random access (cache-missing once the
  // entities outgrow the cache), so a selective condition touches few of them.
  for (let j = 0; j < length; j++) {
    const e = entity === null ? j : entity[j],
      t = row === null ? j : row[j];
    if (e >= 0 && t >= 0 && rows[t] !== 0) out[e] = 1;
  }
  return out;
}
