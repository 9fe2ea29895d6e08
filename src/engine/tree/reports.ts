// The tree's checks at load over engine tables (API.md §12): a key column's nulls and repeats, a link's dangling values.
import type { EngineQuery, EngineTable } from '../../contract/engine.ts';
import type { TableRef } from '../../contract/storage.ts';
import type { KeyReport, LinkReport } from '../../contract/tree.ts';
import { keyCast, quote } from './sql.ts';
import { storageSql, toStorage } from './values.ts';

/** How many example values a report holds, as the workers' reports (workers/tree/key-index.ts). */
const EXAMPLES = 5;

// Why no row numbers: an engine table has no row order (a Distributed table returns its shards'
// rows in whatever order they answer), so `nullRows` stays empty, and the example values are the
// smallest ones rather than the first met: the same on every replica and every run.

/** The check of a key column: nulls, repeated values (rows after each value's first) and the smallest repeated values. */
export async function checkEngineKey(
  ref: TableRef,
  column: string,
  query: EngineQuery,
  signal?: AbortSignal,
): Promise<KeyReport> {
  const t = engineOf(ref);
  const c = quote(column);
  const [counts] = await query(
    `SELECT count() AS _rows, countIf(isNull(${c})) AS _nulls, uniqExact(${c}) AS _distinct FROM ${nameOf(t)}`,
    signal,
  );
  const rows = Number(counts._rows),
    nulls = Number(counts._nulls);
  const duplicates = rows - nulls - Number(counts._distinct);
  const duplicateValues =
    duplicates === 0
      ? []
      : await examples(
          query,
          `SELECT ${storageSql(c, typeOf(t, column))} AS _v FROM ${nameOf(t)} WHERE isNotNull(${c}) GROUP BY ${c} HAVING count() > 1 ORDER BY ${c} LIMIT ${EXAMPLES}`,
          typeOf(t, column),
          signal,
        );
  return { rows, nulls, nullRows: [], duplicates, duplicateValues };
}

/**
 * A link column's resolution against a key column: its nulls, and its non-null values no key row
 * holds (dangling, with the smallest such values). The engine keeps no resolved index: tree
 * tasks join on the columns themselves, so the task's `out` is left alone.
 */
export async function checkEngineLink(
  from: TableRef,
  column: string,
  to: TableRef,
  key: string,
  query: EngineQuery,
  signal?: AbortSignal,
): Promise<LinkReport> {
  const f = engineOf(from),
    k = engineOf(to);
  const cast = keyCast(typeOf(f, column), typeOf(k, key));
  const c = quote(column);
  // GLOBAL: the two tables need not share a sharding (these checks run for links outside the tree too).
  const dangling = `isNotNull(${c}) AND NOT (${cast(c)} GLOBAL IN (SELECT ${cast(quote(key))} FROM ${nameOf(k)}))`;
  const [counts] = await query(
    `SELECT count() AS _rows, countIf(isNull(${c})) AS _nulls, countIf(${dangling}) AS _dangling FROM ${nameOf(f)}`,
    signal,
  );
  const report: LinkReport = {
    rows: Number(counts._rows),
    nulls: Number(counts._nulls),
    dangling: Number(counts._dangling),
    danglingValues: [],
  };
  if (f.rootKey && k.rootKey) {
    // Both sharded by the root key: each row's key row must be on its own shard, where a plain IN
    // (read as the shard's local table) finds it; a row found only through GLOBAL is misplaced.
    const local = `${cast(c)} IN (SELECT ${cast(quote(key))} FROM ${nameOf(k)})`;
    const [row] = await query(
      `SELECT countIf(isNotNull(${c}) AND ${cast(c)} GLOBAL IN (SELECT ${cast(quote(key))} FROM ${nameOf(k)}) AND NOT (${local})) AS _misplaced FROM ${nameOf(f)} SETTINGS distributed_product_mode = 'local'`,
      signal,
    );
    report.misplaced = Number(row._misplaced);
  }
  if (report.dangling > 0)
    report.danglingValues = await examples(
      query,
      `SELECT ${storageSql(c, typeOf(f, column))} AS _v FROM ${nameOf(f)} WHERE ${dangling} GROUP BY ${c} ORDER BY ${c} LIMIT ${EXAMPLES}`,
      typeOf(f, column),
      signal,
    );
  return report;
}

async function examples(
  query: EngineQuery,
  sql: string,
  type: ReturnType<typeof typeOf>,
  signal?: AbortSignal,
): Promise<(number | string)[]> {
  const rows = await query(sql, signal);
  return rows.map((r) => toStorage(r._v, type) as number | string);
}

function engineOf(ref: TableRef): EngineTable {
  if (!ref.engine) throw new Error('A tree check over the engine needs engine tables.');
  return ref.engine;
}

function nameOf(t: EngineTable): string {
  return `${quote(t.database)}.${quote(t.table)}`;
}

function typeOf(t: EngineTable, column: string) {
  const type = t.columns[column];
  if (type === undefined) throw new Error(`Table '${t.table}' has no column '${column}'.`);
  return type;
}
