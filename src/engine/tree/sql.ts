// SQL over the tables of a model tree in an engine: names, key casts, and where a join or IN runs (GLOBAL or on each shard).
import type { EngineTable } from '../../contract/engine.ts';
import type { InternalType } from '../../contract/model.ts';
import type { TreeRef } from '../../contract/tree.ts';
import { toSqlIdentifier } from '../sql/literal.ts';

/** A backquoted identifier (names come from the catalog and the engine only, never from a request). */
export const quote = toSqlIdentifier;

/** The engine table of a dataset of the tree; throws for a dataset held in memory. */
export function engineTable(tree: TreeRef, dataset: string): EngineTable {
  const t = tree.tables[dataset]?.engine;
  if (!t) throw new Error(`Dataset '${dataset}' of the tree of '${tree.shape.root}' is not an engine table.`);
  return t;
}

/** `database`.`table` of a dataset. */
export function tableName(tree: TreeRef, dataset: string): string {
  const t = engineTable(tree, dataset);
  return `${quote(t.database)}.${quote(t.table)}`;
}

/** The internal type of a column of a dataset of the tree. */
export function columnType(tree: TreeRef, dataset: string, column: string): InternalType {
  const type = engineTable(tree, dataset).columns[column];
  if (type === undefined) throw new Error(`Dataset '${dataset}' has no column '${column}'.`);
  return type;
}

/**
 * The cast that makes a link column and a key column comparable: ClickHouse refuses IN and JOIN
 * between different types (Int32 against Int64 included), and the catalog knows internal types,
 * not the engine's. Both sides go to one type of their family: whole numbers to Int64, other
 * numbers to Float64 (a non-whole link value then matches no key, as in memory), strings to String.
 */
export function keyCast(a: InternalType, b: InternalType): (expr: string) => string {
  const whole = (t: InternalType) => t === 'integer' || t === 'biginteger';
  const fn =
    whole(a) && whole(b)
      ? 'toInt64'
      : NUMBER.has(a) && NUMBER.has(b)
        ? 'toFloat64'
        : a === 'char' || a === 'text'
          ? 'toString'
          : null;
  return fn === null ? (expr) => expr : (expr) => `${fn}(${expr})`;
}

const NUMBER = new Set<InternalType>(['integer', 'biginteger', 'float', 'decimal', 'key']);

/**
 * True when a dataset's rows can be joined on each shard: it declares `root_key` (its Distributed
 * table is sharded by the root entity) and its rows belong to one entity each (the root, or reached
 * from it by child steps only). A lookup table is shared by many entities, so it never is.
 */
export function isCoSharded(tree: TreeRef, dataset: string): boolean {
  const node = tree.shape.nodes[dataset];
  return node !== undefined && node.anchor === dataset && !!tree.tables[dataset]?.engine?.rootKey;
}

/**
 * One statement being built: fresh aliases, and whether a plain (shard-local) IN or JOIN was
 * written, which needs `distributed_product_mode = 'local'` (ClickHouse then reads the subquery's
 * Distributed tables as their local tables on each shard; without it a plain IN over two
 * Distributed tables is refused).
 */
export type Statement = { tree: TreeRef; aliases: number; local: boolean };

export function newStatement(tree: TreeRef): Statement {
  return { tree, aliases: 0, local: false };
}

/** A fresh alias, distinct from every other of the statement. */
export function alias(st: Statement): string {
  return `_s${++st.aliases}`;
}

/**
 * `IN` when the outer table and every table inside the subquery are co-sharded, else `GLOBAL IN`
 * (the subquery runs once and its result goes to every shard: right whatever the sharding).
 * A GLOBAL subquery nested in a local one is evaluated on each shard against that shard's rows
 * (measured on 18.16), so a subquery holding any GLOBAL is GLOBAL itself: callers pass every
 * dataset the subquery reads.
 */
export function inOperator(st: Statement, outer: string | null, inner: readonly string[]): string {
  return isLocal(st, outer, inner) ? 'IN' : 'GLOBAL IN';
}

/** `` or `GLOBAL ` before a JOIN, by the same rule as inOperator. */
export function joinPrefix(st: Statement, outer: string | null, inner: readonly string[]): string {
  return isLocal(st, outer, inner) ? '' : 'GLOBAL ';
}

function isLocal(st: Statement, outer: string | null, inner: readonly string[]): boolean {
  const local = outer !== null && [outer, ...inner].every((d) => isCoSharded(st.tree, d));
  if (local) st.local = true;
  return local;
}

/** The statement's text with the settings its IN and JOIN operators need. */
export function finish(st: Statement, sql: string): string {
  return st.local ? `${sql} SETTINGS distributed_product_mode = 'local'` : sql;
}
