// The Polka app: routing, method rules, authentication, ETags, CORS, logging; handlers return data.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import polka, { type Request } from 'polka';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { HttpError } from './errors.ts';
import { addWebRoutes } from './http/static.ts';
import { createMetrics } from './metrics.ts';
import { toVisibilityKey } from './model.ts';
import type { Pool } from './pool-types.ts';
import { createReplyCache } from './reply-cache.ts';
import { sendBytes, sendError, sendJson, sendNotModified, toCorsHeaders } from './respond.ts';
import { getConcept, listConceptFields, listConcepts } from './routes/concepts.ts';
import { getDist } from './routes/dist.ts';
import { getOpenApi } from './routes/openapi.ts';
import { getField, listFields } from './routes/fields.ts';
import { getRoot } from './routes/root.ts';
import { getStats } from './routes/stats.ts';
import type { Handler, Query } from './routes/types.ts';
import { getValues } from './routes/values.ts';
import type { Snapshot } from './snapshot.ts';

export type AppState = { snapshot: Snapshot | null };
export type AppOptions = { state: AppState; pool: Pool; config: Config; logger: Logger };

type Req = Request & { query: Query; params: Record<string, string>; route?: string; userName?: string };

const ALLOW = 'GET, HEAD, OPTIONS';
const ROUTES: [string, string, Handler][] = [
  ['/api', 'root', getRoot],
  ['/api/openapi.json', 'openapi', getOpenApi],
  ['/api/concepts', 'concepts', listConcepts],
  ['/api/concepts/:id', 'concept', getConcept],
  ['/api/concepts/:id/fields', 'concept_fields', listConceptFields],
  ['/api/fields', 'fields', listFields],
  ['/api/fields/:id', 'field', getField],
  ['/api/fields/:id/values', 'values', getValues],
  ['/api/fields/:id/dist', 'dist', getDist],
  ['/api/fields/:id/stats', 'stats', getStats],
];

