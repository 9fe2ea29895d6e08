// A tree distribution (API.md §7, §12, §13) in SQL: J(base) joined along the dimensions' links, distinct entities per group.
import { compareCodePoints, compareDecimal } from '../../common/order.ts';
import type { EngineQuery, EngineRow } from '../../contract/engine.ts';
import type { GridCells } from '../../contract/grid.ts';
import type { DistParams, DistPoint, ShapeGroups } from '../../contract/tasks.ts';
import { engineGrid } from '../compute/grid.ts';
import type { TreeDimension } from '../../contract/tree.ts';
import { axisSql } from './axes.ts';
import { entityCount, joinedRel } from './join.ts';
import { col, expr, joinRel, type Rel, tableRel, whereOf } from './rel.ts';
import type { Selection } from './select.ts';
import { columnType, finish, keyCast, type Statement } from './sql.ts';
import { toStorage } from './values.ts';

/**
 * The groups of J(base)'s rows of selected entities by the dimensions' values, each read from the
 * row its link path reaches from the base row (ANY LEFT JOINs: a null or dangling link on the way
 * gives null), with distinct entities per group, in ascending order of their values (nulls last):
 * what workers/tree/dist.ts's treeGroups gives, before sorting, outliers and clusters. More than
 * `limit` groups → `tooMany`.
 */
export async function treeGroupsSql(
  st: Statement,
  base: string,
  dimensions: TreeDimension[],
  selection: Selection,
  params: Pick<DistParams, 'nulls' | 'axes'>,
  limit: number,
  query: EngineQuery,
  signal?: AbortSignal,
): Promise<ShapeGroups> {
  const g = groupsSql(st, base, dimensions, selection, params, params.nulls ? 'all' : 'none');
  const sql = g.sql + (Number.isFinite(limit) ? ` LIMIT ${limit + 1}` : '');
  const rows = await query(finish(st, sql), signal);
  if (rows.length > limit) return { size: 0, counts: new Float64Array(0), dims: [], tooMany: true };
  return toShapeGroups(rows, g.keys, g.types);
}

/**
 * A clustered tree distribution over number axes (API.md §13): past maxClusterPoints groups
 * without a null, the engine computes the grid (src/engine/compute/grid.ts) and the workers
 * cluster its cells (`shape-cells`); else every group comes over (at most maxClusterPoints, plus
 * the outliers) and is shaped as before. The groups holding a null (`nulls=true`) come apart, at
 * most maxGroups + 1 of them. Null when an axis is not a float or integer one (the caller counts
 * the groups as before).
 */
export async function treeGridSql(
  st: Statement,
  base: string,
  dimensions: TreeDimension[],
  selection: Selection,
  params: DistParams,
  query: EngineQuery,
  signal?: AbortSignal,
): Promise<{ kind: 'groups'; groups: ShapeGroups } | { kind: 'cells'; grid: GridCells; nulls: DistPoint[] } | null> {
  const numberAxes = dimensions.every(
    (d, k) =>
      (params.axes[k] ?? { kind: 'exact' }).kind === 'exact' &&
      GRID_TYPES.has(columnType(st.tree, d.dataset, d.column)),
  );
  if (!numberAxes) return null;
  const run = (sql: string) => query(finish(st, sql), signal);
  const g = groupsSql(st, base, dimensions, selection, params, 'none');
  const nulls = params.nulls ? groupsSql(st, base, dimensions, selection, params, 'only') : null;
  const nullRows = nulls ? await run(`${nulls.sql} LIMIT ${params.maxGroups + 1}`) : [];
  const keys = g.keys.map((k, d) => `${k} AS k${d}`).join(', ');
  const source = {
    sql: `SELECT ${keys}, _n AS c FROM (${g.sql})`,
    dims: g.keys.length,
    finish: (q: string) => finish(st, q),
  };
  const answer = await engineGrid(query, source, params.maxClusterPoints, signal);
  if (answer.kind === 'groups') {
    // Back to the names toShapeGroups reads.
    const rows = answer.rows.map((r) => Object.fromEntries([...g.keys.map((k, d) => [k, r[`k${d}`]]), ['_n', r.c]]));
    return { kind: 'groups', groups: toShapeGroups([...rows, ...nullRows], g.keys, g.types) };
  }
  const groups = toShapeGroups(nullRows, g.keys, g.types);
  const points = Array.from(groups.counts, (count, i) => ({
    count,
    values: groups.dims.map((dim) => (dim.ranks[i] === dim.values.length ? null : dim.values[dim.ranks[i]])),
  }));
  return { kind: 'cells', grid: answer.grid, nulls: points };
}

/** The types whose storage value is the number the workers cluster, written as such in SQL (decimals travel as text). */
const GRID_TYPES = new Set<string>(['float', 'key', 'integer']);

/**
 * The SQL of the groups (`_d0`, … and the entity count `_n`, no LIMIT, no settings): every group
 * (`all`), those without a null (`none`) or those with one (`only`).
 */
