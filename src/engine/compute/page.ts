// A page of a field's values on the engine (API.md §4, §14): sorted LIMIT/OFFSET, exact counts, query, seeded draws; nothing per row crosses.
import type { ContextNode } from '../../contract/context.ts';
import type { EngineQuery, EngineTable, ValuesPage, ValuesPick, ValuesQuery } from '../../contract/engine.ts';
import { drawIndices } from '../../common/random.ts';
import { toSqlWhere } from '../sql/context.ts';
import { toSqlLabelQuery } from '../sql/label-query.ts';
import { toSqlIdentifier, toSqlTable } from '../sql/literal.ts';
import { fromEngine, toSqlLabel, toSqlValue, toValueKind } from '../sql/values.ts';

/**
 * The values of `column` among the rows `context` selects, in the §4 order — ascending by value
 * (the engine sorts the column itself: numbers numerically, strings bytewise, which for UTF-8 is
 * code-point order), or with a `query` by label rank (exact, prefix, the rest) then value — and
 * `pick` of them: `limit` from `offset`, or `random` drawn with drawIndices over the exact count
 * (the in-memory draw: same count, same seed, same positions), fetched by position in one query and
 * returned in value order. Per answer the engine sends two small rows and at most `limit` (or
 * `random`) values, whatever the table's rows or distinct values:
 *   count:  SELECT uniqExact(c), countIf(isNull(c)) FROM t WHERE <context>
 *           (with a query: count() over the matching groups, and the nulls apart)
 *   page:   SELECT <value>, count() FROM t WHERE <context> AND isNotNull(c) GROUP BY c
 *           [HAVING <query>] ORDER BY [<rank>,] c LIMIT n OFFSET m
 *   random: the same groups as one array sorted on the engine, read at the drawn positions.
 */
export async function engineValuesPage(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  context: ContextNode | null,
  q: ValuesQuery | null,
  pick: ValuesPick,
  signal?: AbortSignal,
): Promise<ValuesPage> {
  const type = table.columns[column];
  if (type === undefined) throw new Error(`Column '${column}' is not in engine table '${table.table}'.`);
  const kind = toValueKind(type);
  const c = toSqlIdentifier(column);
  const from = toSqlTable(table.database, table.table);
  const where = toSqlWhere(context);
  const labelQuery = q && toSqlLabelQuery(toSqlLabel(`assumeNotNull(${c})`, kind), q, 'sorrel_n');
  // The groups of the answer: one per value, with its label's normalised text when a query filters them.
  const groups = (select: string) =>
    `SELECT ${select}${labelQuery ? `, ${labelQuery.normalized} AS sorrel_n` : ''} FROM ${from}` +
    ` WHERE (${where}) AND isNotNull(${c}) GROUP BY ${c}${labelQuery ? ` HAVING ${labelQuery.match}` : ''}`;
  const counted = labelQuery
    ? Promise.all([
        query(`SELECT toString(count()) AS sorrel_n FROM (${groups('count() AS sorrel_c')})`, signal),
        query(`SELECT toString(countIf(isNull(${c}))) AS sorrel_z FROM ${from} WHERE ${where}`, signal),
      ]).then(([[n], [z]]) => ({ count: Number(n?.sorrel_n ?? 0), nullCount: Number(z?.sorrel_z ?? 0) }))
    : query(
        `SELECT toString(uniqExact(${c})) AS sorrel_n, toString(countIf(isNull(${c}))) AS sorrel_z FROM ${from} WHERE ${where}`,
        signal,
      ).then(([row]) => ({ count: Number(row?.sorrel_n ?? 0), nullCount: Number(row?.sorrel_z ?? 0) }));
  const order = `${labelQuery ? `${labelQuery.rank}, ` : ''}${c}`;
  if ('offset' in pick) {
    const rows =
      pick.limit === 0
        ? Promise.resolve([])
        : query(
            `${groups(`${toSqlValue(c, kind)} AS sorrel_v, toString(count()) AS sorrel_c`)} ORDER BY ${order} LIMIT ${pick.limit} OFFSET ${pick.offset}`,
            signal,
          );
    const [{ count, nullCount }, page] = await Promise.all([counted, rows]);
    return {
      count,
      nullCount,
      values: page.map((r) => fromEngine(r.sorrel_v, kind) as number | string),
      counts: page.map((r) => Number(r.sorrel_c)),
    };
  }
  const { count, nullCount } = await counted;
  const drawn = drawIndices(count, pick.random, pick.seed);
  if (drawn.length === 0) return { count, nullCount, values: [], counts: [] };
  // Every group as one array sorted as the answer is (rank, value), read at the drawn positions
  // (1-based), then put in value order: only the drawn values come back.
  const rank = labelQuery ? labelQuery.rank : '0';
  const sorted =
    `SELECT arraySort(groupArray((sorrel_r, sorrel_k, sorrel_c))) AS sorrel_s FROM (` +
    `${groups(`assumeNotNull(${c}) AS sorrel_k, count() AS sorrel_c, ${rank} AS sorrel_r`)})`;
  const picked = `arraySort(x -> tupleElement(x, 2), arrayMap(i -> sorrel_s[i], [${drawn.map((j) => j + 1).join(', ')}]))`;
  const sql =
    `SELECT arrayMap(x -> ${toSqlValue('tupleElement(x, 2)', kind)}, sorrel_p) AS sorrel_v,` +
    ` arrayMap(x -> toString(tupleElement(x, 3)), sorrel_p) AS sorrel_c FROM (SELECT ${picked} AS sorrel_p FROM (${sorted}))`;
  const [row] = await query(sql, signal);
  const values = (row?.sorrel_v as unknown[] | undefined) ?? [];
  const counts = (row?.sorrel_c as unknown[] | undefined) ?? [];
  return {
    count,
    nullCount,
    values: values.map((v) => fromEngine(v, kind) as number | string),
    counts: counts.map((n) => Number(n)),
  };
}
