// The one gateway to an engine (API.md §14): a query with a deadline, cancellable, whose failures never show credentials.
import { randomUUID } from 'node:crypto';
import { ClickHouseError, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import type { EngineObserver, EngineQuery, EngineRow, EngineSpec } from '../contract/engine.ts';
import { EngineUnavailableError } from '../contract/errors.ts';
import { toSqlString } from './sql/literal.ts';

/** One engine entry's connection: `query` for tasks, `ping` for /readyz, `close` to let the process exit. */
export type EngineClient = {
  name: string;
  query: EngineQuery;
  /** True when the engine answers a ping within `timeoutMs` (default: the query deadline). */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * `timeoutMs` is the deadline of one query (SORREL_ENGINE_TIMEOUT), also sent to the engine as
 * `max_execution_time`; `env` holds the credentials' variables; `observe` hears of every query.
 */
export type ClientOptions = { timeoutMs: number; env: NodeJS.ProcessEnv; observe?: EngineObserver };

/** The user and password an engine entry names, read from the environment; a missing variable is a problem. */
export function toCredentials(
  spec: EngineSpec,
  env: NodeJS.ProcessEnv,
): { user: string; password: string; problems: string[] } {
  const problems: string[] = [];
  const read = (name: string | null, key: string): string => {
    if (name === null) return '';
    const v = env[name];
    if (v === undefined) problems.push(`${spec.where}: \`${key}\` names ${name}, which is not set in the environment.`);
    return v ?? '';
  };
  return {
    user: read(spec.userEnv, 'user_env') || 'default',
    password: read(spec.passwordEnv, 'password_env'),
    problems,
  };
}

/** How long a KILL QUERY may take before it is given up (the engine's own deadline ends the query anyway). */
const KILL_MS = 5000;

/** The query_id of one query: `sorrel-<engine>-` (what to look for in system.processes) and a UUID. */
export function toQueryId(engine: string): string {
  return `sorrel-${engine}-${randomUUID()}`;
}

/**
 * A client for one engine entry. Why our own deadline beside the engine's `max_execution_time`:
 * the engine counts only its execution, not a connection that never opens or a shard that never
 * answers; our timer ends the request in any case, so no request waits past the deadline.
 * Every query carries a query_id; when the caller's signal aborts (the HTTP client went away) or
 * the deadline passes, `KILL QUERY WHERE query_id = … ASYNC` is sent: ClickHouse 18.16 does not
 * stop a query when its HTTP connection closes, and a Distributed query killed on the server it
 * was sent to is cancelled on every shard (test/engine/client.test.ts checks system.processes).
 */
export function createEngineClient(spec: EngineSpec, { timeoutMs, env, observe }: ClientOptions): EngineClient {
  const { user, password } = toCredentials(spec, env);
  const secrets = [user, password].filter((s) => s.length >= 3);
  const client = createClient({
    url: spec.url,
    database: spec.database,
    username: user,
    password,
    request_timeout: timeoutMs + 1000, // ours fires first; this only bounds a socket left behind
    log: { level: ClickHouseLogLevel.OFF },
    // readonly=2: the engine refuses any write or DDL, and a change of `readonly` itself; not 1, which
    // also refuses the per-statement `SETTINGS distributed_product_mode = 'local'` of tree queries.
    clickhouse_settings: { max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)), readonly: '2' },
  });
  const seconds = timeoutMs / 1000;
  const kills = new Set<Promise<unknown>>();
  const kill = (id: string) => {
    const sent = client
      .command({
        query: `KILL QUERY WHERE query_id = ${toSqlString(id)} ASYNC`,
        abort_signal: AbortSignal.timeout(KILL_MS),
      })
      .catch(() => {}) // an engine that does not answer ends the query at its own max_execution_time
      .finally(() => kills.delete(sent));
    kills.add(sent);
  };
  const query: EngineQuery = async (sql, signal, opts) => {
    if (signal?.aborted) throw toAbortError(signal.reason);
    const queryId = opts?.queryId ?? toQueryId(spec.name);
    const started = performance.now();
    const deadline = new AbortController();
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      deadline.abort();
    }, timeoutMs);
    const onAbort = () => deadline.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const session = {
        ...(opts?.session ? { session_id: opts.session } : {}),
        ...(opts?.settings ? { clickhouse_settings: opts.settings } : {}),
      };
      let rows: EngineRow[] = [];
      if (opts?.command)
        await client.command({ query: sql, abort_signal: deadline.signal, query_id: queryId, ...session });
      else {
        const result = await client.query({
          query: sql,
          format: 'JSONEachRow',
          abort_signal: deadline.signal,
          query_id: queryId,
          ...session,
        });
        rows = await result.json<EngineRow>();
      }
      observe?.(spec.name, (performance.now() - started) / 1000, true, rows.length);
      return rows;
    } catch (err) {
      observe?.(spec.name, (performance.now() - started) / 1000, false, 0);
      if (deadline.signal.aborted) kill(queryId);
      if (signal?.aborted && !late) throw toAbortError(signal.reason);
      throw toEngineError(spec.name, err, late ? seconds : null, secrets);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
  return {
    name: spec.name,
    query,
    async ping(ms = timeoutMs) {
      try {
        await query('SELECT 1', AbortSignal.timeout(ms));
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all([...kills]);
      await client.close();
    },
  };
}

/**
 * An engine failure as EngineUnavailableError: past the deadline, unreachable, or the engine's
 * own error code. Its message and cause hold no credentials and no URL: the engine's text is
 * kept (for the log) only with every credential replaced.
 */
export function toEngineError(
  engine: string,
  err: unknown,
  deadlineSeconds: number | null,
  secrets: readonly string[],
): EngineUnavailableError {
  const scrub = (text: string) =>
    secrets.reduce((t, s) => t.split(s).join('***'), text.replace(/\/\/[^/@\s]*@/g, '//***@'));
  const detail = err instanceof Error ? scrub(err.message).slice(0, 500) : 'unknown failure';
  // The engine's error code stays on the cause: a describe tells a missing table (60) from an outage.
  const code = toEngineCode(err);
  const cause = Object.assign(new Error(detail), { code });
  // 159: the engine's own max_execution_time, which is our deadline too.
  if (deadlineSeconds !== null || code === '159')
    return new EngineUnavailableError(
      engine,
      `Engine "${engine}" did not answer within ${deadlineSeconds === null ? 'its deadline' : `${deadlineSeconds} s`}.`,
      {
        cause,
      },
    );
  if (code !== undefined)
    return new EngineUnavailableError(engine, `Engine "${engine}" failed (ClickHouse error ${code}).`, { cause });
  const net = (err as NodeJS.ErrnoException).code ?? (err as { cause?: NodeJS.ErrnoException }).cause?.code;
  return new EngineUnavailableError(
    engine,
    `Engine "${engine}" is unreachable${typeof net === 'string' && /^[A-Z_]+$/.test(net) ? ` (${net})` : ''}.`,
    { cause },
  );
}

/**
 * The engine's error code of a failure the engine reported, else undefined (a network failure).
 * The client parses current servers' errors (ClickHouseError); 18.16 writes `Code: 60, e.displayText() = …`.
 */
function toEngineCode(err: unknown): string | undefined {
  if (err instanceof ClickHouseError) return err.code;
  return err instanceof Error ? /^Code: (\d+)[,.]/.exec(err.message)?.[1] : undefined;
}

/** The error a caller that went away gets, named AbortError as the pool names its own. */
function toAbortError(reason: unknown): Error {
  const err = new Error('The engine query was aborted', { cause: reason });
  err.name = 'AbortError';
  return err;
}
