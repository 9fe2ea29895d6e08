// `sorrel init --engine <url> <table>…`: catalog entries for engine tables (API.md §14), typed from DESCRIBE TABLE.
import type { EngineSpec } from '../contract/engine.ts';
import { EngineUnavailableError } from '../contract/errors.ts';
import { toEngineTimeoutMs } from '../config.ts';
import { createEngineClient } from '../engine/client.ts';
import { DescribeError, describeTable } from '../engine/describe.ts';
import { quoteIdentifier } from '../engine/fingerprint.ts';

/** What `init` writes for one table: a dataset entry and one field per readable column. */
export type EngineTableEntry = {
  dataset: Record<string, unknown>;
  columns: { name: string; type: string; enumerable: boolean; nullable: boolean; skipped: boolean }[];
};

/** The engine entry `init` writes: named `warehouse`, credentials named by variables, never given. */
export function toInitEngine(url: string, database: string, userEnv?: string, passwordEnv?: string): EngineSpec {
  return {
    name: 'warehouse',
    kind: 'clickhouse',
    url,
    database,
    userEnv: userEnv ?? null,
    passwordEnv: passwordEnv ?? null,
    refresh: null,
    where: '--engine',
  };
}

/**
 * Describes each table on the engine: its readable columns with their types, whether each is
 * enumerable (a string or boolean with at most 30 distinct values, as for files) and nullable.
 * Columns of a type Sorrel does not read are left out (`skipped`), each named on stderr by the caller.
 */
export async function describeEngineTables(engine: EngineSpec, tables: string[]): Promise<EngineTableEntry[]> {
  const client = createEngineClient(engine, { timeoutMs: toEngineTimeoutMs(process.env), env: process.env });
  try {
    const out: EngineTableEntry[] = [];
    for (const table of tables) {
      const req = { engine: engine.name, database: engine.database, table, overrides: {}, used: new Set<string>() };
      const { table: t, engineTypes } = await describeTable(client.query, req);
      const names = Object.keys(t.columns);
      const from = `${quoteIdentifier(engine.database)}.${quoteIdentifier(table)}`;
      const counts = names.length
        ? Object.values(
            (
              await client.query(
                `SELECT ${names.map((c) => `uniqExact(${quoteIdentifier(c)})`).join(', ')} FROM ${from}`,
              )
            )[0] ?? {},
          ).map(Number)
        : [];
      const all = (await client.query(`DESCRIBE TABLE ${from}`)) as { name: string; type: string }[];
      out.push({
        dataset: { name: table.replace(/[^A-Za-z0-9_]+/g, '_'), engine: engine.name, table },
        columns: all.map((c) => {
          const type = t.columns[c.name];
          const i = names.indexOf(c.name);
          const text = type === 'char' || type === 'text';
          return {
            name: c.name,
            type: type ?? c.type,
            enumerable: i >= 0 && text && counts[i] <= 30,
            nullable: /^(LowCardinality\()?Nullable\(/.test(engineTypes[c.name] ?? c.type),
            skipped: type === undefined,
          };
        }),
      });
    }
    return out;
  } finally {
    await client.close();
  }
}

/** A failure of `init --engine` as one line for stderr (never the URL's credentials: the URL holds none). */
export function toInitError(err: unknown): string {
  if (err instanceof DescribeError) return err.problems.join('\n');
  if (err instanceof EngineUnavailableError) return err.message;
  return (err as Error).message;
}
