// The Polka app: the route table, method rules and CORS preflight, one log line and metric per request.
import { toEchoText } from './common/echo.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import polka from 'polka';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { EngineBoard } from './contract/engine.ts';
import type { Pool } from './contract/pool.ts';
import { getConcept, listConceptFields, listConcepts } from './routes/concepts.ts';
import { getDist } from './routes/dist.ts';
import { getEntities } from './routes/entities.ts';
import { getField, listFields } from './routes/fields.ts';
import { getOpenApi } from './routes/openapi.ts';
import { getRoot } from './routes/root.ts';
import { getStats } from './routes/stats.ts';
import { validateValues } from './routes/validate.ts';
import { getValues } from './routes/values.ts';
import { createAnswer, type ApiRequest } from './http/answer.ts';
import type { Route } from './http/route.ts';
import { ALLOW, toCorsHeaders, toPreflightHeaders } from './http/cors.ts';
import { HttpError } from './http/errors.ts';
import { createMetrics } from './http/metrics.ts';
import { addOpsRoutes, toGauges, type OpsState } from './http/ops.ts';
import { toParseMemoBytes } from './http/parse-memo.ts';
import { createReplyCache } from './http/reply-cache.ts';
import { memoizeRoutes } from './http/route-memo.ts';
import { toRequestHandler } from './http/dispatch.ts';
import type { ApiServerResponse } from './http/messages.ts';
import { sendError } from './http/write.ts';
import { addWebRoutes } from './http/static.ts';
import { createClientLimit } from './http/rate-limit.ts';

export type { LifecycleStatus, ReloadStatus } from './http/ops.ts';

/** The swappable snapshot (a reload replaces it; a request keeps the one it started with) and the lifecycle's status. */
export type AppState = OpsState;
/**
 * `engines`: the served catalog's engines (API.md §14), for /readyz and /metrics. `onClose`: called
 * as each response closes, from the app's own one `close` listener (the server's drain bookkeeping).
 */
export type AppOptions = {
  state: AppState;
  pool: Pool;
  config: Config;
  logger: Logger;
  engines?: EngineBoard;
  onClose?: (res: ServerResponse) => void;
};

// A POST on /values/ validates typed values (Cilantro 2.3 sends them): a read, never cached.
const ROUTES: Route<never>[] = [
  getRoot,
  getOpenApi,
  listConcepts,
  getConcept,
  listConceptFields,
  listFields,
  getField,
  { ...getValues, post: validateValues },
  getDist,
  getStats,
  getEntities,
] as Route<never>[];

/** The methods a path answers: GET, HEAD and OPTIONS everywhere, POST where its route has a POST handler. */
type Allowed = { header: string; methods: ReadonlySet<string> };
const toAllowed = (header: string): Allowed => ({ header, methods: new Set(header.split(', ')) });
const READ_ONLY = toAllowed(ALLOW);
const WITH_POST: [RegExp, Allowed][] = ROUTES.filter((r) => r.post).map((r) => [
  new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}/?$`),
  toAllowed('GET, HEAD, POST, OPTIONS'),
]);
function toAllow(path: string): Allowed {
  for (const [re, allowed] of WITH_POST) if (re.test(path)) return allowed;
  return READ_ONLY;
}

/** Creates the request handler over a swappable snapshot holder; `listen` it or pass it to http. */
export function createApp({ state, pool, config, logger, engines, onClose: closed }: AppOptions) {
  // The parse memo (answer.ts) takes its share of the reply cache's bytes.
  const replies = createReplyCache(Math.max(0, config.replyCacheBytes - toParseMemoBytes(config.replyCacheBytes)));
  const metrics = createMetrics(() => toGauges(state, pool, replies));
  engines?.listen(metrics.observeEngine);
  const answer = createAnswer({ state, pool, config, replies, metrics, limit: createClientLimit(config) });
  const app = polka<ApiRequest>({
    onError: (err: unknown, req: ApiRequest, res: ServerResponse) => {
      const e = sendError(req, res, err, toCorsHeaders(req, config));
      if (e.status >= 500 && e.code === 'INTERNAL') logger.error({ err, path: req.path }, 'unhandled error');
    },
    onNoMatch: (req: ApiRequest, res: ServerResponse) => {
      sendError(
        req,
        res,
        new HttpError(404, 'NOT_FOUND', `No resource at ${toEchoText(req.path)}. See GET /api/.`),
        toCorsHeaders(req, config),
      );
    },
  });

  // One metric, at info level one log line, and the server's `onClose`, per request, from one listener
  // shared by all requests (a closure per request, and each further listener, showed up in profiles of
  // reply-cache hits).
  const logRequests = logger.isLevelEnabled('info');
  function onClose(this: ApiServerResponse): void {
    closed?.(this);
    const req = this.req as ApiRequest;
    const seconds = (performance.now() - this.startedAt) / 1e3;
    metrics.observe(req.route ?? 'other', this.statusCode, seconds);
    if (!logRequests) return;
    const entry = {
      method: req.method,
      path: req.path,
      status: this.statusCode,
      ms: Math.round(seconds * 1e6) / 1e3,
      user: req.userName ?? null,
    };
    logger.info(entry, 'request');
  }

  // Method rules and CORS preflight.
  app.use((req, res, next) => {
    const { header: allow, methods } = toAllow(req.path);
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      for (const [k, v] of Object.entries(toPreflightHeaders(req, config, allow))) res.setHeader(k, v);
      res.end();
      return;
    }
    if (!methods.has(req.method ?? '')) {
      const message = `${req.method} is not allowed on ${toEchoText(req.path)}; this API is read-only (${allow}).`;
      sendError(req, res, new HttpError(405, 'METHOD_NOT_ALLOWED', message), {
        Allow: allow,
        ...toCorsHeaders(req, config),
      });
      return;
    }
    next();
  });

  addOpsRoutes(app as never, { state, metrics, config, engines });
  for (const route of ROUTES) {
    // Not async: a reply-cache hit is answered without a promise (Polka's loop awaits what is returned).
    app.get(route.path, (req, res) => {
      req.route = route.name;
      return answer(req, res, route);
    });
    if (route.post) {
      const name = `${route.name}_post`;
      app.post(route.path, (req, res) => {
        req.route = name;
        return answer(req, res, route);
      });
    }
  }
  addWebRoutes(app as never); // the web catalog browser at / (src/http/static.ts)
  memoizeRoutes(app as never); // last: every route is registered
  // Polka's router and handlers, walked without a promise per step (src/http/dispatch.ts), each
  // request timed from here to its response's close.
  const dispatch = toRequestHandler(app as never);
  (app as { handler: unknown }).handler = (req: IncomingMessage, res: ApiServerResponse) => {
    res.startedAt = performance.now();
    res.on('close', onClose);
    dispatch(req, res);
  };
  return app;
}
