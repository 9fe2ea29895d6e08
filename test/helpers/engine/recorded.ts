// Test helper: an engine set's queries wrapped so that each SQL sent and the number of rows it answered are recorded.
import type { EngineQuery } from '../../../src/contract/engine.ts';

/** A query per engine name, as `queries`, that also pushes `{ sql, rows }` onto `sent` once answered. */
export function toRecordedQueries(
  queries: ReadonlyMap<string, EngineQuery>,
  sent: { sql: string; rows: number }[],
): Map<string, EngineQuery> {
  return new Map(
    [...queries].map(([name, query]): [string, EngineQuery] => [
      name,
      async (sql, signal, opts) => {
        const rows = await query(sql, signal, opts);
        sent.push({ sql, rows: rows.length });
        return rows;
      },
    ]),
  );
}
