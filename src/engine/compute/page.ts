// A page of a field's values on the engine (API.md §4, §14): sorted LIMIT/OFFSET, exact counts, query, seeded draws; nothing per row crosses.
import type { ContextNode } from '../../contract/context.ts';
import type { EngineQuery, EngineTable, ValuesPage, ValuesPick, ValuesQuery } from '../../contract/engine.ts';
import type { ValueLabels } from '../../contract/values-page.ts';
import type { StatsSource } from './stats.ts';
import { drawIndices } from '../../common/random.ts';
import { toLabel } from '../../common/values.ts';
import { toSqlWhere } from '../sql/context.ts';
import { toSqlLabelQuery } from '../sql/label-query.ts';
import { toEngineLabelTable } from '../sql/labels.ts';
import { engineValueLabels } from './labels.ts';
import { toSqlIdentifier, toSqlTable } from '../sql/literal.ts';
import { fromEngine, toSqlLabel, toSqlValue, toValueKind } from '../sql/values.ts';

/**
 * The values of `column` among the rows `context` selects, in the §4 order — ascending by value
 * (the engine sorts the column itself: numbers numerically, strings bytewise, which for UTF-8 is
 * code-point order), or with a `query` by label rank (exact, prefix, the rest) then value — and
 * `pick` of them: `limit` from `offset`, or `random` drawn with drawIndices over the exact count
 * (the in-memory draw: same count, same seed, same positions), fetched by position in one query and
 * returned in value order. Per answer the engine sends one row (two for a draw) holding at most
 * `limit` (or `random`) values, whatever the table's rows or distinct values, from one scan (two):
 *   groups: SELECT assumeNotNull(c), count(), isNull(c), <rank> FROM t WHERE <context> GROUP BY c
 *           [HAVING isNull(c) OR <query>]
 *   page:   the groups but the nulls' as one array sorted on the engine ([rank,] value), of which
 *           its length (the exact count), the nulls' count and the slice of the page come back
 *           (a count beside an ORDER BY … LIMIT page, and a null count, were two more scans of the
 *           column: 3.7× the page's own SQL at 100M rows)
 *   random: the groups counted (nulls apart), then the same array read at the drawn positions.
 * With `labelColumn`, each group's label is joined from its label table (src/engine/sql/labels.ts),
 * the query reads it, and the page carries the labels of its values.
 */
export function engineValuesPage(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  context: ContextNode | null,
  q: ValuesQuery | null,
  pick: ValuesPick,
  signal?: AbortSignal,
  labelColumn: string | null = null,
): Promise<ValuesPage> {
  const type = columnType(table, column);
  const from = toSqlTable(table.database, table.table);
  const labels = labelColumn === null ? undefined : toPageLabels(query, table, column, labelColumn, signal);
  const source = { from, where: toSqlWhere(context), column: toSqlIdentifier(column), type, count: 'count()', labels };
  return valuesPageSql(query, source, q, pick, signal);
}

function columnType(table: EngineTable, column: string) {
  const type = table.columns[column];
  if (type === undefined) throw new Error(`Column '${column}' is not in engine table '${table.table}'.`);
  return type;
}

/**
 * The labels a label column gives a page's values (src/engine/sql/labels.ts): `table`, the label
 * table of every value (`sorrel_k`, `sorrel_label`), which a `query` reads; `of`, the labels of
 * some values only, which a page or draw without a query reads once its values are known.
 */
export type PageLabels = { table: string; of: (values: (number | string)[]) => Promise<ValueLabels> };

/** PageLabels of `column` of an engine table (a model tree's table: its own rows), from `labelColumn`. */
export function toPageLabels(
  query: EngineQuery,
  table: EngineTable,
  column: string,
  labelColumn: string,
  signal?: AbortSignal,
): PageLabels {
  return {
    table: toEngineLabelTable(table, column, labelColumn),
    of: (values) => engineValueLabels(query, table, column, labelColumn, values, signal),
  };
}

/**
 * The rows a values page reads (StatsSource: `from`, `where`, the value `column`, its `type`,
 * `finish`) and `count`, the aggregate that counts a value's records (`count()`) or, over J(T) of a
 * model tree, its distinct root entities (src/engine/tree/page.ts); `labels` when the values' labels
 * come from a label column.
 */
export type PageSource = StatsSource & { count: string; labels?: PageLabels };

