// Starts the HTTP server at once (/readyz answers 503), then loads the catalog or built snapshot file into a snapshot.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { createApp, type AppState } from '../app.ts';
import { ALLOW } from '../http/cors.ts';
import { HttpError } from '../http/errors.ts';
import { toRawErrorResponse } from '../http/write.ts';
import { CatalogError, loadCatalog } from '../catalog/read.ts';
import type { Config } from '../config.ts';
import { exposeGc } from '../common/gc.ts';
import { createFairTurns } from './connections.ts';
import { createLog } from '../log.ts';
import { createLifecycle, type DrainReport, type ReloadOutcome } from './lifecycle.ts';
import { createLoadPool } from '../parallel/load-pool.ts';
import { createLazyPool, createPool } from '../parallel/compute-pool.ts';
import type { Pool } from '../contract/pool.ts';
import { isSnapshotFile, loadBuiltSnapshot } from '../snapshot/build/built.ts';
import { createSnapshot, type Snapshot } from '../snapshot/build/create.ts';
import { findCatalogProblems } from '../snapshot/build/problems.ts';
import { findEngineTransportWarnings } from '../catalog/warnings.ts';
import type { EngineSpec } from '../contract/engine.ts';
import { createServedEngines, type ServedEngines } from './engines.ts';
import { runEngineTask } from '../engine/run.ts';
import type { EngineRunner } from '../engine/runner.ts';

type ForCatalog = ServedEngines['forCatalog'];
import { warmNaiveDists } from './warm.ts';
import { ApiIncomingMessage, ApiServerResponse } from '../http/messages.ts';

export type Running = {
  server: Server;
  url: string;
  state: AppState;
  pool: Pool;
  /** Resolves once the first snapshot serves; rejects (with every problem) if the source is bad. */
  ready: Promise<void>;
  /** Rebuilds from the source in the background and swaps the snapshot in (SIGHUP). */
  reload(): Promise<ReloadOutcome>;
  /** Resolves once the first snapshot's naive distributions are in its memo (src/serve/warm.ts), with how many. */
  warmed: Promise<number>;
  /** /readyz 503, grace, stop accepting, let requests finish, close the pool (SIGTERM, SIGINT). */
  drain(signal: string): Promise<DrainReport>;
  /** Stops at once (tests, failed start). */
  close(): Promise<void>;
};

/**
 * Listens on config.port and loads `sourcePath`: a built snapshot file (by its magic header) or a
 * catalog. A catalog is loaded with a pool of its own — one thread per core at start-up, when
 * nothing else runs; half the cores for a reload, beside the serving pool.
 */
