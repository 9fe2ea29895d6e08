// distinct, stats and profile over an engine table (API.md §4, §8, §14): one GROUP BY of the column's values, shaped as the workers shape theirs.
import type { ContextNode } from '../../contract/context.ts';
import type { EngineQuery, EngineTable } from '../../contract/engine.ts';
import type { InternalType } from '../../contract/model.ts';
import type { Pool } from '../../contract/pool.ts';
import type { DistinctResult, ProfileResult, ProfileValues, StatsResult, ValueRuns } from '../../contract/tasks.ts';
import { toSqlWhere } from '../sql/context.ts';
import { toSqlIdentifier, toSqlTable } from '../sql/literal.ts';
import { statsSql } from './stats.ts';
import { fromEngine, toComparator, toSqlValue, toValueKind, type ValueKind } from '../sql/values.ts';

/**
 * The column's distinct values among the rows that match `context`, with their counts, ascending
 * (numbers numerically, 64-bit integers exactly, strings by code point), and its nulls:
 *   SELECT <value> AS v, count() AS c FROM <table> WHERE <context> GROUP BY v
 * With `groupsUpTo`, at most that many groups (the nulls' one included) are read and sent: the
 * engine stops past it (`max_rows_to_group_by`, TOO_MANY_ROWS) and `LIMIT` caps what crosses.
 */
export async function engineDistinct(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  context: ContextNode | null,
  signal?: AbortSignal,
  groupsUpTo?: number,
): Promise<DistinctResult> {
  const kind = toValueKind(typeOf(table, column));
  const sql = `SELECT ${toSqlValue(toSqlIdentifier(column), kind)} AS v, count() AS c FROM ${toSqlTable(table.database, table.table)} WHERE ${toSqlWhere(context)} GROUP BY v`;
  const rows =
    groupsUpTo === undefined
      ? await query(sql, signal)
      : await query(`${sql} LIMIT ${groupsUpTo}`, signal, { settings: { max_rows_to_group_by: groupsUpTo } });
  const out: DistinctResult = { values: [], counts: [], nullCount: 0 };
  const runs: [number | string, number][] = [];
  for (const row of rows) {
    const v = fromEngine(row.v, kind);
    if (v === null) out.nullCount = Number(row.c);
    else runs.push([v, Number(row.c)]);
  }
  const compare = toComparator(kind);
  runs.sort((a, b) => compare(a[0], b[0]));
  for (const [v, c] of runs) {
    out.values.push(v);
    out.counts.push(c);
  }
  return out;
}

/**
 * The naive distinct values of `column` when there are at most `upTo` of them, else null: the
 * GROUP BY of engineDistinct with at most upTo + 2 groups (the values and the nulls' group, and
 * one more). The engine checks `max_rows_to_group_by` block by block and stops at it with
 * TOO_MANY_ROWS (158), so a column with many values is read no further than that; groups spread
 * over threads or shards may each stay under the limit and together pass it, and then `LIMIT`
 * sends upTo + 2 of them: more than upTo values, also null. Start-up reads a field it may hold
 * this way, its count and values in one scan (src/engine/compute/summary.ts).
 */
export async function engineDistinctUpTo(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  upTo: number,
  signal?: AbortSignal,
): Promise<DistinctResult | null> {
  try {
    const read = await engineDistinct(query, table, column, null, signal, upTo + 2);
    return read.values.length <= upTo ? read : null;
  } catch (err) {
    if (isTooManyRows(err)) return null;
    throw err;
  }
}

/** Whether an engine failure is TOO_MANY_ROWS (158): the client's EngineUnavailableError keeps the code on its cause. */
function isTooManyRows(err: unknown): boolean {
  const e = err as { message?: string; cause?: { code?: string } };
  return e.cause?.code === '158' || /\bCode: 158[,.]/.test(e.message ?? '');
}

/**
 * Stats of a number, date or datetime column, computed by the engine (src/engine/compute/stats.ts):
 * a few aggregate rows cross the wire, never the column's distinct values.
 */
export async function engineStats(
  ctx: { query: EngineQuery; pool: Pool },
  table: EngineTable,
  column: string,
  context: ContextNode | null,
  signal?: AbortSignal,
): Promise<StatsResult> {
  const type = typeOf(table, column);
  const kind = toValueKind(type);
  if (kind === 'dict' || kind === 'bool') throw new Error(`Stats do not apply to a ${kind} column.`);
  const source = {
    from: toSqlTable(table.database, table.table),
    where: toSqlWhere(context),
    column: toSqlIdentifier(column),
    type,
  };
  return statsSql(ctx.query, source, signal);
}

/**
 * A column's context-naive profile, in the form workers/values/profile.ts gives it: distinct values and
 * stats when asked and numeric, a number column's runs then as typed arrays (counts in the
 * narrowest type that holds the longest run).
 */
export async function engineProfile(
  ctx: { query: EngineQuery; pool: Pool },
  table: EngineTable,
  column: string,
  withStats: boolean,
  signal?: AbortSignal,
): Promise<ProfileResult> {
  const type = typeOf(table, column);
  const kind = toValueKind(type);
  const distinct = await engineDistinct(ctx.query, table, column, null, signal);
  if (!withStats || kind === 'dict' || kind === 'bool') return { distinct, stats: null };
  const stats = await statsOf(ctx.pool, distinct, kind, type, signal);
  return { distinct: kind === 'i64' ? distinct : toTypedRuns(distinct), stats };
}

function toTypedRuns(distinct: DistinctResult): ProfileValues {
  const longest = distinct.counts.reduce((m, c) => Math.max(m, c), 0);
  const Counts =
    longest <= 0xff
      ? Uint8Array
      : longest <= 0xffff
        ? Uint16Array
        : longest <= 0xffff_ffff
          ? Uint32Array
          : Float64Array;
  return {
    values: Float64Array.from(distinct.values as number[]),
    counts: Counts.from(distinct.counts),
    nullCount: distinct.nullCount,
  };
}

function statsOf(
  pool: Pool,
  distinct: DistinctResult,
  kind: ValueKind,
  type: InternalType,
  signal?: AbortSignal,
): Promise<StatsResult> {
  // The storage array of the column: i32 for dates and times, i64, else f64 (datetime: temporal).
  const values =
    kind === 'i64'
      ? BigInt64Array.from(distinct.values, (v) => BigInt(v))
      : kind === 'date' || type === 'time'
        ? Int32Array.from(distinct.values as number[])
        : Float64Array.from(distinct.values as number[]);
  const runs: ValueRuns = {
    values,
    counts: Float64Array.from(distinct.counts),
    nullCount: distinct.nullCount,
    temporal: kind === 'date' || kind === 'datetime' || type === 'time',
  };
  return pool.run<StatsResult>({ kind: 'shape-stats', runs }, signal);
}

function typeOf(table: EngineTable, column: string): InternalType {
  const type = table.columns[column];
  if (type === undefined) throw new Error(`Column '${column}' is not in engine table '${table.table}'.`);
  return type;
}
