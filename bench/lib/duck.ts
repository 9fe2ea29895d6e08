// DuckDB (the bench peer @duckdb/node-api), opened in-process: the reference for compute and load.
//
// The peer lives in bench/node_modules, which only bench/run.mjs installs. Importing it through a
// variable keeps the root type-check (and CI, which never installs it) independent of it; the few
// methods used are typed here.

type DuckReader = { getRowsJS(): unknown[][] };
type DuckConnection = {
  run(sql: string): Promise<unknown>;
  runAndReadAll(sql: string): Promise<DuckReader>;
  closeSync(): void;
};
type DuckInstance = { connect(): Promise<DuckConnection>; closeSync(): void };
type DuckModule = { DuckDBInstance: { create(path: string, options?: Record<string, string>): Promise<DuckInstance> } };

export type Duck = {
  version: string;
  /** Runs a statement, discarding any result. */
  run(sql: string): Promise<void>;
  /** Runs a query and returns its rows as JS values (BIGINT as bigint: cast in SQL where a number is wanted). */
  rows(sql: string): Promise<unknown[][]>;
  close(): void;
};

const PEER = '@duckdb/node-api';

/** Imports the peer, or throws saying how to install it. */
async function importDuck(): Promise<DuckModule> {
  try {
    return (await import(PEER)) as DuckModule;
  } catch (err) {
    throw new Error(
      `Cannot import ${PEER} (${(err as Error).message}); run \`npm run bench\`, which installs bench/node_modules.`,
    );
  }
}

/** Opens an in-memory DuckDB with its default settings (all cores). */
export async function openDuck(): Promise<Duck> {
  const { DuckDBInstance } = await importDuck();
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const rows = async (sql: string) => (await conn.runAndReadAll(sql)).getRowsJS();
  const version = String((await rows('SELECT version()'))[0][0]).replace(/^v/, '');
  return {
    version,
    rows,
    run: async (sql) => {
      await conn.run(sql);
    },
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

/** A SQL string literal. */
export function toSqlString(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** The table function that reads a data file of a format DuckDB knows (CSV and Parquet here). */
export function toReader(path: string): string {
  if (/\.parquet$/i.test(path)) return `read_parquet(${toSqlString(path)})`;
  if (/\.csv$/i.test(path)) return `read_csv(${toSqlString(path)})`;
  throw new Error(`DuckDB reference: no reader for ${path} (CSV and Parquet only).`);
}
