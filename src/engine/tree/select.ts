// A tree context (API.md §6, §12) as one boolean SQL expression over the root's rows: the entities it selects.
import type { ContextCondition } from '../../contract/context.ts';
import type { TreeContextNode, TreeRef } from '../../contract/tree.ts';
import { columnType, inOperator, keyCast, quote, type Statement, tableName } from './sql.ts';

/**
 * The positive form of one condition (its operator without a leading `-`) over one row: SQL true
 * or false for the column expression given; a null row value never satisfies it. Request values
 * become escaped literals there (src/engine/sql/).
 */
export type ConditionSql = (cond: ContextCondition, column: string) => string;

/** The datasets below `dataset` on the way from it up to the root, it included (root last). */
export function upward(tree: TreeRef, dataset: string): string[] {
  const out: string[] = [];
  for (let d: string | null = dataset; d !== null; d = tree.shape.nodes[d].parent) {
    if (!tree.shape.nodes[d]) throw new Error(`Dataset '${d}' is not in the tree of '${tree.shape.root}'.`);
    out.push(d);
  }
  return out;
}

/**
 * The entities `context` selects, as an expression over a row of the root table (null: all), with
 * the datasets its subqueries read.
 * A condition on table T holds for an entity when one of its rows in J(T) satisfies it: the row
 * predicate is lifted to T's parent by an IN over the link between them (a child: the parent's
 * key IN its children's link values; a lookup: the parent's link IN the lookup's keys), and so
 * on up to the root, so dangling and null links join nothing. A negated operator is the NOT of
 * the lifted positive form (an entity without rows in J(T) satisfies it); an IN never yields
 * NULL in ClickHouse (a NULL on the left is not in any set), and the root's own predicate is made
 * 0 for a null by ifNull. Branches are AND / OR of their children; an empty `and` selects every
 * entity, an empty `or` none.
 */
export function selectSql(st: Statement, context: TreeContextNode | null, condition: ConditionSql): Selection {
  if (context === null) return { sql: null, datasets: [] };
  const node = (n: TreeContextNode): string => {
    if ('children' in n) {
      if (n.children.length === 0) return n.type === 'and' ? '1' : '0';
      return `(${n.children.map(node).join(n.type === 'and' ? ' AND ' : ' OR ')})`;
    }
    const negated = n.operator.startsWith('-');
    const positive = { ...n, operator: negated ? n.operator.slice(1) : n.operator };
    const lifted = lift(st, n.dataset, `ifNull(${condition(positive, quote(n.column))}, 0)`);
    return negated ? `NOT (${lifted})` : lifted;
  };
  return { sql: node(context), datasets: contextDatasets(st.tree, context) };
}

/** A predicate over rows of `dataset` lifted to the root's rows (an expression over the root table). */
export function lift(st: Statement, dataset: string, predicate: string): string {
  const { tree } = st;
  const path = upward(tree, dataset);
  let pred = predicate;
  for (let i = 0; i + 1 < path.length; i++) {
    const here = path[i],
      parent = path[i + 1];
    const node = tree.shape.nodes[here];
    const link = tree.shape.links[node.link];
    const cast = keyCast(columnType(tree, link.from, link.column), columnType(tree, link.to, link.key));
    const below = path.slice(0, i + 1);
    const op = inOperator(st, parent, below);
    pred =
      node.step === 'child'
        ? `${cast(quote(link.key))} ${op} (SELECT ${cast(quote(link.column))} FROM ${tableName(tree, here)} WHERE ${pred})`
        : `${cast(quote(link.column))} ${op} (SELECT ${cast(quote(link.key))} FROM ${tableName(tree, here)} WHERE ${pred})`;
  }
  return pred;
}

/** The datasets a context's subqueries read: each condition's table and those on its way to the root. */
export function contextDatasets(tree: TreeRef, context: TreeContextNode | null): string[] {
  const out = new Set<string>();
  const walk = (n: TreeContextNode) => {
    if ('children' in n) n.children.forEach(walk);
    else for (const d of upward(tree, n.dataset)) out.add(d);
  };
  if (context !== null) walk(context);
  return [...out];
}

/** An entity selection: the expression over root rows (null: all) and the datasets it reads. */
export type Selection = { sql: string | null; datasets: string[] };

/** `link IN (SELECT key FROM root WHERE selection)` over a depth-1 child's rows: its entity joined and selected. */
export function rootMembership(st: Statement, child: string, selection: Selection): string {
  const { tree } = st;
  const node = tree.shape.nodes[child];
  const link = tree.shape.links[node.link];
  const cast = keyCast(columnType(tree, link.from, link.column), columnType(tree, link.to, link.key));
  const where = selection.sql === null ? '' : ` WHERE ${selection.sql}`;
  const op = inOperator(st, child, [tree.shape.root, ...selection.datasets]);
  return `${cast(quote(link.column))} ${op} (SELECT ${cast(quote(link.key))} FROM ${tableName(tree, tree.shape.root)}${where})`;
}
