// Operations endpoints (API.md §10): /healthz, /readyz and /metrics.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Polka } from 'polka';
import type { EngineBoard } from '../contract/engine.ts';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/build/create.ts';
import type { Config } from '../config.ts';
import type { User } from '../contract/model.ts';
import type { TreeRef } from '../contract/tree.ts';
import { toMemoBytes } from '../snapshot/memo.ts';
import { toBrushStats } from '../snapshot/brush.ts';
import { HttpError, notReady } from './errors.ts';
import type { ReplyCache } from './reply-cache.ts';
import type { Gauges, Metrics } from './metrics.ts';
import { sendError, sendJson, sendText } from './write.ts';

const ANONYMOUS: User = { name: 'anonymous', privileged: false, groups: [] };

/** A reload's outcome as /readyz shows it: no problem texts or paths (the endpoint is public; the log has them). */
export type ReloadStatus = { ok: boolean; at: string; problems: number };

/** What the process lifecycle (src/serve/lifecycle.ts) tells the app: a drain has begun, and how reloads went. */
export type LifecycleStatus = {
  draining: boolean;
  reload: ReloadStatus | null;
  reloads: { ok: number; failed: number };
};

/** The swappable snapshot (a reload replaces it; a request keeps the one it started with) and the lifecycle's status. */
export type OpsState = { snapshot: Snapshot | null; lifecycle?: LifecycleStatus };

export type OpsOptions = { state: OpsState; metrics: Metrics; config: Config; engines?: EngineBoard };

/**
 * The gauges read at each scrape. Datasets are named only when some field visible to anonymous
 * users already names them, so /metrics reveals no dataset whose fields are all hidden.
 */
export function toGauges(state: OpsState, pool: Pool, replies: ReplyCache): Gauges {
  const s = state.snapshot;
  const named = new Set(
    s ? [...s.fields.values()].filter((f) => s.isFieldVisible(ANONYMOUS, f.id)).map((f) => f.dataset) : [],
  );
  return {
    pool: pool.stats(),
    ready: s !== null,
    replyCacheBytes: replies.bytes,
    memoBytes: s ? toMemoBytes(s) : 0,
    brush: toBrushStats(s ?? {}),
    treeIndexBytes: s?.tree ? toTreeIndexBytes(s.tree) : 0,
    rows: Object.fromEntries(
      [...(s?.datasets.values() ?? [])].filter((d) => named.has(d.name)).map((d) => [d.name, d.rows]),
    ),
    reloads: state.lifecycle?.reloads ?? { ok: 0, failed: 0 },
  };
}

/** Bytes of a tree's index: one Int32Array per resolved link and per entity array. */
export function toTreeIndexBytes(tree: TreeRef): number {
  return [...tree.resolved, ...Object.values(tree.entity)].reduce((sum, b) => sum + b.byteLength, 0);
}

/**
 * Who may read /metrics. Its series name routes, datasets and load, so it is not public by default:
 * with SORREL_METRICS_TOKEN it needs that bearer token; without one it answers 404 like an unknown
 * path unless SORREL_METRICS_PUBLIC=true says the port is reachable only by the scraper. The token is
 * compared as SHA-256 digests in constant time, so neither its bytes nor its length show in timings.
 */
export function toMetricsAccess(config: Config): ((req: IncomingMessage) => boolean) | null {
  if (config.metricsToken === null) return config.metricsPublic ? () => true : null;
  const expected = digest(`Bearer ${config.metricsToken}`);
  return (req) => {
    const given = req.headers.authorization;
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Adds the operations endpoints to `app`; /metrics as toMetricsAccess says. */
export function addOpsRoutes(app: Polka, { state, metrics, config, engines }: OpsOptions): void {
  app.get('/healthz', (req, res) => {
    sendJson(req, res, 200, { status: 'ok' });
  });
  // Each engine's reachability (API.md §14): names only. An engine that is down does not make the
  // replica unready: its in-memory datasets still answer, engine answers are 503 ENGINE_UNAVAILABLE.
  app.get('/readyz', async (req, res) => {
    const life = state.lifecycle;
    const status = state.snapshot?.engines && engines ? await engines.status() : null;
    if (life?.draining)
      sendError(
        req,
        res,
        notReady('Draining: this server is shutting down and finishing the requests it has; send new ones elsewhere.'),
      );
    else if (!state.snapshot) sendError(req, res, notReady('Loading data; not ready yet.'));
    else
      sendJson(req, res, 200, {
        status: 'ready',
        version: state.snapshot.version,
        ...(life?.reload ? { reload: life.reload } : {}),
        ...(status
          ? { engines: Object.fromEntries(Object.entries(status).map(([name, up]) => [name, up ? 'up' : 'down'])) }
          : {}),
      });
  });
  // Not served at all (the app's 404 for unknown paths) unless a token or SORREL_METRICS_PUBLIC allows it.
  const isAllowed = toMetricsAccess(config);
  if (isAllowed === null) return;
  app.get('/metrics', async (req, res) => {
    if (!isAllowed(req)) {
      sendError(
        req,
        res,
        new HttpError(
          401,
          'UNAUTHORIZED',
          'The metrics need the metrics token: send Authorization: Bearer <SORREL_METRICS_TOKEN>.',
          {
            headers: { 'WWW-Authenticate': 'Bearer realm="sorrel-metrics"' },
          },
        ),
      );
      return;
    }
    const { text, contentType } = await metrics.scrape();
    sendText(res, text, contentType);
  });
}
