// dist over an engine table (API.md §7, §13, §14): the engine counts the groups (bins and periods in SQL), a worker shapes them.
import type { ContextNode } from '../../contract/context.ts';
import type { EngineQuery, EngineRow, EngineTable } from '../../contract/engine.ts';
import type { InternalType } from '../../contract/model.ts';
import { toGroupLimit } from '../../contract/limits.ts';
import type { Pool } from '../../contract/pool.ts';
import type { AxisSpec, DistAnswer, DistParams, ShapeGroups } from '../../contract/tasks.ts';
import { toSqlWhere } from '../sql/context.ts';
import { toSqlIdentifier, toSqlNumber, toSqlTable } from '../sql/literal.ts';
import { engineGrid } from './grid.ts';
import { toRankedGroups } from '../groups.ts';
import { fromEngine, toSqlValue, toValueKind, type ValueKind } from '../sql/values.ts';

/**
 * Counts the rows matching `context` per combination of the axes' keys — the storage value of an
 * exact axis, the bin index of a binned one, the period ordinal of a truncated one, each the very
 * number workers/dist/axes.ts computes — then runs `shapeDistribution` on a worker (a `shape` task):
 *   SELECT <key0> AS k0, …, count() AS c FROM <table>
 *   WHERE <context> [AND isNotNull(<col>)…] GROUP BY k0, … [LIMIT maxGroups + 1]
 * The LIMIT bounds what a refused distribution transfers: one group past the limit is enough to
 * say TOO_MANY_GROUPS. A clustered distribution has no limit (API.md §13): every group comes over.
 */
export async function engineDist(
  ctx: { query: EngineQuery; pool: Pool },
  table: EngineTable,
  columns: string[],
  context: ContextNode | null,
  params: DistParams,
  signal?: AbortSignal,
): Promise<DistAnswer> {
  const axes = columns.map((c, d) => toAxis(table, c, params.axes[d] ?? { kind: 'exact' }));
  const from = toSqlTable(table.database, table.table);
  const keys = axes.map((a, d) => `${a.sql} AS k${d}`).join(', ');
  const groupBy = ` GROUP BY ${axes.map((_, d) => `k${d}`).join(', ')}`;
  const ctxWhere = toSqlWhere(context);
  const toRows = (rows: EngineRow[]) =>
    rows.map((r) => [...axes.map((a, d) => fromEngine(r[`k${d}`], a.kind)), Number(r.c)]);
  const shape = (groups: ShapeGroups) => ctx.pool.run<DistAnswer>({ kind: 'shape', groups, params }, signal);
  if (isGridded(axes, params)) {
    // §13: past maxClusterPoints groups without a null, the engine computes the grid (grid.ts).
    const notNull = columns.map((c) => `isNotNull(${toSqlIdentifier(c)})`).join(' AND ');
    const groupsSql = `SELECT ${keys}, count() AS c FROM ${from} WHERE ${ctxWhere} AND ${notNull}${groupBy}`;
    const nullRows = params.nulls
      ? await ctx.query(
          `SELECT ${keys}, count() AS c FROM ${from} WHERE ${ctxWhere} AND NOT (${notNull})${groupBy} LIMIT ${params.maxGroups + 1}`,
          signal,
        )
      : [];
    const answer = await engineGrid(
      ctx.query,
      { sql: groupsSql, dims: axes.length, finish: (q) => q },
      params.maxClusterPoints,
      signal,
    );
    if (answer.kind === 'groups') return shape(toRankedGroups(toRows([...answer.rows, ...nullRows]), axes));
    const nulls = toRows(nullRows).map((r) => ({ count: r[axes.length] as number, values: r.slice(0, axes.length) }));
    return ctx.pool.run<DistAnswer>({ kind: 'shape-cells', grid: answer.grid, nulls, params }, signal);
  }
  const where = [ctxWhere];
  if (!params.nulls) for (const c of columns) where.push(`isNotNull(${toSqlIdentifier(c)})`);
  const limit = toGroupLimit(params);
  const limited = limit === Number.POSITIVE_INFINITY ? '' : ` LIMIT ${limit + 1}`;
  const sql = axes.some((a) => a.outer)
    ? // A month, quarter or year from each row's date costs the engine two calendar look-ups per row, twice
      // the raw GROUP BY: the rows are grouped by their day (a Date has at most 65,536), the periods then
      // taken of those days and their counts added.
      `SELECT ${axes.map((a, d) => `${a.outer ? a.outer(`sorrel_p${d}`) : `sorrel_p${d}`} AS k${d}`).join(', ')}, sum(sorrel_c) AS c` +
      ` FROM (SELECT ${axes.map((a, d) => `${a.sql} AS sorrel_p${d}`).join(', ')}, count() AS sorrel_c FROM ${from}` +
      ` WHERE ${where.join(' AND ')} GROUP BY ${axes.map((_, d) => `sorrel_p${d}`).join(', ')})${groupBy}${limited}`
    : `SELECT ${keys}, count() AS c FROM ${from} WHERE ${where.join(' AND ')}${groupBy}${limited}`;
  const rows = await ctx.query(sql, signal);
  if (rows.length > limit) return shape({ size: 0, counts: new Float64Array(0), dims: [], tooMany: true });
  return shape(toRankedGroups(toRows(rows), axes));
}

