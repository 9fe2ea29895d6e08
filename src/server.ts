// Starts the HTTP server at once (/readyz answers 503), then loads the catalog into a snapshot.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { pino, type Logger } from 'pino';
import { createApp, type AppState } from './http/app.ts';
import { ALLOW } from './http/cors.ts';
import { HttpError } from './http/errors.ts';
import { toRawErrorResponse } from './http/respond.ts';
import { loadCatalog } from './catalog/read.ts';
import type { Config } from './config.ts';
import { createPool } from './pool.ts';
import type { Pool } from './contract/pool.ts';
import { createSnapshot } from './snapshot/create.ts';

export type Running = { server: Server; url: string; state: AppState; pool: Pool; ready: Promise<void>; close(): Promise<void> };

/** Listens on config.port and loads `catalogPath`; `ready` rejects (with every problem) if the catalog is bad. */
export async function startServer(catalogPath: string, config: Config, logger?: Logger): Promise<Running> {
  // Request lines go through a buffered, asynchronous destination (one write per 4 KiB, not per
  // request), flushed when the server closes.
  const log = logger ?? pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: false, minLength: 4096 }));
  const pool = createPool(config);
  const state: AppState = { snapshot: null };
  const app = createApp({ state, pool, config, logger: log });
  // A context may be 16 KiB of JSON, up to three times that once URL-encoded: allow 64 KiB of request head.
  const server = createServer({
    maxHeaderSize: 64 * 1024,
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: Math.max(300_000, config.headersTimeoutMs),
    connectionsCheckingInterval: Math.min(30_000, Math.max(50, config.headersTimeoutMs / 4)),
  }, app.handler as never);
  server.keepAliveTimeout = 65_000;
  // A request Node cannot parse (bad method token, oversized head) still gets a JSON error body.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const error = err.code === 'HPE_HEADER_OVERFLOW'
      ? new HttpError(431, 'HEADERS_TOO_LARGE', 'The request head is too large (over 64 KiB).', { cause: err })
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new HttpError(408, 'REQUEST_TIMEOUT', 'The request head did not arrive in time.', { cause: err })
        : new HttpError(400, 'INVALID_PARAMETER', 'The request is not valid HTTP.', { cause: err });
    socket.end(toRawErrorResponse(error));
  });
  // CONNECT never reaches the app (Node hands over the socket): answer it like any other method.
  server.on('connect', (req, socket) => {
    socket.end(toRawErrorResponse(new HttpError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed; this API is read-only (${ALLOW}).`, {
      headers: { Allow: ALLOW },
    })));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  const close = async () => {
    await new Promise<void>((r) => { server.close(() => r()); server.closeAllConnections(); });
    await pool.close();
    log.flush();
  };
  const ready = (async () => {
    const started = Date.now();
    const spec = loadCatalog(catalogPath);
    // While loading nothing else runs, so the precompute gets a pool of one thread per core,
    // started now so its threads boot while the files load; it is closed once the snapshot is built.
    const loadPool = createPool({ poolThreads: availableParallelism(), poolMaxQueue: Number.MAX_SAFE_INTEGER });
    try {
      log.info({ catalog: catalogPath, datasets: spec.datasets.length, fields: spec.fields.length }, 'loading catalog');
      state.snapshot = await createSnapshot(spec, loadPool, undefined, (message, fields) => log.info(fields, message));
    } finally {
      await loadPool.close();
    }
    const s = state.snapshot;
    log.info({ catalog: catalogPath, version: s.version, fields: s.fields.size, concepts: s.concepts.size,
      rows: Object.fromEntries([...s.datasets.values()].map((d) => [d.name, d.rows])), ms: Date.now() - started }, 'ready');
  })();
  return { server, url, state, pool, ready, close };
}
