// Service configuration: defaults, environment overrides, and the limits API.md names.
import { availableParallelism } from 'node:os';

export type Config = {
  port: number;
  host: string;
  baseUrl: string | null; // fixed origin (+ prefix) for _links; null = from the request
  trustProxy: boolean; // honour X-Forwarded-Host / -Proto / -Prefix
  corsOrigins: string[]; // allowed origins; '*' entry allows any (still echoed, never '*')
  cacheControl: string;
  maxValuesLimit: number; // largest `limit` (and `limit=0` page) on /values/
  maxRandom: number; // largest `random`
  maxGroups: number; // largest number of groups in /dist/ (unless clustered, API.md §13)
  maxClusterPoints: number; // above this many groups a clustered /dist/ gathers them on a grid first (API.md §13)
  maxDimensions: number;
  maxBodyBytes: number; // largest request body (POST …/values/ validation)
  maxValidate: number; // most values validated by one POST …/values/
  poolThreads: number; // Piscina threads
  workerNice: number; // the nice value each worker thread lowers itself to (workers/priority.ts); 0 = the main thread's
  poolMaxQueue: number; // queued tasks before 503
  splitRows: number; // a table task over at least this many rows is split across idle threads (src/parallel/split.ts)
  logLevel: string;
  replyCacheBytes: number; // memory for serialised answers reused for repeated requests (0 = off)
  memoBytes: number; // memory for context-naive distributions kept per snapshot
  indexBytes: number | null; // memory for linked-brushing indexes per snapshot (src/snapshot/brush.ts); null = half the tables' Arrow bytes, 0 = off
  warmDists: boolean; // compute each field's default naive distribution into the memo after start-up (src/serve/warm.ts)
  metricsToken: string | null; // when set, /metrics needs `Authorization: Bearer <token>`
  metricsPublic: boolean; // without a token: true = /metrics open to all, false (default) = /metrics is a 404
  rateLimit: number; // uncached requests per second per client (API key, JWT subject or address); 0 = no limit
  rateBurst: number; // the requests a client that was idle may send at once
  headersTimeoutMs: number; // a request head must arrive within this (else 408)
  requestTimeoutMs: number; // a whole request, head and body, must arrive within this (else 408)
  keepAliveTimeoutMs: number; // an idle keep-alive connection is closed after this
  drainGraceMs: number; // after SIGTERM/SIGINT: /readyz 503 while the listener keeps accepting this long
  drainTimeoutMs: number; // then requests in flight may take this long to finish before they are cut
  listenBacklog: number; // connections the kernel queues before Sorrel accepts them (capped by net.core.somaxconn)
  fairConnections: number; // above this many open connections, each is read once per event-loop turn (0 = off)
  searchValuesPerField: number; // engine fields with more distinct values search them on the engine (API.md §14)
  bufferBytes: number | null; // the most Arrow bytes one shared buffer of a table holds; null = BUFFER_BYTES (src/contract/storage.ts)
  engineTimeoutMs: number; // the deadline of one engine query (API.md §14), also the engine's max_execution_time
};

export const DEFAULT_CONFIG: Config = {
  port: 8000,
  host: '0.0.0.0',
  baseUrl: null,
  trustProxy: false,
  corsOrigins: [],
  cacheControl: 'private, no-cache',
  maxValuesLimit: 100_000,
  maxRandom: 1000,
  maxGroups: 50_000,
  maxClusterPoints: 50_000,
  maxDimensions: 4,
  maxBodyBytes: 1024 * 1024,
  maxValidate: 10_000,
  poolThreads: 1,
  // Worker threads yield to the main thread, whose event loop answers every request: with one thread
  // per core a request may use every core without holding up the loop (bench/README.md, `loop`).
  workerNice: 10,
  poolMaxQueue: 256,
  // Below about a million rows a table task takes a few milliseconds, and its parts' hand-offs and
  // merge eat the gain (bench/README.md, `scale`).
  splitRows: 1_000_000,
  logLevel: 'info',
  replyCacheBytes: 64 * 1024 * 1024,
  memoBytes: 64 * 1024 * 1024,
  indexBytes: null,
  warmDists: true,
  metricsToken: null,
  metricsPublic: false,
  // A page of the browser costs a few dozen uncached answers at once; brushing a chart, a few a second.
  rateLimit: 20,
  rateBurst: 100,
  // A head is at most 64 KiB and a body 1 MiB (SORREL_MAX_BODY_BYTES): a client that takes longer
  // holds a socket for nothing (docs/operations.md, "Many connections").
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  drainGraceMs: 5_000,
  drainTimeoutMs: 30_000,
  listenBacklog: 4096,
  fairConnections: 256,
  searchValuesPerField: 100_000,
  bufferBytes: null,
  engineTimeoutMs: 30_000,
};

