// Operations endpoints (API.md §10): /healthz, /readyz and /metrics.
import type { Polka } from 'polka';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/create.ts';
import { notReady } from './errors.ts';
import type { Metrics } from './metrics.ts';
import { sendError, sendJson, sendText } from './respond.ts';

/** Adds the operations endpoints to `app`. */
export function addOpsRoutes(app: Polka, state: { snapshot: Snapshot | null }, pool: Pool, metrics: Metrics): void {
  app.get('/healthz', (req, res) => { sendJson(req, res, 200, { status: 'ok' }); });
  app.get('/readyz', (req, res) => {
    if (state.snapshot) sendJson(req, res, 200, { status: 'ready', version: state.snapshot.version });
    else sendError(req, res, notReady('Loading data; not ready yet.'));
  });
  app.get('/metrics', (_req, res) => {
    const s = state.snapshot, p = pool.stats();
    const text = metrics.toText({
      sorrel_pool_queue: p.queued, sorrel_pool_utilization: p.utilization, sorrel_pool_threads: p.threads,
      sorrel_ready: s ? 1 : 0,
      sorrel_snapshot_rows: Object.fromEntries([...(s?.datasets.values() ?? [])].map((d) => [d.name, d.rows])),
    });
    sendText(res, text, 'text/plain; version=0.0.4; charset=utf-8');
  });
}
