// Prometheus text metrics: requests and latencies by route and status, pool and snapshot gauges.

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Metrics = {
  observe(route: string, status: number, seconds: number): void;
  toText(gauges: Record<string, number | Record<string, number>>): string;
};

/** A registry of request counters and latency histograms. */
export function createMetrics(): Metrics {
  const series = new Map<string, { route: string; status: number; count: number; sum: number; buckets: number[] }>();
  return {
    observe(route, status, seconds) {
      const key = `${route} ${status}`;
      let s = series.get(key);
      if (!s) series.set(key, (s = { route, status, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }));
      s.count++;
      s.sum += seconds;
      BUCKETS.forEach((b, i) => { if (seconds <= b) s!.buckets[i]++; });
    },
    toText(gauges) {
      const lines = ['# TYPE sorrel_requests_total counter'];
      const sorted = [...series.values()].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : a.status - b.status));
      for (const s of sorted) lines.push(`sorrel_requests_total{route="${s.route}",status="${s.status}"} ${s.count}`);
      lines.push('# TYPE sorrel_request_duration_seconds histogram');
      for (const s of sorted) {
        const l = `route="${s.route}",status="${s.status}"`;
        BUCKETS.forEach((b, i) => {
          lines.push(`sorrel_request_duration_seconds_bucket{${l},le="${b}"} ${s.buckets[i]}`);
        });
        lines.push(`sorrel_request_duration_seconds_bucket{${l},le="+Inf"} ${s.count}`);
        lines.push(`sorrel_request_duration_seconds_sum{${l}} ${s.sum}`);
        lines.push(`sorrel_request_duration_seconds_count{${l}} ${s.count}`);
      }
      for (const [name, v] of Object.entries(gauges)) {
        lines.push(`# TYPE ${name} gauge`);
        if (typeof v === 'number') lines.push(`${name} ${v}`);
        else for (const [label, x] of Object.entries(v)) lines.push(`${name}{dataset="${label}"} ${x}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
