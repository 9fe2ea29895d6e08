// Prometheus metrics with prom-client: requests and latencies by route and status, pool, caches and snapshot gauges, process metrics.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { BUCKETS, createRequestSeries } from './request-series.ts';

/** The values read at each scrape. */
export type Gauges = {
  pool: { queued: number; utilization: number; threads: number };
  ready: boolean;
  rows: Record<string, number>; // datasets it is safe to name → rows
  replyCacheBytes: number;
  memoBytes: number;
  brush: { bytes: number; views: number; charts: number; ms: number; answered: number }; // src/snapshot/brush.ts
  reloads: { ok: number; failed: number }; // reloads (SIGHUP) since start, by outcome
  treeIndexBytes: number; // the model tree's row → parent and row → entity arrays (0 without a root)
};

export type Metrics = {
  /** Counts one answered request (called once per request, so kept to plain arithmetic). */
  observe(route: string, status: number, seconds: number): void;
  /** Counts one engine query (API.md §14) by engine name, never by anything of its address or credentials. */
  observeEngine(engine: string, seconds: number, ok: boolean, rows: number): void;
  /** Counts a reply-cache lookup. */
  countCache(hit: boolean): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ text: string; contentType: string }>;
};

/** A registry of its own (so several apps in one process do not collide), with Node's process metrics. */
export function createMetrics(read: () => Gauges): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Per request only plain arithmetic on our own series (see createRequestSeries); prom-client reads them at scrape.
  const series = createRequestSeries();
  series.register(
    registry,
    { counter: 'sorrel_requests_total', histogram: 'sorrel_request_duration_seconds' },
    {
      counter: 'Requests answered, by route and status.',
      histogram: 'Time from request to the end of the answer, by route and status.',
    },
  );
  const cacheCounts = { hit: 0, miss: 0 };
  new Counter({
    name: 'sorrel_reply_cache_requests_total',
    help: 'Reply-cache lookups by result (hit, miss).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.labels('hit').inc(cacheCounts.hit);
      this.labels('miss').inc(cacheCounts.miss);
    },
  });
  const gauge = (name: string, help: string, value: (g: Gauges) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(read()));
      },
    });
  gauge('sorrel_pool_queue', 'Compute tasks waiting for a worker thread.', (g) => g.pool.queued);
  gauge(
    'sorrel_pool_utilization',
    "Share of the worker threads' time spent computing (0–1).",
    (g) => g.pool.utilization,
  );
  gauge('sorrel_pool_threads', 'Compute worker threads.', (g) => g.pool.threads);
  gauge('sorrel_ready', '1 once data and indexes are loaded, else 0.', (g) => (g.ready ? 1 : 0));
  gauge('sorrel_reply_cache_bytes', 'Bytes held by the reply cache.', (g) => g.replyCacheBytes);
  gauge('sorrel_dist_memo_bytes', 'Bytes held by the memo of context-naive distributions.', (g) => g.memoBytes);
  gauge('sorrel_brush_index_bytes', 'Bytes held by the linked-brushing indexes of the snapshot.', (g) => g.brush.bytes);
  gauge(
    'sorrel_brush_index_charts',
    'Charts indexed for linked brushing since the snapshot was made.',
    (g) => g.brush.charts,
  );
  gauge('sorrel_brush_build_seconds', 'Pool time spent building linked-brushing indexes.', (g) => g.brush.ms / 1e3);
  gauge('sorrel_brush_answers', 'Requests answered from a linked-brushing index.', (g) => g.brush.answered);
  new Counter({
    name: 'sorrel_reloads_total',
    help: 'Reloads (SIGHUP) by outcome: ok (swapped in), failed (the old snapshot kept serving).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const { ok, failed } = read().reloads;
      this.reset();
      this.labels('ok').inc(ok);
      this.labels('failed').inc(failed);
    },
  });
  gauge(
    'sorrel_tree_index_bytes',
    "Bytes of the model tree's index: resolved links and entity arrays (0 without a root).",
    (g) => g.treeIndexBytes,
  );
  new Gauge({
    name: 'sorrel_snapshot_rows',
    help: 'Rows of each dataset in the served snapshot.',
    labelNames: ['dataset'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [dataset, rows] of Object.entries(read().rows)) this.labels(dataset).set(rows);
    },
  });

  // Engine queries take milliseconds to seconds each: prom-client's own objects are cheap enough here.
  const engineQueries = new Counter({
    name: 'sorrel_engine_queries_total',
    help: 'Queries sent to each engine (API.md §14), by outcome (ok, error).',
    labelNames: ['engine', 'outcome'],
    registers: [registry],
  });
  const engineErrors = new Counter({
    name: 'sorrel_engine_errors_total',
    help: 'Engine queries that failed: unreachable, past the deadline, or refused by the engine.',
    labelNames: ['engine'],
    registers: [registry],
  });
  const engineRows = new Counter({
    name: 'sorrel_engine_rows_total',
    help: 'Rows received from each engine: bounded by the answers (groups, cells, a page), never by the table (API.md §14).',
    labelNames: ['engine'],
    registers: [registry],
  });
  const engineSeconds = new Histogram({
    name: 'sorrel_engine_query_duration_seconds',
    help: 'Time from sending an engine query to its last row (or its failure), by engine.',
    labelNames: ['engine'],
    buckets: [...BUCKETS, 30],
    registers: [registry],
  });

  return {
    observe: series.observe,
    observeEngine: (engine, seconds, ok, rows) => {
      engineQueries.labels(engine, ok ? 'ok' : 'error').inc();
      engineRows.labels(engine).inc(rows);
      if (!ok) engineErrors.labels(engine).inc();
      engineSeconds.labels(engine).observe(seconds);
    },
    countCache: (isHit) => {
      if (isHit) cacheCounts.hit++;
      else cacheCounts.miss++;
    },
    scrape: async () => ({ text: await registry.metrics(), contentType: registry.contentType }),
  };
}