/** Creates the request handler over a swappable snapshot holder; `listen` it or pass it to http. */
export function createApp({ state, pool, config, logger }: AppOptions) {
  const metrics = createMetrics();
  const replies = createReplyCache(config.replyCacheBytes);
  const app = polka<Req>({
    onError: (err: unknown, req: Req, res: ServerResponse) => {
      if (!(err instanceof HttpError)) logger.error({ err, path: req.path }, 'unhandled error');
      sendError(req, res, err, { ...toCorsHeaders(req, config), Vary: 'Authorization, Origin' });
    },
    onNoMatch: (req: Req, res: ServerResponse) => {
      sendError(req, res, new HttpError(404, 'NOT_FOUND', `No resource at ${req.path}. See GET /api/.`), toCorsHeaders(req, config));
    },
  });

  // Method rules, CORS preflight, and one log line + metric per request.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const route = req.route ?? 'other';
      metrics.observe(route, res.statusCode, seconds);
      logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(seconds * 1e6) / 1e3, user: req.userName ?? null }, 'request');
    });
    res.setHeader('Vary', 'Authorization, Origin');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      for (const [k, v] of Object.entries(toCorsHeaders(req, config))) res.setHeader(k, v);
      res.setHeader('Allow', ALLOW);
      res.setHeader('Access-Control-Allow-Methods', ALLOW);
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, If-None-Match, Content-Type');
      res.setHeader('Access-Control-Max-Age', '600');
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(req, res, new HttpError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed; this API is read-only (${ALLOW}).`), { Allow: ALLOW, ...toCorsHeaders(req, config) });
      return;
    }
    next();
  });

  app.get('/healthz', (req, res) => { sendJson(req, res, 200, { status: 'ok' }); });
  app.get('/readyz', (req, res) => {
    if (state.snapshot) sendJson(req, res, 200, { status: 'ready', version: state.snapshot.version });
    else sendJson(req, res, 503, { status: 503, code: 'UNAVAILABLE', message: 'Loading data; not ready yet.' }, { 'Retry-After': '1' });
  });
  app.get('/metrics', (_req, res) => {
    const s = state.snapshot, p = pool.stats();
    const text = metrics.toText({
      sorrel_pool_queue: p.queued, sorrel_pool_utilization: p.utilization, sorrel_pool_threads: p.threads,
      sorrel_ready: s ? 1 : 0,
      sorrel_snapshot_rows: Object.fromEntries([...(s?.datasets.values() ?? [])].map((d) => [d.name, d.rows])),
    });
    res.setHeader('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    res.end(text);
  });

  for (const [path, route, handler] of ROUTES) {
    app.get(path, async (req, res) => {
      req.route = route;
      await serve(req, res, handler);
    });
  }
  addWebRoutes(app);      // the web catalog browser at / (src/http/static.ts)

  async function serve(req: Req, res: ServerResponse, handler: Handler): Promise<void> {
    const snapshot = state.snapshot;
    const cors = toCorsHeaders(req, config);
    if (!snapshot) throw new HttpError(503, 'UNAVAILABLE', 'Loading data; not ready yet. Retry shortly.', undefined, { 'Retry-After': '1' });
    const auth = snapshot.authenticate(req.headers.authorization);
    const user = auth instanceof Promise ? await auth : auth;       // no await (no hop) unless a JWT
    req.userName = user.name;
    const path = req.path.endsWith('/') ? req.path : `${req.path}/`;
    const baseUrl = toBaseUrl(req, config);
    const query = req.query;
    const headers: Record<string, string> = { ...cors, 'Cache-Control': config.cacheControl };

    // A strong validator from data version + visibility + normalised request, known before any work,
    // so a matching If-None-Match costs nothing. An unseeded random draw is not repeatable: no ETag.
    // If-None-Match compares weakly (RFC 9110 §13.1.2); `*` matches only an answer that exists,
    // so it is checked after the handler succeeds.
    const deterministic = !(req.route === 'values' && query.random !== undefined && query.seed === undefined);
    const tags = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
    const matchesAny = tags.includes('*');
    // The normalised request is the reply cache's key; the ETag is its hash, kept with the cached
    // answer so a hit hashes nothing.
    const key = deterministic ? JSON.stringify([snapshot.version, toVisibilityKey(user), baseUrl, toCanonicalPath(path), toSortedQuery(query)]) : '';
    if (deterministic) {
      const hit = replies.get(key);
      const etag = hit?.etag ?? `"${createHash('sha1').update(key).digest('base64url')}"`;
      headers.ETag = etag;
      if (tags.includes(etag)) return sendNotModified(res, headers);
      if (hit) return matchesAny ? sendNotModified(res, headers) : sendBytes(req, res, 200, hit.body, { ...headers, ...hit.headers });
    }
    const ac = new AbortController();
    res.on('close', () => { if (!res.writableFinished) ac.abort(); });
    let reply;
    try {
      reply = await handler({ snapshot, pool, config, user, path, params: req.params, query, baseUrl, signal: ac.signal });
    } catch (err) {
      if (ac.signal.aborted) return;       // the client went away; its task was cancelled
      throw err;
    }
    if (ac.signal.aborted) return;
    if (matchesAny) return sendNotModified(res, headers);
    const bytes = sendJson(req, res, 200, reply.body, { ...headers, ...reply.headers });
    if (headers.ETag) replies.set(key, headers.ETag, bytes, reply.headers ?? {});
  }

  return app;
}


/** The path with percent-escapes decoded, so `/api/fields/%31/` and `/api/fields/1/` share an ETag. */
function toCanonicalPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Query parameters as sorted [key, values] pairs: the normalised request for the ETag. */
function toSortedQuery(query: Query): [string, string[]][] {
  return Object.keys(query).sort().map((k) => {
    const v = query[k];
    return [k, v === undefined ? [] : Array.isArray(v) ? v : [v]];
  });
}

/** The absolute origin (+ prefix) for _links: configured, or from the request (and proxy headers when trusted). */
function toBaseUrl(req: IncomingMessage, config: Config): string {
  if (config.baseUrl) return config.baseUrl.replace(/\/+$/, '');
  const first = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h)?.split(',')[0].trim();
  let proto = 'http', host = req.headers.host ?? 'localhost', prefix = '';
  if (config.trustProxy) {
    proto = first(req.headers['x-forwarded-proto']) || proto;
    host = first(req.headers['x-forwarded-host']) || host;
    prefix = (first(req.headers['x-forwarded-prefix']) ?? '').replace(/\/+$/, '');
    if (prefix && !prefix.startsWith('/')) prefix = `/${prefix}`;
  }
  return `${proto}://${host}${prefix}`;
}
