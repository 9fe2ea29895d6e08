// J(T), the join of the root with a table of the tree (API.md §12), as pairs (entity, row of T).
import type { TreeView } from './open.ts';

/**
 * The rows of J(T): join row j belongs to entity `entity[j]` and is row `row[j]` of T; -1 in
 * either means j is not joined (a null or dangling link on the way). A null array is the
 * identity (entity j, row j), so J(root) and J of a child table cost nothing to describe.
 */
export type JoinRows = { length: number; entity: Int32Array | null; row: Int32Array | null };

// Why pairs over the rows of an anchor: a table reached from the root by child steps only (visits,
// labs) has at most one entity per row, so J(T) is T's own rows with the stored entity array.
// A lookup table (sites, pointed at by visits) has rows shared by many entities; instead of a
// row → entities list (unbounded per row), J(T) is expressed over the rows of its anchor, the
// nearest table on the way to the root whose rows belong to one entity each: one join row per
// anchor row, T's row being the anchor's link followed (a gather through the resolved links,
// composed when lookups chain). Only a child step after a lookup (a table pointing at a lookup)
// multiplies join rows; that expansion is built per call, through a counting sort of the child
// rows by parent row.

/** J(T) for `dataset`, expressed over the rows of its anchor. */
export function joinRows(tree: TreeView, dataset: string): JoinRows {
  const { nodes } = tree.shape;
  const node = nodes[dataset];
  if (!node) throw new Error(`Dataset '${dataset}' is not in the tree of '${tree.shape.root}'.`);
  const anchor = node.anchor;
  let entity = tree.entityOf(anchor);
  let length = tree.table(anchor).rows;
  if (anchor === dataset) return { length, entity, row: null };

  const steps: string[] = [];
  for (let d = dataset; d !== anchor; d = nodes[d].parent!) steps.push(d);
  steps.reverse();
  let row: Int32Array | null = null; // rows of the table reached so far, per join row; null = anchor rows
  let here = anchor;
  for (const d of steps) {
    const res = tree.resolved(nodes[d].link);
    if (nodes[d].step === 'lookup') {
      row = row === null ? res : gather(row, res);
    } else {
      const expanded = expand(row, entity, length, res, tree.table(here).rows);
      ({ row, entity, length } = expanded);
    }
    here = d;
  }
  return { length, entity, row };
}

/** out[j] = next[rows[j]], -1 staying -1. */
function gather(rows: Int32Array, next: Int32Array): Int32Array {
  const out = new Int32Array(rows.length);
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j];
    out[j] = r < 0 ? -1 : next[r];
  }
  return out;
}

/**
 * One child step: each join row at parent row p becomes one join row per child row pointing at
 * p (`toParent` maps child rows to parent rows), keeping its entity. Entities are materialised.
 */
function expand(
  row: Int32Array | null,
  entity: Int32Array | null,
  length: number,
  toParent: Int32Array,
  parents: number,
): Required<JoinRows> {
  // Child rows grouped by parent row: start[p]..start[p + 1] in `order`.
  const start = new Int32Array(parents + 1);
  for (let c = 0; c < toParent.length; c++) if (toParent[c] >= 0) start[toParent[c] + 1]++;
  for (let p = 0; p < parents; p++) start[p + 1] += start[p];
  const order = new Int32Array(start[parents]);
  const fill = start.slice(0, parents);
  for (let c = 0; c < toParent.length; c++) if (toParent[c] >= 0) order[fill[toParent[c]]++] = c;

  let total = 0;
  for (let j = 0; j < length; j++) {
    const p = row === null ? j : row[j],
      e = entity === null ? j : entity[j];
    if (p >= 0 && e >= 0) total += start[p + 1] - start[p];
  }
  const outRow = new Int32Array(total),
    outEntity = new Int32Array(total);
  for (let j = 0, k = 0; j < length; j++) {
    const p = row === null ? j : row[j],
      e = entity === null ? j : entity[j];
    if (p < 0 || e < 0) continue;
    for (let s = start[p]; s < start[p + 1]; s++, k++) {
      outRow[k] = order[s];
      outEntity[k] = e;
    }
  }
  return { length: total, entity: outEntity, row: outRow };
}
