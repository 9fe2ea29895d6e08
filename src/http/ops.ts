// Operations endpoints (API.md §10): /healthz, /readyz and /metrics.
import type { Polka } from 'polka';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/create.ts';
import type { Config } from '../config.ts';
import type { User } from '../contract/model.ts';
import type { TreeRef } from '../contract/tree.ts';
import { toMemoBytes } from '../snapshot/memo.ts';
import { HttpError, notReady } from './errors.ts';
import type { ReplyCache } from './reply-cache.ts';
import type { Gauges, Metrics } from './metrics.ts';
import { sendError, sendJson, sendText } from './respond.ts';

const ANONYMOUS: User = { name: 'anonymous', privileged: false, groups: [] };

export type OpsOptions = { state: { snapshot: Snapshot | null }; metrics: Metrics; config: Config };

/**
 * The gauges read at each scrape. Datasets are named only when some field visible to anonymous
 * users already names them, so /metrics reveals no dataset whose fields are all hidden.
 */
export function toGauges(state: { snapshot: Snapshot | null }, pool: Pool, replies: ReplyCache): Gauges {
  const s = state.snapshot;
  const named = new Set(s ? [...s.fields.values()].filter((f) => s.isFieldVisible(ANONYMOUS, f.id)).map((f) => f.dataset) : []);
  return {
    pool: pool.stats(), ready: s !== null, replyCacheBytes: replies.bytes, memoBytes: s ? toMemoBytes(s) : 0,
    treeIndexBytes: s?.tree ? toTreeIndexBytes(s.tree) : 0,
    rows: Object.fromEntries([...(s?.datasets.values() ?? [])].filter((d) => named.has(d.name)).map((d) => [d.name, d.rows])),
  };
}

/** Bytes of a tree's index: one Int32Array per resolved link and per entity array. */
export function toTreeIndexBytes(tree: TreeRef): number {
  return [...tree.resolved, ...Object.values(tree.entity)].reduce((sum, b) => sum + b.byteLength, 0);
}

/** Adds the operations endpoints to `app`; /metrics needs the configured token when there is one. */
export function addOpsRoutes(app: Polka, { state, metrics, config }: OpsOptions): void {
  app.get('/healthz', (req, res) => { sendJson(req, res, 200, { status: 'ok' }); });
  app.get('/readyz', (req, res) => {
    if (state.snapshot) sendJson(req, res, 200, { status: 'ready', version: state.snapshot.version });
    else sendError(req, res, notReady('Loading data; not ready yet.'));
  });
  app.get('/metrics', async (req, res) => {
    if (config.metricsToken !== null && req.headers.authorization !== `Bearer ${config.metricsToken}`) {
      sendError(req, res, new HttpError(401, 'UNAUTHORIZED', 'The metrics need the metrics token: send Authorization: Bearer <SORREL_METRICS_TOKEN>.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="sorrel-metrics"' },
      }));
      return;
    }
    const { text, contentType } = await metrics.scrape();
    sendText(res, text, contentType);
  });
}