/** Whether §13's grid may apply: a clustered distribution over exact number axes only (no bins, periods, dates). */
function isGridded(axes: Axis[], params: DistParams): boolean {
  return (
    params.cluster &&
    params.numeric &&
    axes.every((a, d) => a.kind === 'f64' && (params.axes[d] ?? { kind: 'exact' }).kind === 'exact')
  );
}

/**
 * An axis's key: `sql` of each row, or with `outer`, `sql` a finer key of each row (the day) and
 * `outer` the axis's key of that finer key's column, taken once per finer group.
 */
type Axis = { sql: string; kind: ValueKind; numeric: boolean; outer?: (column: string) => string };

/** The SQL key of one axis and how its values come back. */
function toAxis(table: EngineTable, column: string, axis: AxisSpec): Axis {
  const type: InternalType | undefined = table.columns[column];
  if (type === undefined) throw new Error(`Column '${column}' is not in engine table '${table.table}'.`);
  const col = toSqlIdentifier(column);
  const kind = toValueKind(type);
  if (axis.kind === 'exact') return { sql: toSqlValue(col, kind), kind, numeric: kind !== 'dict' };
  if (axis.kind === 'bins') {
    const { width, inv, base, count } = axis.bins;
    // One bin: a width of 0 (min = max), or no finite nice width (bins=1 over a range that holds 0,
    // src/common/bins.ts): every value is in bin 0 there as in workers/dist/axes.ts.
    if (width === 0 || !Number.isFinite(width))
      return { sql: `if(isNull(${col}), NULL, 0)`, kind: 'f64', numeric: true };
    const x = `toFloat64(${col})`;
    const floor = inv > 0 ? `floor(${x} * ${toSqlNumber(inv)})` : `floor(${x} / ${toSqlNumber(width)})`;
    return {
      sql: `least(greatest(${floor} - ${toSqlNumber(base)}, 0), ${count - 1})`,
      kind: 'f64',
      numeric: true,
    };
  }
  if (axis.type !== 'time' && ['year', 'quarter', 'month'].includes(axis.unit)) {
    const day = axis.type === 'date' ? col : `intDiv(toUInt32(${col}), 86400)`;
    const date = axis.type === 'date' ? (p: string) => p : (p: string) => `toDate(toUInt16(${p}))`;
    return { sql: day, kind: 'f64', numeric: true, outer: (p) => toPeriodSql(date(p), axis.unit, 'date') };
  }
  return { sql: toPeriodSql(col, axis.unit, axis.type), kind: 'f64', numeric: true };
}

/** The period ordinal of src/common/intervals.ts toPeriod, in UTC whatever the column's time zone. */
function toPeriodSql(col: string, unit: string, type: string): string {
  if (type === 'time') {
    const ms = unit === 'hour' ? 3_600_000 : 60_000;
    return `floor(toFloat64(${col}) / ${ms})`;
  }
  // Seconds since the epoch (DateTime) or days (Date): plain arithmetic is UTC.
  const s = `toUInt32(${col})`;
  if (type === 'datetime' && unit === 'hour') return `intDiv(${s}, 3600)`;
  if (type === 'datetime' && unit === 'minute') return `intDiv(${s}, 60)`;
  const days = type === 'date' ? `toUInt16(${col})` : `intDiv(${s}, 86400)`;
  if (unit === 'day') return days;
  if (unit === 'week') return `intDiv(${days} + 3, 7)`; // Monday weeks: 1970-01-01 is a Thursday
  const date = type === 'date' ? col : `toDate(toUInt16(${days}))`;
  if (unit === 'year') return `toYear(${date})`;
  if (unit === 'quarter') return `toYear(${date}) * 4 + intDiv(toMonth(${date}) - 1, 3)`;
  return `toYear(${date}) * 12 + toMonth(${date}) - 1`;
}