export async function startServer(
  sourcePath: string,
  config: Config,
  logger?: Logger,
  worker?: URL, // replaces workers/index for the serving pool (tests end a thread with it)
  run: EngineRunner = runEngineTask, // computes tasks over engine tables (API.md §14)
): Promise<Running> {
  // Request lines are batched; warnings and errors are written at once (src/log.ts).
  const log = logger ?? createLog(config.logLevel);
  exposeGc(); // before any worker thread starts: a reload frees the old snapshot's memory at once
  const workers = createPool(config, worker);
  const state: AppState = { snapshot: null };
  const engines = createServedEngines(workers, state, { timeoutMs: config.engineTimeoutMs, log, run });
  const pool = engines.pool;
  const onClose = (res: ServerResponse) => lifecycle.untrack(res); // from the app's one `close` listener per response
  const app = createApp({ state, pool, config, logger: log, engines: engines.board, onClose });
  // The first load also runs on the serving pool's threads, idle until it ends (src/parallel/load-pool.ts).
  const load = (threads: number, serving?: Pool) =>
    loadSnapshot(sourcePath, threads, log, config.bufferBytes ?? undefined, engines.forCatalog, {
      searchValues: config.searchValuesPerField,
      serving: serving && { pool: serving, threads: config.poolThreads },
    });
  let ready: Promise<void> = new Promise(() => {});
  // A context may be 16 KiB of JSON, up to three times that once URL-encoded: allow 64 KiB of request head.
  const server = createServer(
    {
      IncomingMessage: ApiIncomingMessage, // every field the app sets exists from construction (src/http/messages.ts)
      ServerResponse: ApiServerResponse,
      maxHeaderSize: 64 * 1024,
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: Math.max(config.requestTimeoutMs, config.headersTimeoutMs),
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(50, Math.min(config.headersTimeoutMs, config.requestTimeoutMs) / 4),
      ),
    },
    (req, res) => {
      fairTurn(res); // src/serve/connections.ts
      lifecycle.track(req, res);
      (app.handler as (req: unknown, res: unknown) => void)(req, res);
    },
  );
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  const fairTurn = createFairTurns(server, config.fairConnections);
  const lifecycle = createLifecycle({
    server,
    state,
    pool,
    config,
    log,
    ready: () => ready,
    load: () => load(Math.max(1, Math.floor(availableParallelism() / 2))),
  });
  // A request Node cannot parse (bad method token, oversized head) still gets a JSON error body.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const error =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? new HttpError(431, 'HEADERS_TOO_LARGE', 'The request head is too large (over 64 KiB).', { cause: err })
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new HttpError(408, 'REQUEST_TIMEOUT', 'The request (its head or its body) did not arrive in time.', {
              cause: err,
            })
          : new HttpError(400, 'INVALID_PARAMETER', 'The request is not valid HTTP.', { cause: err });
    socket.end(toRawErrorResponse(error));
  });
  // CONNECT never reaches the app (Node hands over the socket): answer it like any other method.
  server.on('connect', (req, socket) => {
    socket.end(
      toRawErrorResponse(
        new HttpError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed; this API is read-only (${ALLOW}).`, {
          headers: { Allow: ALLOW },
        }),
      ),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.port, host: config.host, backlog: config.listenBacklog }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  let closed = false;
  const close = async () => {
    closed = true;
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
    await pool.close();
    await engines.close();
    log.flush();
  };
  let warmed: (n: Promise<number>) => void = () => {};
  const warmedAll = new Promise<number>((r) => (warmed = r));
  ready = (async () => {
    const started = Date.now();
    state.snapshot = await load(availableParallelism(), workers);
    engines.startRefresh(lifecycle.reload);
    const s = state.snapshot;
    log.info(
      {
        source: sourcePath,
        version: s.version,
        fields: s.fields.size,
        concepts: s.concepts.size,
        rows: Object.fromEntries([...s.datasets.values()].map((d) => [d.name, d.rows])),
        ms: Date.now() - started,
      },
      'ready',
    );
    warmed(warmNaiveDists(s, pool, config, log, () => state.snapshot === s && !closed && !lifecycle.status.draining));
  })();
  ready.catch(() => warmed(Promise.resolve(0)));
  const running = { server, url, state, pool, ready, reload: lifecycle.reload, drain: lifecycle.drain, close };
  return { ...running, warmed: warmedAll };
}

/**
 * A snapshot from a built file (verified, no precompute) or from a catalog and its data files, on
 * `threads` threads: the `serving` pool's (when given, at start-up) and a load pool's for the rest.
 */
async function loadSnapshot(
  path: string,
  threads: number,
  log: Logger,
  bufferBytes: number | undefined,
  engines: ForCatalog,
  { searchValues, serving }: { searchValues?: number; serving?: { pool: Pool; threads: number } } = {},
): Promise<Snapshot> {
  if (isSnapshotFile(path)) {
    log.info({ file: path }, 'loading snapshot file');
    // A file holds no tree index: a catalog with a root rebuilds it on a pool started only then.
    const lazy = createLazyPool({ poolThreads: threads, poolMaxQueue: Number.MAX_SAFE_INTEGER });
    try {
      const snapshot = await loadBuiltSnapshot(path, lazy, engines);
      for (const e of snapshot.engines?.specs ?? []) warnOfTransport(path, e, log);
      return snapshot;
    } finally {
      await lazy.close();
    }
  }
  try {
    return await loadCatalogSnapshot(path, threads, log, bufferBytes, engines, searchValues, serving);
  } catch (err) {
    // The load stops at the first kind of problem (a bad structure loads no data): a failed start or
    // reload lists what `sorrel check` lists, from the one checker.
    if (!(err instanceof CatalogError)) throw err;
    const { problems } = await findCatalogProblems(
      path,
      () => createPool({ poolThreads: 1, poolMaxQueue: Number.MAX_SAFE_INTEGER }),
      { bufferBytes, engines },
    );
    throw problems.length ? new CatalogError(problems) : err;
  }
}

async function loadCatalogSnapshot(
  path: string,
  threads: number,
  log: Logger,
  bufferBytes: number | undefined,
  engines: ForCatalog,
  searchValues?: number,
  serving?: { pool: Pool; threads: number },
): Promise<Snapshot> {
  const spec = loadCatalog(path);
  for (const e of spec.engines) warnOfTransport(spec.path, e, log);
  // Precompute gets threads of its own, started now so they boot while the files load, and closed
  // (in the background) once the snapshot is built; at start-up it shares the serving pool's.
  const loadPool = serving
    ? createLoadPool(serving.pool, serving.threads, threads)
    : createPool({ poolThreads: threads, poolMaxQueue: Number.MAX_SAFE_INTEGER });
  try {
    log.info({ catalog: path, datasets: spec.datasets.length, fields: spec.fields.length }, 'loading catalog');
    return await createSnapshot(spec, loadPool, {
      progress: (message, fields) => log.info(fields, message),
      bufferBytes,
      searchValues,
      engines: engines(spec),
    });
  } finally {
    void loadPool.close().catch(() => {}); // threads that end on their own: ready need not wait for them
  }
}

/** Logs a warning when an engine entry sends credentials in clear to another machine (API.md §14). */
function warnOfTransport(path: string, e: EngineSpec, log: Logger): void {
  for (const w of findEngineTransportWarnings(path, e)) log.warn({ engine: e.name }, w);
}