/** Reads the configuration from environment variables (documented in docs/cli.md); throws on a bad value. */
export function toConfig(env: NodeJS.ProcessEnv): Config {
  // One worker thread per core, so that one large request may use them all (src/parallel/split.ts).
  const c: Config = { ...DEFAULT_CONFIG, poolThreads: availableParallelism() };
  const int = (name: string, min: number): number | undefined => {
    const v = env[name];
    if (v === undefined || v === '') return undefined;
    if (!/^\d+$/.test(v) || Number(v) < min)
      throw new Error(`${name} must be a whole number ≥ ${min}, got ${JSON.stringify(v)}.`);
    return Number(v);
  };
  const seconds = (name: string): number | undefined => {
    const v = env[name];
    if (v === undefined || v === '') return undefined;
    if (!/^\d+(\.\d+)?$/.test(v))
      throw new Error(`${name} must be a number of seconds ≥ 0 (e.g. 5 or 0.5), got ${JSON.stringify(v)}.`);
    return Math.round(Number(v) * 1000);
  };
  const bool = (name: string): boolean | undefined => {
    const v = env[name]?.toLowerCase();
    if (v === undefined || v === '') return undefined;
    if (['true', '1', 'yes'].includes(v)) return true;
    if (['false', '0', 'no'].includes(v)) return false;
    throw new Error(`${name} must be true or false, got ${JSON.stringify(env[name])}.`);
  };
  c.port = int('PORT', 0) ?? c.port;
  c.host = env.HOST || c.host;
  c.baseUrl = env.SORREL_BASE_URL || null;
  c.trustProxy = bool('SORREL_TRUST_PROXY') ?? c.trustProxy;
  c.corsOrigins = (env.SORREL_CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  c.cacheControl = env.SORREL_CACHE_CONTROL || c.cacheControl;
  c.maxValuesLimit = int('SORREL_MAX_VALUES_LIMIT', 1) ?? c.maxValuesLimit;
  c.maxRandom = int('SORREL_MAX_RANDOM', 1) ?? c.maxRandom;
  c.maxGroups = int('SORREL_MAX_GROUPS', 1) ?? c.maxGroups;
  c.maxClusterPoints = int('SORREL_MAX_CLUSTER_POINTS', 1) ?? c.maxClusterPoints;
  c.maxBodyBytes = int('SORREL_MAX_BODY_BYTES', 1) ?? c.maxBodyBytes;
  c.maxValidate = int('SORREL_MAX_VALIDATE', 1) ?? c.maxValidate;
  c.poolThreads = int('SORREL_THREADS', 1) ?? c.poolThreads;
  c.workerNice = toWorkerNice(env);
  c.poolMaxQueue = int('SORREL_MAX_QUEUE', 1) ?? c.poolMaxQueue;
  c.splitRows = int('SORREL_SPLIT_ROWS', 1) ?? c.splitRows;
  c.logLevel = env.LOG_LEVEL || c.logLevel;
  c.replyCacheBytes = (int('SORREL_REPLY_CACHE_MB', 0) ?? c.replyCacheBytes / 2 ** 20) * 2 ** 20;
  c.memoBytes = (int('SORREL_MEMO_MB', 0) ?? c.memoBytes / 2 ** 20) * 2 ** 20;
  const indexMb = int('SORREL_INDEX_MB', 0);
  c.indexBytes = indexMb === undefined ? c.indexBytes : indexMb * 2 ** 20;
  c.warmDists = bool('SORREL_WARM_DISTS') ?? c.warmDists;
  c.metricsToken = env.SORREL_METRICS_TOKEN || null;
  c.metricsPublic = bool('SORREL_METRICS_PUBLIC') ?? c.metricsPublic;
  c.rateLimit = toRateLimit(env);
  c.rateBurst = int('SORREL_RATE_BURST', 1) ?? c.rateBurst;
  c.headersTimeoutMs = int('SORREL_HEADERS_TIMEOUT_MS', 1) ?? c.headersTimeoutMs;
  c.requestTimeoutMs = int('SORREL_REQUEST_TIMEOUT_MS', 1) ?? c.requestTimeoutMs;
  c.keepAliveTimeoutMs = int('SORREL_KEEPALIVE_TIMEOUT_MS', 1) ?? c.keepAliveTimeoutMs;
  c.drainGraceMs = seconds('SORREL_DRAIN_GRACE') ?? c.drainGraceMs;
  c.drainTimeoutMs = seconds('SORREL_DRAIN_TIMEOUT') ?? c.drainTimeoutMs;
  c.listenBacklog = int('SORREL_LISTEN_BACKLOG', 1) ?? c.listenBacklog;
  c.fairConnections = int('SORREL_FAIR_CONNECTIONS', 0) ?? c.fairConnections;
  c.searchValuesPerField = int('SORREL_SEARCH_VALUES_PER_FIELD', 0) ?? c.searchValuesPerField;
  c.bufferBytes = toBufferBytes(env);
  c.engineTimeoutMs = toEngineTimeoutMs(env);
  return c;
}

/** SORREL_ENGINE_TIMEOUT (seconds, may be fractional, > 0) in milliseconds; 30 s when unset; throws on a bad value. */
export function toEngineTimeoutMs(env: NodeJS.ProcessEnv): number {
  const v = env.SORREL_ENGINE_TIMEOUT;
  if (v === undefined || v === '') return DEFAULT_CONFIG.engineTimeoutMs;
  if (!/^\d+(\.\d+)?$/.test(v) || Number(v) <= 0)
    throw new Error(
      `SORREL_ENGINE_TIMEOUT must be a number of seconds > 0 (e.g. 30 or 0.5), got ${JSON.stringify(v)}.`,
    );
  return Math.max(1, Math.round(Number(v) * 1000));
}

/** SORREL_RATE_LIMIT (uncached requests per second per client, may be fractional; 0 = off), or the default 20; throws on a bad value. */
export function toRateLimit(env: NodeJS.ProcessEnv): number {
  const v = env.SORREL_RATE_LIMIT;
  if (v === undefined || v === '') return DEFAULT_CONFIG.rateLimit;
  if (!/^\d+(\.\d+)?$/.test(v))
    throw new Error(
      `SORREL_RATE_LIMIT must be a number of requests per second ≥ 0 (e.g. 20 or 0.5; 0 = no limit), got ${JSON.stringify(v)}.`,
    );
  return Number(v);
}

/** SORREL_WORKER_NICE (0..19; 0 = as the main thread), or the default 10; throws on a bad value. */
export function toWorkerNice(env: NodeJS.ProcessEnv): number {
  const v = env.SORREL_WORKER_NICE;
  if (v === undefined || v === '') return DEFAULT_CONFIG.workerNice;
  if (!/^\d+$/.test(v) || Number(v) > 19)
    throw new Error(`SORREL_WORKER_NICE must be a whole number from 0 to 19, got ${JSON.stringify(v)}.`);
  return Number(v);
}

// One shared buffer is read through one Uint8Array, which Node 20 limits to 4 GiB: room is left for the IPC metadata.
const MAX_BUFFER_MB = 4000;

/** SORREL_BUFFER_MB in bytes (1..4000 MiB), or null when unset; throws on a bad value. */
export function toBufferBytes(env: NodeJS.ProcessEnv): number | null {
  const v = env.SORREL_BUFFER_MB;
  if (v === undefined || v === '') return null;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_BUFFER_MB)
    throw new Error(
      `SORREL_BUFFER_MB must be a whole number of MiB from 1 to ${MAX_BUFFER_MB}, got ${JSON.stringify(v)}.`,
    );
  return Number(v) * 2 ** 20;
}
