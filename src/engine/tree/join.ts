// J(T) in SQL (API.md §12): the rows of a table of the tree joined to their root entity, and the tables a base reaches.
import type { TreeRef } from '../../contract/tree.ts';
import { col, expr, joinRel, type JoinSpec, type Rel, tableRel } from './rel.ts';
import { rootMembership, type Selection, upward } from './select.ts';
import { columnType, finish, keyCast, quote, type Statement } from './sql.ts';
import type { PageSource } from '../compute/page.ts';

/** The logical name of a relation's entity column (the root key of each row's entity). */
export const ENTITY = '#e';

/**
 * J(T) as a relation over which to aggregate: T's columns by logical name and, when the root has
 * a key, ENTITY. `once`: every row of it is a different entity (J of the root, or of a lookup
 * chain from it), so count() counts entities; else distinct entities are uniqExact(ENTITY).
 */
export type Joined = { rel: Rel; once: boolean };

/** The count of distinct entities over `rel` (J(T), or J(T) joined further): count() or uniqExact(ENTITY). */
export function entityCount(joined: Joined, rel: Rel = joined.rel): string {
  return joined.once ? 'count()' : `uniqExact(${expr(rel, ENTITY)})`;
}

/**
 * The values of `dataset.column` over J(T) of the selected entities as the table answers read them
 * (src/engine/compute: stats, summary, values pages): the join, its condition, the column's
 * expression and type, the statement's settings, and `count`, the distinct entities of a group.
 */
export function joinedSource(st: Statement, dataset: string, column: string, selection: Selection): PageSource {
  const joined = joinedRel(st, dataset, selection);
  const { rel } = joined;
  return {
    from: rel.from,
    where: rel.where.length ? rel.where.map((w) => `(${w})`).join(' AND ') : '1',
    column: expr(rel, col(dataset, column)),
    type: columnType(st.tree, dataset, column),
    finish: (sql) => finish(st, sql),
    count: entityCount(joined),
  };
}

/**
 * J(T) restricted to the selected entities. Its rows start from T's anchor (the nearest table on
 * the way to the root whose rows belong to one entity each, API.md §12): the anchor's rows carry
 * their entity (the root's key; a depth-1 child's link, kept when it is among the selected root
 * keys; deeper, the parent's entity by an ANY JOIN on the parent's key), then follow the path down
 * to T, one JOIN a step: ANY to a lookup (a unique key), ALL to a child (every row pointing at
 * it) and to a lookup with children below it. Inner joins throughout: a null or dangling link joins nothing, as in memory.
 */
export function joinedRel(st: Statement, dataset: string, selection: Selection): Joined {
  const { tree } = st;
  const anchor = tree.shape.nodes[dataset].anchor;
  const base = anchoredRel(st, anchor, selection);
  const down = upward(tree, dataset);
  const path = down.slice(0, down.indexOf(anchor)).reverse(); // from the anchor's next table to T
  const once = anchor === tree.shape.root && path.every((d) => tree.shape.nodes[d].step === 'lookup');
  let rel = base;
  if (path.length > 0) {
    const keep = Object.keys(tableRel(st, dataset).cols);
    // Below a child step a key matches several rows: every join above it is ALL.
    const many = (i: number) => path.slice(i).some((d) => tree.shape.nodes[d].step === 'child');
    let right = tableRel(st, dataset);
    for (let i = path.length - 1; i >= 1; i--)
      right = joinRel(st, tableRel(st, path[i - 1]), step(tree, path[i], right, keep, many(i)));
    rel = joinRel(st, base, step(tree, path[0], right, keep, many(0)));
  }
  if (!once && !(ENTITY in rel.cols))
    throw new Error(
      `The root '${tree.shape.root}' has no key, and rows of '${dataset}' may belong to several of its rows: an engine tree needs a root key to count them.`,
    );
  return { rel, once };
}

/** Rows of a dataset whose rows belong to one entity each (an anchor), joined and selected, with ENTITY. */
export function anchoredRel(st: Statement, dataset: string, selection: Selection): Rel {
  const { tree } = st;
  const node = tree.shape.nodes[dataset];
  const rel = tableRel(st, dataset);
  if (node.step === 'root') {
    if (selection.sql !== null) rel.where.push(selection.sql);
    rel.datasets.push(...selection.datasets);
    const key = rootKey(st);
    if (key !== null) rel.cols[ENTITY] = keyCast(key.type, key.type)(quote(key.column));
    return rel;
  }
  if (node.step !== 'child' || node.anchor !== dataset)
    throw new Error(`Rows of '${dataset}' do not belong to one entity each.`);
  const link = tree.shape.links[node.link];
  const cast = keyCast(columnType(tree, link.from, link.column), columnType(tree, link.to, link.key));
  if (node.depth === 1) {
    rel.where.push(rootMembership(st, dataset, selection));
    rel.datasets.push(tree.shape.root, ...selection.datasets);
    rel.cols[ENTITY] = cast(quote(link.column));
    return rel;
  }
  const parent = anchoredRel(st, node.parent!, selection);
  return joinRel(st, rel, {
    left: (cols) => cast(cols[col(dataset, link.column)]),
    right: parent,
    rightKey: (cols) => cast(cols[col(link.to, link.key)]),
    keep: [ENTITY],
    strict: 'ANY',
    kind: 'INNER',
  });
}

/** The root's key column and type, or null for a root without a key. */
function rootKey(st: Statement): { column: string; type: ReturnType<typeof columnType> } | null {
  const { tree } = st;
  const { root, links } = tree.shape;
  // The column links to the root name, else its declared root_key; a root that neither has needs
  // none while each entity has at most one row in every J(T) (lookups only).
  const column = links.find((l) => l.to === root)?.key ?? tree.tables[root]?.engine?.rootKey ?? null;
  if (column === null) return null;
  return { column, type: columnType(tree, root, column) };
}

/**
 * The JOIN from `parent` one step down to `next` (the next table on the path), `right` being the
 * relation of `next` and what lies below it; `keep` the columns carried up; `many` when a key may
 * match several rows of `right` (a child step at or below `next`).
 */
function step(tree: TreeRef, next: string, right: Rel, keep: readonly string[], many: boolean): JoinSpec {
  const node = tree.shape.nodes[next];
  const link = tree.shape.links[node.link];
  const cast = keyCast(columnType(tree, link.from, link.column), columnType(tree, link.to, link.key));
  return node.step === 'lookup'
    ? {
        left: (cols) => cast(cols[col(link.from, link.column)]),
        right,
        rightKey: (cols) => cast(cols[col(link.to, link.key)]),
        keep,
        strict: many ? 'ALL' : 'ANY',
        kind: 'INNER',
      }
    : {
        left: (cols) => cast(cols[col(link.to, link.key)]),
        right,
        rightKey: (cols) => cast(cols[col(link.from, link.column)]),
        keep,
        strict: 'ALL',
        kind: 'INNER',
      };
}
