// Test helper: a real server on port 0 over a catalog, and small fetch wrappers.
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { DEFAULT_CONFIG, type Config } from '../../src/config.ts';
import { startServer, type Running } from '../../src/serve/server.ts';
import { checkResponse } from './openapi.ts';

export const FIXTURE_CATALOG = fileURLToPath(new URL('../fixtures/catalog/catalog.yaml', import.meta.url));
export const ADMIN = { Authorization: 'Bearer fixture-admin-key' };
export const STAFF = { Authorization: 'Bearer fixture-staff-key' };

/**
 * Starts a server on 127.0.0.1:0 and waits until the catalog is loaded and its naive distributions
 * are warmed (src/serve/warm.ts), so a test's requests meet a pool with no background task. `worker`
 * replaces workers/index for the pool (a test fixture wrapping it).
 */
/** DEFAULT_CONFIG as the tests serve it: loopback, any free port, one thread, no rate limit; `over` on top. */
export function testConfig(over: Partial<Config> = {}): Config {
  return { ...DEFAULT_CONFIG, rateLimit: 0, host: '127.0.0.1', port: 0, poolThreads: 1, ...over };
}

export async function startTestServer(
  catalog = FIXTURE_CATALOG,
  config: Partial<Config> = {},
  worker?: URL,
): Promise<Running> {
  const running = await startServer(
    catalog,
    testConfig({ metricsPublic: true, ...config }),
    pino({ level: 'silent' }),
    worker,
  );
  await running.ready;
  await running.warmed;
  return running;
}

export type Got = { status: number; headers: Headers; body: any; text: string };

/** GET (or another method) a path and parse the JSON body; the answer must match the OpenAPI document. */
export async function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Got> {
  const res = await fetch(base + path, { method, headers });
  const text = await res.text();
  checkResponse(method, base + path, res.status, res.headers, text);
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** POST a JSON body (a string is sent as is) and parse the JSON answer. */
export async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Got> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = undefined;
  }
  checkResponse('POST', base + path, res.status, res.headers, text);
  return { status: res.status, headers: res.headers, body: parsed, text };
}
