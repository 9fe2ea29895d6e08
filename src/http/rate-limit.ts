// A token bucket per client on uncached work (issue 30): who the client is, and whether it may start one more answer now.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import type { User } from '../contract/model.ts';
import { rateLimited } from './errors.ts';

export type RateLimit = {
  /** Takes one token from `client`'s bucket: 0 when there was one, else the seconds until there is (for Retry-After). */
  take(client: string): number;
  /** Clients with a bucket (bounded; see createRateLimit). */
  readonly clients: number;
};

const MAX_CLIENTS = 100_000;

/**
 * `rate` tokens per second refill each client's bucket up to `burst`; a request that costs work
 * takes one. Why a bucket and not a window: a client that was idle may send a page's worth of
 * requests at once (`burst`), yet over time gets no more than `rate`. A client whose bucket would
 * be full again holds no state: at MAX_CLIENTS, such buckets are dropped (a fresh bucket is the
 * same), and if all are busy the oldest go (their clients start full again: lenient, never stuck).
 * `now` is in milliseconds (tests pass their own clock).
 */
export function createRateLimit(
  rate: number,
  burst: number,
  now: () => number = performance.now.bind(performance),
): RateLimit {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refill = (b: { tokens: number; at: number }, t: number) =>
    Math.min(burst, b.tokens + ((t - b.at) / 1000) * rate);
  return {
    take(client) {
      const t = now();
      const b = buckets.get(client);
      if (b === undefined) {
        if (buckets.size >= MAX_CLIENTS) sweep(t);
        buckets.set(client, { tokens: burst - 1, at: t });
        return 0;
      }
      const tokens = refill(b, t);
      b.at = t;
      if (tokens >= 1) {
        b.tokens = tokens - 1;
        return 0;
      }
      b.tokens = tokens;
      return (1 - tokens) / rate;
    },
    get clients() {
      return buckets.size;
    },
  };

  function sweep(t: number): void {
    for (const [k, b] of buckets) if (refill(b, t) >= burst) buckets.delete(k);
    for (const k of buckets.keys()) {
      if (buckets.size < MAX_CLIENTS) break;
      buckets.delete(k);
    }
  }
}

/**
 * Who is asking, for the rate limit: the API key or JWT subject the user authenticated with, else
 * (anonymous) the remote address — with `trustProxy`, the last X-Forwarded-For entry, the address
 * the proxy in front saw (entries before it are the client's own words).
 */
export function toClientKey(req: IncomingMessage, user: User, trustProxy: boolean): string {
  if (user.client !== undefined) return user.client;
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').pop()?.trim();
    if (last) return `addr:${last}`;
  }
  return `addr:${req.socket.remoteAddress ?? ''}`;
}

/**
 * The check answer.ts makes before uncached work: throws 429 RATE_LIMITED (with Retry-After) when
 * the client's bucket is empty; nothing at all when SORREL_RATE_LIMIT is 0.
 */
export function createClientLimit(config: Pick<Config, 'rateLimit' | 'rateBurst' | 'trustProxy'>): ClientLimit {
  const { rateLimit: rate, rateBurst: burst, trustProxy } = config;
  if (rate <= 0) return () => {};
  const buckets = createRateLimit(rate, burst);
  return (req, user) => {
    const wait = buckets.take(toClientKey(req, user, trustProxy));
    if (wait > 0) throw rateLimited(wait, rate, burst);
  };
}

export type ClientLimit = (req: IncomingMessage, user: User) => void;
