// Tests: the app without a snapshot, unexpected errors, and the per-request log line.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp, type AppState } from '../src/app.ts';
import { DEFAULT_CONFIG } from '../src/config.ts';
import type { Pool } from '../src/contract/pool.ts';
import type { Snapshot } from '../src/snapshot/build/create.ts';
import { get, startTestServer, testConfig } from './helpers/server.ts';
import { startServer } from '../src/serve/server.ts';

const idlePool: Pool = {
  run: async () => {
    throw new Error('no pool in this test');
  },
  stats: () => ({ queued: 0, utilization: 0, threads: 0 }),
  close: async () => {},
};

async function serveApp(state: AppState): Promise<{ url: string; server: Server }> {
  const app = createApp({ state, pool: idlePool, config: DEFAULT_CONFIG, logger: pino({ level: 'silent' }) });
  const server = createServer(app.handler as never);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('before the snapshot is loaded, /readyz and the API answer 503 with Retry-After; /healthz is 200', async () => {
  const { url, server } = await serveApp({ snapshot: null });
  try {
    const ready = await get(url, '/readyz');
    assert.equal([ready.status, ready.body.code, ready.headers.get('retry-after')], [503, 'UNAVAILABLE', '1']);
    const api = await get(url, '/api/fields/');
    assert.equal([api.status, api.body.code, api.headers.get('retry-after')], [503, 'UNAVAILABLE', '1']);
    assert.is((await get(url, '/healthz')).status, 200);
  } finally {
    server.close();
  }
});

test('an unexpected error is a 500 INTERNAL that shows no internals', async () => {
  const snapshot = {
    authenticate: async () => {
      throw new Error('secret internals at /etc/passwd');
    },
  } as unknown as Snapshot;
  const { url, server } = await serveApp({ snapshot });
  try {
    const r = await get(url, '/api/fields/');
    assert.equal([r.status, r.body.code], [500, 'INTERNAL']);
    assert.not.ok(r.text.includes('secret'));
    assert.not.ok(r.text.includes('/etc/passwd'));
  } finally {
    server.close();
  }
});

test('one structured log line per request with method, path, status, duration and user, never the token', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const { FIXTURE_CATALOG } = await import('./helpers/server.ts');
  const running = await startServer(FIXTURE_CATALOG, testConfig(), pino({ level: 'info' }, sink));
  try {
    await running.ready;
    await get(running.url, '/api/fields/1/?x=1', { Authorization: 'Bearer fixture-staff-key' });
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.msg === 'request' && l.path === '/api/fields/1/')!;
    assert.ok(line, JSON.stringify(lines));
    assert.equal([line.method, line.status, line.user], ['GET', 200, 'staff']);
    assert.type(line.ms, 'number');
    assert.not.ok(JSON.stringify(lines).includes('fixture-staff-key'));
  } finally {
    await running.close();
  }
});

test('the server keeps serving after a bad request', async () => {
  const s = await startTestServer();
  try {
    assert.is((await get(s.url, '/api/fields/1/values/?aware=true&context=%7B')).status, 400);
    assert.is((await get(s.url, '/api/fields/1/values/')).status, 200);
  } finally {
    await s.close();
  }
});

test.run();