/** The page, count or draw of engineValuesPage over the rows `src` reads, counted by `src.count`. */
export async function valuesPageSql(
  run: EngineQuery,
  src: PageSource,
  q: ValuesQuery | null,
  pick: ValuesPick,
  signal?: AbortSignal,
): Promise<ValuesPage> {
  const kind = toValueKind(src.type);
  const c = src.column;
  const finish = src.finish ?? ((sql: string) => sql);
  const query = (sql: string, signal?: AbortSignal) => run(finish(sql), signal);
  const { from, where } = src;
  // With a query every value's label is joined to its group (the query filters and ranks by it);
  // without, only the page's or the draw's values are labelled, once they are known (labelled below).
  const labels = q ? src.labels?.table : undefined;
  const label = labels ? 'sorrel_label' : toSqlLabel(`assumeNotNull(${c})`, kind);
  const labelQuery = q && toSqlLabelQuery(label, q, 'sorrel_n');
  // The groups of the answer: one per value (and the nulls' group, which a query never drops), with
  // its label's normalised text when a query filters them; a label column's labels joined to them
  // (every non-null value of the table has one), the query then kept in a WHERE over the join.
  const rank = labelQuery ? labelQuery.rank : '0';
  const normalized = labelQuery ? `, ${labelQuery.normalized} AS sorrel_n` : '';
  const kept = labelQuery ? ` ${labels ? 'WHERE' : 'HAVING'} sorrel_z OR (${labelQuery.match})` : '';
  const counted = `SELECT assumeNotNull(${c}) AS sorrel_k, ${src.count} AS sorrel_c, isNull(${c}) AS sorrel_z`;
  const groups = labels
    ? `SELECT sorrel_k, sorrel_c, sorrel_z, ${rank} AS sorrel_r, sorrel_label${normalized}` +
      ` FROM (${counted} FROM ${from} WHERE (${where}) GROUP BY ${c}) ANY LEFT JOIN (${labels}) USING sorrel_k${kept}`
    : `${counted}, ${rank} AS sorrel_r${normalized} FROM ${from} WHERE (${where}) GROUP BY ${c}${kept}`;
  const nulls = 'toString(sumIf(sorrel_c, sorrel_z)) AS sorrel_nulls';
  // Every group but the nulls' as one array sorted as the answer is (rank, value): tuples (rank, value, count[, label]).
  const tuple = `(sorrel_r, sorrel_k, sorrel_c${labels ? ', sorrel_label' : ''})`;
  const sorted = `SELECT arraySort(groupArrayIf(${tuple}, NOT sorrel_z)) AS sorrel_s, ${nulls} FROM (${groups})`;
  // The values and counts (and labels) of `picked` (an array expression over sorrel_s), mapped as every value is.
  const valuesOf = (picked: string) =>
    `arrayMap(x -> ${toSqlValue('tupleElement(x, 2)', kind)}, ${picked}) AS sorrel_v,` +
    ` arrayMap(x -> toString(tupleElement(x, 3)), ${picked}) AS sorrel_c` +
    `${labels ? `, arrayMap(x -> tupleElement(x, 4), ${picked}) AS sorrel_l` : ''}`;
  const toPage = (row: Record<string, unknown> | undefined) => ({
    values: ((row?.sorrel_v as unknown[] | undefined) ?? []).map((v) => fromEngine(v, kind) as number | string),
    counts: ((row?.sorrel_c as unknown[] | undefined) ?? []).map((n) => Number(n)),
    ...(labels ? { labels: ((row?.sorrel_l as unknown[] | undefined) ?? []).map(String) } : {}),
  });
  // Without a query, a label column's labels of the page's (or the draw's) values only, one row per value.
  const labelled = async (page: ValuesPage): Promise<ValuesPage> => {
    if (!src.labels) return page;
    if (labels) return { ...page, labels: page.labels ?? [] }; // joined (an empty draw has none to carry)
    const got = page.values.length ? await src.labels.of(page.values) : { values: [], labels: [] };
    const byValue = new Map(got.values.map((v, i) => [v, got.labels[i]]));
    return { ...page, labels: page.values.map((v) => byValue.get(v) ?? toLabel(v, src.type)) };
  };
  if ('offset' in pick) {
    const slice = `arraySlice(sorrel_s, ${pick.offset + 1}, ${pick.limit})`;
    const [row] = await query(
      `SELECT toString(length(sorrel_s)) AS sorrel_n, sorrel_nulls, ${valuesOf(slice)} FROM (${sorted})`,
      signal,
    );
    return labelled({ count: Number(row?.sorrel_n ?? 0), nullCount: Number(row?.sorrel_nulls ?? 0), ...toPage(row) });
  }
  // A draw needs the count first: the groups counted, without sorting them.
  const [n] = await query(`SELECT toString(countIf(NOT sorrel_z)) AS sorrel_n, ${nulls} FROM (${groups})`, signal);
  const count = Number(n?.sorrel_n ?? 0);
  const nullCount = Number(n?.sorrel_nulls ?? 0);
  const drawn = drawIndices(count, pick.random, pick.seed);
  if (drawn.length === 0) return labelled({ count, nullCount, values: [], counts: [] });
  // The drawn positions (1-based) of the same array, then put in value order: only the drawn values come back.
  const picked = `arraySort(x -> tupleElement(x, 2), arrayMap(i -> sorrel_s[i], [${drawn.map((j) => j + 1).join(', ')}]))`;
  const [row] = await query(
    `SELECT ${valuesOf('sorrel_p')} FROM (SELECT ${picked} AS sorrel_p FROM (${sorted}))`,
    signal,
  );
  return labelled({ count, nullCount, ...toPage(row) });
}