function groupsSql(
  st: Statement,
  base: string,
  dimensions: TreeDimension[],
  selection: Selection,
  params: Pick<DistParams, 'axes'>,
  nulls: 'all' | 'none' | 'only',
): { sql: string; keys: string[]; types: string[] } {
  const { tree } = st;
  const joined = joinedRel(st, base, selection);
  let rel = joined.rel;
  // One LEFT JOIN per first link out of the base, each bringing every dimension beyond it.
  for (const first of new Set(dimensions.filter((d) => d.path.length > 0).map((d) => d.path[0]))) {
    const beyond = dimensions.filter((d) => d.path[0] === first);
    rel = joinRel(st, rel, forwardSpec(st, base, first, beyond));
  }
  const types = dimensions.map((d) => columnType(tree, d.dataset, d.column));
  const axes = dimensions.map((d, k) =>
    axisSql(expr(rel, col(d.dataset, d.column)), types[k], params.axes[k] ?? { kind: 'exact' }),
  );
  const keys = axes.map((_, k) => `_d${k}`);
  const notNull = keys.map((k) => `isNotNull(${k})`).join(' AND ');
  const condition = nulls === 'all' ? '' : nulls === 'none' ? notNull : `NOT (${notNull})`;
  const where = condition === '' ? '' : `${whereOf(rel) ? ' AND ' : ' WHERE '}${condition}`;
  const sql =
    `SELECT ${axes.map((a, k) => `${a} AS ${keys[k]}`).join(', ')}, ${entityCount(joined, rel)} AS _n` +
    ` FROM ${rel.from}${whereOf(rel)}${where} GROUP BY ${keys.join(', ')}`;
  const exact = dimensions.map((_, k) => (params.axes[k] ?? { kind: 'exact' }).kind === 'exact');
  return { sql, keys, types: dimensions.map((_, k) => (exact[k] ? types[k] : 'float')) };
}

/**
 * The ANY LEFT JOIN that follows link `first` out of `from` and brings the dimensions beyond it:
 * the table it reaches, LEFT JOINed in turn (nested on the right) to the tables further on.
 */
function forwardSpec(st: Statement, from: string, first: number, dims: TreeDimension[]) {
  const { tree } = st;
  const link = tree.shape.links[first];
  const cast = keyCast(columnType(tree, link.from, link.column), columnType(tree, link.to, link.key));
  let right: Rel = tableRel(st, link.to);
  const rest = dims.filter((d) => d.path.length > 1).map((d) => ({ ...d, path: d.path.slice(1) }));
  for (const next of new Set(rest.map((d) => d.path[0]))) {
    const beyond = rest.filter((d) => d.path[0] === next);
    right = joinRel(st, right, forwardSpec(st, link.to, next, beyond));
  }
  if (link.from !== from) throw new Error(`Link ${first} does not leave '${from}'.`);
  return {
    left: (cols: Record<string, string>) => cast(cols[col(link.from, link.column)]),
    right,
    rightKey: (cols: Record<string, string>) => cast(cols[col(link.to, link.key)]),
    keep: [...new Set(dims.map((d) => col(d.dataset, d.column)))],
    strict: 'ANY' as const,
    kind: 'LEFT' as const,
  };
}

/** Rows of (axis values…, count) → groups in value order, nulls last, as the workers rank them. */
function toShapeGroups(rows: EngineRow[], keys: string[], types: string[]): ShapeGroups {
  const values = keys.map((k, d) => rows.map((r) => toStorage(r[k], types[d] as never)));
  const dims = keys.map((_, d) => {
    const distinct = [...new Set(values[d].filter((v) => v !== null))] as (number | string)[];
    distinct.sort(compareValues(types[d]));
    const rank = new Map(distinct.map((v, i) => [v, i]));
    const numeric = types[d] !== 'text' && types[d] !== 'char';
    return {
      values: distinct,
      numbers: numeric ? Float64Array.from(distinct, Number) : null,
      rank: (v: number | string | null) => (v === null ? distinct.length : rank.get(v)!),
    };
  });
  const order = rows.map((_, i) => i);
  const ranksOf = (i: number) => dims.map((dim, d) => dim.rank(values[d][i]));
  const ranked = order.map(ranksOf);
  order.sort((a, b) => {
    for (let d = 0; d < dims.length; d++) if (ranked[a][d] !== ranked[b][d]) return ranked[a][d] - ranked[b][d];
    return 0;
  });
  return {
    size: rows.length,
    counts: Float64Array.from(order, (i) => Number(rows[i]._n)),
    dims: dims.map((dim, d) => ({
      values: dim.values,
      numbers: dim.numbers,
      ranks: Int32Array.from(order, (i) => ranked[i][d]),
    })),
    tooMany: false,
  };
}

/** Ascending order of storage values: numbers, decimal text of 64-bit integers by value, strings by code point (src/common/order.ts). */
function compareValues(type: string): (a: number | string, b: number | string) => number {
  if (type === 'biginteger') return (a, b) => compareDecimal(a as string, b as string); // toString's text
  if (type === 'text' || type === 'char') return (a, b) => compareCodePoints(a as string, b as string);
  return (a, b) => (a as number) - (b as number);
}
