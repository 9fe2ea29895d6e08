// Operations endpoints (API.md §10): /healthz, /readyz and /metrics.
import type { Polka } from 'polka';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/create.ts';
import type { Config } from '../config.ts';
import type { User } from '../contract/model.ts';
import { toMemoBytes } from '../snapshot/memo.ts';
import { HttpError, notReady } from './errors.ts';
import type { ReplyCache } from './reply-cache.ts';
import type { Metrics } from './metrics.ts';
import { sendError, sendJson, sendText } from './respond.ts';

const ANONYMOUS: User = { name: 'anonymous', privileged: false, groups: [] };

export type OpsOptions = { state: { snapshot: Snapshot | null }; pool: Pool; metrics: Metrics; replies: ReplyCache; config: Config };

/**
 * Adds the operations endpoints to `app`. /metrics needs the configured token when there is one,
 * and names only datasets that some field visible to anonymous users already names (no leak of
 * datasets whose fields are hidden).
 */
export function addOpsRoutes(app: Polka, { state, pool, metrics, replies, config }: OpsOptions): void {
  app.get('/healthz', (req, res) => { sendJson(req, res, 200, { status: 'ok' }); });
  app.get('/readyz', (req, res) => {
    if (state.snapshot) sendJson(req, res, 200, { status: 'ready', version: state.snapshot.version });
    else sendError(req, res, notReady('Loading data; not ready yet.'));
  });
  app.get('/metrics', (req, res) => {
    if (config.metricsToken !== null && req.headers.authorization !== `Bearer ${config.metricsToken}`) {
      sendError(req, res, new HttpError(401, 'UNAUTHORIZED', 'The metrics need the metrics token: send Authorization: Bearer <SORREL_METRICS_TOKEN>.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="sorrel-metrics"' },
      }));
      return;
    }
    const s = state.snapshot, p = pool.stats();
    const named = new Set(s ? [...s.fields.values()].filter((f) => s.isFieldVisible(ANONYMOUS, f.id)).map((f) => f.dataset) : []);
    const text = metrics.toText({
      sorrel_pool_queue: p.queued, sorrel_pool_utilization: p.utilization, sorrel_pool_threads: p.threads,
      sorrel_ready: s ? 1 : 0,
      sorrel_snapshot_rows: Object.fromEntries([...(s?.datasets.values() ?? [])].filter((d) => named.has(d.name)).map((d) => [d.name, d.rows])),
      sorrel_reply_cache_bytes: replies.bytes,
      sorrel_dist_memo_bytes: s ? toMemoBytes(s) : 0,
    });
    sendText(res, text, 'text/plain; version=0.0.4; charset=utf-8');
  });
}
