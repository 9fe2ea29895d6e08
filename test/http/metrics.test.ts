// /metrics (issue 10): prom-client's exposition, parsed by an independent parser, with HELP lines, process metrics and our series.
import { createRequire } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

type Family = {
  name: string;
  help: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[];
};
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

const t = suite('metrics exposition');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

t('every family has HELP and TYPE; request, cache, pool, snapshot and process series are there', async () => {
  await get(s.url, '/api/fields/');
  await get(s.url, '/api/fields/'); // a reply-cache hit
  await get(s.url, '/api/fields/999/');
  const r = await get(s.url, '/metrics');
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const families = new Map(parsePrometheus(r.text).map((f) => [f.name, f]));
  for (const f of families.values()) assert.ok(f.help.length > 0, `${f.name} has HELP`);
  const requests = families.get('sorrel_requests_total')!;
  assert.is(requests.type, 'COUNTER');
  const ok = requests.metrics.find((m) => m.labels?.route === 'fields' && m.labels?.status === '200');
  assert.is(ok?.value, '2');
  assert.ok(requests.metrics.some((m) => m.labels?.route === 'field' && m.labels?.status === '404'));
  assert.is(families.get('sorrel_request_duration_seconds')!.type, 'HISTOGRAM');
  const cache = families.get('sorrel_reply_cache_requests_total')!.metrics;
  assert.is(cache.find((m) => m.labels?.result === 'hit')?.value, '1');
  assert.is(families.get('sorrel_snapshot_rows')!.metrics.find((m) => m.labels?.dataset === 'people')?.value, '6');
  assert.is(families.get('sorrel_pool_threads')!.metrics[0].value, '1');
  assert.is(families.get('sorrel_ready')!.metrics[0].value, '1');
  for (const name of [
    'process_cpu_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_heap_size_used_bytes',
    'nodejs_gc_duration_seconds',
    'nodejs_active_handles_total',
  ]) {
    assert.ok(families.has(name), `${name} is exposed`);
  }
});

t.run();
