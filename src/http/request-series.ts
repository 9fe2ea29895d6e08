// Request counts and latency buckets by route and status, kept in plain arrays; prom-client formats them (own code: see below).
import { Counter, type Registry } from 'prom-client';
//
// Why not prom-client's Counter and Histogram children per request: each `inc`/`observe` hashes its
// label object again (measured: about 0.7 µs a request, 7% of a reply-cache hit's own work in
// process). Here a request costs two Map lookups on constant keys and a bucket search; prom-client
// still owns the exposition — the histogram is a metric object in its registry whose `get()` gives
// the values in the shape its own Histogram gives, so the text is the same.

/** Upper bounds of the latency buckets, in seconds. */
export const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { route: string; status: string; count: number; sum: number; buckets: Float64Array };
type Value = { labels: Record<string, string | number>; value: number; metricName: string };

export type RequestSeries = {
  /** Counts one answered request. */
  observe(route: string, status: number, seconds: number): void;
  /** Every (route, status) seen, in first-seen order. */
  list(): readonly Readonly<Series>[];
  /** A prom-client registry metric of type histogram over these series. */
  toHistogram(name: string, help: string): object;
  /** Registers the request counter (`<counter>`) and latency histogram (`<histogram>`) in `registry`. */
  register(
    registry: Registry,
    names: { counter: string; histogram: string },
    help: { counter: string; histogram: string },
  ): void;
};

export function createRequestSeries(): RequestSeries {
  const byRoute = new Map<string, Map<number, Series>>();
  const all: Series[] = [];
  const add = (route: string, status: number): Series => {
    const s = { route, status: String(status), count: 0, sum: 0, buckets: new Float64Array(BUCKETS.length) };
    let statuses = byRoute.get(route);
    if (!statuses) byRoute.set(route, (statuses = new Map()));
    statuses.set(status, s);
    all.push(s);
    return s;
  };
  const values = (name: string): Value[] => {
    const out: Value[] = [];
    for (const s of all) {
      const labels = { route: s.route, status: s.status };
      let acc = 0;
      BUCKETS.forEach((le, i) => {
        acc += s.buckets[i];
        out.push({ labels: { le, ...labels }, value: acc, metricName: `${name}_bucket` });
      });
      out.push({ labels: { le: '+Inf', ...labels }, value: s.count, metricName: `${name}_bucket` });
      out.push({ labels, value: s.sum, metricName: `${name}_sum` });
      out.push({ labels, value: s.count, metricName: `${name}_count` });
    }
    return out;
  };
  const toHistogram = (name: string, help: string): object => ({
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values(name) }),
    reset() {
      byRoute.clear();
      all.length = 0;
    },
  });
  return {
    observe(route, status, seconds) {
      const s = byRoute.get(route)?.get(status) ?? add(route, status);
      s.count++;
      s.sum += seconds;
      // The first bucket whose bound holds the value (none past the last bound: +Inf only).
      for (let i = 0; i < BUCKETS.length; i++) {
        if (seconds <= BUCKETS[i]) {
          s.buckets[i]++;
          break;
        }
      }
    },
    list: () => all,
    register(registry, names, help) {
      new Counter({
        name: names.counter,
        help: help.counter,
        labelNames: ['route', 'status'],
        registers: [registry],
        collect() {
          this.reset();
          for (const s of all) this.labels(s.route, s.status).inc(s.count);
        },
      });
      registry.registerMetric(toHistogram(names.histogram, help.histogram) as never);
    },
    toHistogram,
  };
}
