// Tests: configuration from the environment (src/config.ts) — the drain and connection settings, the shared-buffer limit.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { availableParallelism } from 'node:os';
import { toConfig } from '../src/config.ts';

test('the drain grace and timeout default to 5 s and 30 s, and take seconds with fractions', () => {
  assert.equal([toConfig({}).drainGraceMs, toConfig({}).drainTimeoutMs], [5000, 30000]);
  const c = toConfig({ SORREL_DRAIN_GRACE: '0.25', SORREL_DRAIN_TIMEOUT: '0' });
  assert.equal([c.drainGraceMs, c.drainTimeoutMs], [250, 0]);
});

test('a bad drain setting is one message naming the variable', () => {
  assert.throws(
    () => toConfig({ SORREL_DRAIN_GRACE: '5s' }),
    /^SORREL_DRAIN_GRACE must be a number of seconds ≥ 0 \(e\.g\. 5 or 0\.5\), got "5s"\.$/,
  );
  assert.throws(() => toConfig({ SORREL_DRAIN_TIMEOUT: '-1' }), /SORREL_DRAIN_TIMEOUT must be a number of seconds/);
});

test('connection settings: timeouts, backlog and fair turns, with their defaults', () => {
  const d = toConfig({});
  assert.equal(
    [d.headersTimeoutMs, d.requestTimeoutMs, d.keepAliveTimeoutMs, d.listenBacklog, d.fairConnections],
    [10_000, 30_000, 65_000, 4096, 256],
  );
  const c = toConfig({
    SORREL_REQUEST_TIMEOUT_MS: '800',
    SORREL_KEEPALIVE_TIMEOUT_MS: '300',
    SORREL_LISTEN_BACKLOG: '511',
    SORREL_FAIR_CONNECTIONS: '0',
  });
  assert.equal([c.requestTimeoutMs, c.keepAliveTimeoutMs, c.listenBacklog, c.fairConnections], [800, 300, 511, 0]);
  assert.throws(() => toConfig({ SORREL_LISTEN_BACKLOG: '0' }), /^SORREL_LISTEN_BACKLOG must be a whole number ≥ 1/);
  assert.throws(
    () => toConfig({ SORREL_FAIR_CONNECTIONS: '-1' }),
    /^SORREL_FAIR_CONNECTIONS must be a whole number ≥ 0/,
  );
});

test('one worker thread per core at nice 10 by default; SORREL_THREADS and SORREL_WORKER_NICE (0..19) change them', () => {
  const d = toConfig({});
  assert.equal([d.poolThreads, d.workerNice, d.splitRows], [availableParallelism(), 10, 1_000_000]);
  const c = toConfig({ SORREL_THREADS: '3', SORREL_WORKER_NICE: '0' });
  assert.equal([c.poolThreads, c.workerNice], [3, 0]);
  assert.is(toConfig({ SORREL_WORKER_NICE: '19' }).workerNice, 19);
  for (const bad of ['20', '-1', 'low', '5.5'])
    assert.throws(
      () => toConfig({ SORREL_WORKER_NICE: bad }),
      new RegExp(`^SORREL_WORKER_NICE must be a whole number from 0 to 19, got "${bad.replace('.', '\\.')}"\\.$`),
    );
});

test('SORREL_BUFFER_MB sets the most bytes of one shared buffer, in MiB from 1 to 4000; unset leaves the default', () => {
  assert.is(toConfig({}).bufferBytes, null);
  assert.is(toConfig({ SORREL_BUFFER_MB: '1' }).bufferBytes, 1048576);
  assert.is(toConfig({ SORREL_BUFFER_MB: '4000' }).bufferBytes, 4000 * 1048576);
  for (const bad of ['0', '4001', '1.5', 'big'])
    assert.throws(
      () => toConfig({ SORREL_BUFFER_MB: bad }),
      (err: Error) => err.message === `SORREL_BUFFER_MB must be a whole number of MiB from 1 to 4000, got "${bad}".`,
    );
});

test('per-client rate limit: 20 per second after a burst of 100 by default, 0 turns it off, bad values refused', () => {
  const d = toConfig({});
  assert.equal([d.rateLimit, d.rateBurst], [20, 100]);
  const c = toConfig({ SORREL_RATE_LIMIT: '0.5', SORREL_RATE_BURST: '10' });
  assert.equal([c.rateLimit, c.rateBurst], [0.5, 10]);
  assert.is(toConfig({ SORREL_RATE_LIMIT: '0' }).rateLimit, 0);
  assert.throws(
    () => toConfig({ SORREL_RATE_LIMIT: '-1' }),
    /^SORREL_RATE_LIMIT must be a number of requests per second ≥ 0 \(e\.g\. 20 or 0\.5; 0 = no limit\), got "-1"\.$/,
  );
  assert.throws(() => toConfig({ SORREL_RATE_BURST: '0' }), /^SORREL_RATE_BURST must be a whole number ≥ 1/);
});

test('metrics are not public by default; SORREL_METRICS_PUBLIC opens them', () => {
  assert.equal([toConfig({}).metricsPublic, toConfig({}).metricsToken], [false, null]);
  assert.is(toConfig({ SORREL_METRICS_PUBLIC: 'true' }).metricsPublic, true);
});

test.run();
