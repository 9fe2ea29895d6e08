// Datasets that live in a distributed engine (API.md §14): the catalog's engines, where a table is, how compute reaches it.
import type { InternalType } from './model.ts';

/** An `engines:` entry of the catalog. Credentials are the names of environment variables, never values. */
export type EngineSpec = {
  name: string;
  kind: 'clickhouse';
  url: string;
  database: string;
  userEnv: string | null;
  passwordEnv: string | null;
  refresh: number | null; // seconds between fingerprint re-reads; null = only at start, build and SIGHUP
  where: string;
};

/**
 * Where an engine dataset's rows are, as a task carries it (TableRef.engine): identifiers only
 * from the catalog, column types from the engine's DESCRIBE TABLE (after the catalog's overrides).
 */
export type EngineTable = {
  engine: string;
  database: string;
  table: string;
  columns: Record<string, InternalType>;
  rows: number;
  /**
   * The catalog's `root_key` (API.md §12, §14): the column of this table that holds its rows' root
   * entity key, by which its Distributed table is sharded. When the tables on both sides of a join
   * of the tree declare it, the join stays on each shard (plain IN); otherwise it is GLOBAL.
   */
  rootKey?: string | null;
};

/** One row of a query's answer, as the engine's JSON format gives it (64-bit integers as strings). */
export type EngineRow = Record<string, unknown>;

/**
 * Runs one read-only SQL statement on an engine and resolves with its rows. Rejects with
 * EngineUnavailableError when the engine is unreachable, slower than the deadline, or fails
 * (the message never holds credentials); `signal` cancels the query on the engine too.
 */
export type EngineQuery = (sql: string, signal?: AbortSignal, opts?: EngineQueryOptions) => Promise<EngineRow[]>;

/**
 * `session`: the engine session the query runs in (its temporary tables live there, and end with it
 * or after the engine's session timeout); one query at a time per session. `command`: a statement
 * without rows (CREATE, DROP), answered by []. `settings`: the engine's settings for this query alone.
 * `queryId`: the query's id, for a caller that watches it in system.processes (else a new one).
 */
export type EngineQueryOptions = {
  session?: string;
  command?: boolean;
  settings?: Record<string, number>;
  queryId?: string;
};

/**
 * What the engine computes to identify a table's content (API.md §14): the row count and the
 * wrapping 64-bit sum of one hash per row (order-independent, so any shard layout gives the same),
 * both as exact decimal text.
 */
export type EngineFingerprint = { rows: string; hash: string };

/**
 * Told after each engine query: which engine, how long it took, whether it answered, and how many
 * rows it sent (0 on a failure): what crossed the wire, which API.md §14 bounds by the answer's size.
 */
export type EngineObserver = (engine: string, seconds: number, ok: boolean, rows: number) => void;

/** The engines of the served catalog as /readyz and /metrics see them: names and reachability, never credentials. */
export type EngineBoard = {
  /** Each engine of the served snapshot: true when it answered a ping within its deadline. */
  status(): Promise<Record<string, boolean>>;
  /** Adds a listener told of every engine query. */
  listen(observer: EngineObserver): void;
};

/**
 * A context-naive summary of one column, each one aggregate over its rows: records with a value
 * (`count`), records without (`null_count`), distinct values (exact), least and greatest value in
 * storage units (null when none). The keys are StatsResult's (src/contract/tasks.ts), so a summary serves where the axes
 * of a dist need a field's naive range (src/http/axes.ts).
 */
export type ColumnSummary = {
  count: number;
  null_count: number;
  /**
   * The exact number of distinct non-null values when start-up counted them and found at most the
   * bound it counted up to (src/snapshot/build/summaries.ts distinctUpTo); null when there are more,
   * or when nothing at start needs the number (the engine counts them exactly in /stats/).
   */
  distinct: number | null;
  min: number | string | null;
  max: number | string | null;
};

/** What start-up's one scan of an engine table reads of a field's column (src/engine/describe.ts): its summary but the distinct count. */
export type ScannedSummary = Omit<ColumnSummary, 'distinct'>;

/**
 * A `query` (API.md §5) on a field's value labels, as a values-page task carries it: the parsed
 * terms (texts normalised) and their positive text, which orders exact and prefix matches first.
 */
export type ValuesQuery = { terms: { text: string; negated: boolean; phrase: boolean }[]; positive: string };

/**
 * What a values-page task returns of the values in the answer's order (§4: by value, or by
 * label rank then value with a query): `limit` of them from `offset`, or a seeded draw of `random`
 * of them (src/common/random.ts drawIndices over the exact count) in value order.
 */
export type ValuesPick = { offset: number; limit: number } | { random: number; seed: number };

/**
 * One page of a field's values: `count` distinct values match (exact), `nullCount` records of the
 * context hold no value, and the picked values with their record counts, in storage units (and labels).
 */
export type ValuesPage = {
  count: number;
  nullCount: number;
  values: (number | string)[];
  counts: number[];
  labels?: string[]; // with a label column (ValuesPageTask.labelColumn): each value's label
};
