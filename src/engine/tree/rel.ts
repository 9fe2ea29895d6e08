// Relations of a tree statement: a table, or a table with one JOIN, whose columns are named by dataset and column.
import { alias, joinPrefix, quote, type Statement, tableName } from './sql.ts';

/**
 * What follows FROM, with the expressions of its columns. `from` holds at most one JOIN
 * (ClickHouse 18.16 takes one per SELECT): a second one wraps the relation in a subquery first.
 * `outer` is the dataset whose table is the relation's main table (null once wrapped): a JOIN or
 * IN on it may stay on each shard when both sides are co-sharded (sql.ts). `datasets` are every
 * table the relation reads.
 */
export type Rel = {
  from: string;
  cols: Record<string, string>;
  where: string[];
  joined: boolean;
  outer: string | null;
  datasets: string[];
};

/** The logical name of a column of a dataset in a relation. */
export function col(dataset: string, column: string): string {
  return `${dataset}.${column}`;
}

/** A dataset's table, every column by its logical name. */
export function tableRel(st: Statement, dataset: string): Rel {
  const columns = Object.keys(st.tree.tables[dataset]?.engine?.columns ?? {});
  return {
    from: tableName(st.tree, dataset),
    cols: Object.fromEntries(columns.map((c) => [col(dataset, c), quote(c)])),
    where: [],
    joined: false,
    outer: dataset,
    datasets: [dataset],
  };
}

/** `SELECT <names as fresh aliases> FROM … WHERE …`, and the aliases by name. */
export function project(
  st: Statement,
  rel: Rel,
  names: readonly string[],
  wrap: (expr: string) => string = (e) => e,
): { sql: string; cols: Record<string, string> } {
  const cols: Record<string, string> = {};
  const list = names.map((n) => {
    const a = alias(st);
    cols[n] = a;
    return `${wrap(expr(rel, n))} AS ${a}`;
  });
  return { sql: `SELECT ${list.join(', ')} FROM ${rel.from}${whereOf(rel)}`, cols };
}

/** The relation as a subquery keeping `names` (all its columns by default). */
export function wrapRel(st: Statement, rel: Rel, names: readonly string[] = Object.keys(rel.cols)): Rel {
  const { sql, cols } = project(st, rel, names);
  return { from: `(${sql})`, cols, where: [], joined: false, outer: null, datasets: rel.datasets };
}

export type JoinSpec = {
  /** The join key over the left relation's columns. */
  left: (cols: Record<string, string>) => string;
  right: Rel;
  /** The join key over the right relation's columns. */
  rightKey: (cols: Record<string, string>) => string;
  /** Right columns the result keeps (logical names). */
  keep: readonly string[];
  /** ANY: one right row per key (a unique key); ALL: every matching row. */
  strict: 'ANY' | 'ALL';
  /** LEFT keeps unmatched left rows, the kept right columns then null. */
  kind: 'INNER' | 'LEFT';
};

/** `left <GLOBAL> strict kind JOIN (right) ON key = key`: the left relation's main table stays the main table. */
export function joinRel(st: Statement, left: Rel, spec: JoinSpec): Rel {
  const l = left.joined ? wrapRel(st, left) : left;
  const key = alias(st);
  const nullable = (e: string) => (spec.kind === 'LEFT' ? `toNullable(${e})` : e);
  const kept = project(st, spec.right, spec.keep, nullable);
  const rightSql = `SELECT ${spec.rightKey(spec.right.cols)} AS ${key}, ${kept.sql.slice('SELECT '.length)}`;
  const prefix = joinPrefix(st, l.outer, spec.right.datasets);
  return {
    from: `${l.from} ${prefix}${spec.strict} ${spec.kind} JOIN (${rightSql}) ON ${spec.left(l.cols)} = ${key}`,
    cols: { ...l.cols, ...kept.cols },
    where: l.where,
    joined: true,
    outer: l.outer,
    datasets: [...l.datasets, ...spec.right.datasets],
  };
}

/** The expression of a column of the relation; throws for a name it does not hold. */
export function expr(rel: Rel, name: string): string {
  const e = rel.cols[name];
  if (e === undefined) throw new Error(`No column '${name}' in this relation.`);
  return e;
}

/** ` WHERE a AND b`, or nothing. */
export function whereOf(rel: Rel): string {
  return rel.where.length ? ` WHERE ${rel.where.map((w) => `(${w})`).join(' AND ')}` : '';
}
