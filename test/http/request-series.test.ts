// Request series (src/http/request-series.ts) against prom-client's own Counter and Histogram fed the same requests.
import { Counter, Histogram, Registry } from 'prom-client';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUCKETS, createRequestSeries } from '../../src/http/request-series.ts';

// Durations on and around every bucket bound (a bound belongs to its own bucket), below the first and past the last.
const DURATIONS = [0, 0.0004, ...BUCKETS.flatMap((b) => [b * 0.999, b, b * 1.001]), 12, 60];
const REQUESTS: [string, number, number][] = DURATIONS.flatMap((d, i) => [
  ['fields', 200, d],
  [i % 3 ? 'field' : 'values', i % 4 ? 200 : 404, d / 2],
]);

test('exposition text equals prom-client Histogram and Counter fed the same requests', async () => {
  const reference = new Registry();
  const counter = new Counter({ name: 'r_total', help: 'h', labelNames: ['route', 'status'], registers: [reference] });
  const histogram = new Histogram({
    name: 'r_seconds',
    help: 'h',
    labelNames: ['route', 'status'],
    buckets: BUCKETS,
    registers: [reference],
  });
  const ours = new Registry();
  const series = createRequestSeries();
  series.register(ours, { counter: 'r_total', histogram: 'r_seconds' }, { counter: 'h', histogram: 'h' });
  for (const [route, status, seconds] of REQUESTS) {
    counter.labels(route, String(status)).inc();
    histogram.labels(route, String(status)).observe(seconds);
    series.observe(route, status, seconds);
  }
  assert.is(await ours.metrics(), await reference.metrics());
});

test('reset forgets every series', async () => {
  const series = createRequestSeries();
  series.observe('fields', 200, 0.01);
  const metric = series.toHistogram('r_seconds', 'h') as { reset(): void };
  metric.reset();
  assert.equal(series.list(), []);
});

test.run();
