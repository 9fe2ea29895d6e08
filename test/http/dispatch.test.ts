// The request loop (src/http/dispatch.ts): the same bytes as Polka's own handler, and a cache hit the same bytes as its miss.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp, type AppState } from '../../src/app.ts';
import { DEFAULT_CONFIG } from '../../src/config.ts';
import type { Running } from '../../src/serve/server.ts';
import { startTestServer } from '../helpers/server.ts';

const t = suite('request loop');
const ORIGIN = 'https://portal.example';
const config = { ...DEFAULT_CONFIG, rateLimit: 0, corsOrigins: [ORIGIN] };
let s: Running;
const servers: Server[] = [];
t.before(async () => {
  s = await startTestServer(undefined, { corsOrigins: [ORIGIN] });
});
t.after(async () => {
  for (const server of servers) server.close();
  await s.close();
});

/** Two apps over one snapshot: one served by its own loop, one by Polka's handler (the loop it replaced). */
async function servePair(state: () => AppState): Promise<{ fast: number; polka: number }> {
  const listen = async (handler: RequestListener) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return (server.address() as AddressInfo).port;
  };
  const make = () => createApp({ state: state(), pool: s.pool, config, logger: pino({ level: 'silent' }) });
  const fast = make();
  const other = make();
  const polkaHandler = (Object.getPrototypeOf(other) as { handler: RequestListener }).handler.bind(other);
  return { fast: await listen(fast.handler as never), polka: await listen(polkaHandler) };
}

/** Sends a raw HTTP/1.1 request and returns the raw response, its Date value masked. */
function send(port: number, head: string, body = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/\r\nDate: [^\r]*/, '\r\nDate: -'),
      ),
    );
    socket.on('error', reject);
    const length = body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '';
    // Not ended by us: a half-closed socket is dropped before an asynchronous answer; the server closes it.
    socket.write(`${head}\r\nHost: sorrel.test\r\nConnection: close\r\n${length}\r\n${body}`);
  });
}

const secret = new TextEncoder().encode('fixture-secret-of-at-least-32-bytes!!');
const etagOf = (raw: string) => /\r\nETag: ("[^"]+")/.exec(raw)?.[1] ?? '';

t('answers every kind of request with the bytes Polka’s handler writes', async () => {
  const { fast, polka } = await servePair(() => ({ snapshot: s.state.snapshot }));
  const token = await new SignJWT({ groups: ['staff', 'lab'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('jwt-person')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(secret);
  const staff = 'Authorization: Bearer fixture-staff-key';
  const requests: [string, string?][] = [
    ['GET /api/fields/1/ HTTP/1.1'],
    ['GET /api/fields/1/ HTTP/1.1'],
    ['HEAD /api/fields/1/ HTTP/1.1'],
    ['GET /api/fields/1/ HTTP/1.1\r\nIf-None-Match: *'],
    ['GET /api/fields/1/ HTTP/1.1\r\nIf-None-Match: "other", W/"x"'],
    ['GET /api/fields/%31/ HTTP/1.1'],
    ['GET /api/fields/1 HTTP/1.1'],
    ['GET /api/fields/1/values/ HTTP/1.1'],
    ['GET /api/fields/1/values/ HTTP/1.1'],
    ['GET /api/fields/2/dist/?limit=2 HTTP/1.1'],
    ['GET /api/fields/2/dist/?limit=2 HTTP/1.1'],
    ['GET /api/fields/?limit=2#fragment HTTP/1.1'],
    ['GET /api/fields/?limit=x HTTP/1.1'],
    [`GET /api/concepts/ HTTP/1.1\r\nOrigin: ${ORIGIN}`],
    [`GET /api/concepts/ HTTP/1.1\r\nOrigin: ${ORIGIN}`],
    ['GET /api/concepts/ HTTP/1.1\r\nOrigin: https://elsewhere.example'],
    ['GET /api/concepts/ HTTP/1.1\r\nOrigin: null'],
    [`OPTIONS /api/fields/1/values/ HTTP/1.1\r\nOrigin: ${ORIGIN}\r\nAccess-Control-Request-Method: POST`],
    [`OPTIONS /nowhere HTTP/1.1\r\nOrigin: ${ORIGIN}`],
    [`GET /api/fields/ HTTP/1.1\r\n${staff}`],
    [`GET /api/fields/ HTTP/1.1\r\n${staff}`],
    [`GET /api/fields/ HTTP/1.1\r\nAuthorization: Bearer ${token}`],
    [`GET /api/fields/ HTTP/1.1\r\nAuthorization: Bearer ${token}`],
    ['GET /api/fields/ HTTP/1.1\r\nAuthorization: Bearer not-a-key'],
    ['POST /api/fields/ HTTP/1.1'],
    ['DELETE /api/fields/1/ HTTP/1.1'],
    ['POST /api/fields/1/values/ HTTP/1.1\r\nContent-Type: application/json', '{"values": ['],
    ['POST /api/fields/1/values/ HTTP/1.1\r\nContent-Type: application/json', '{"values": ["Ann"]}'],
    ['GET /nope HTTP/1.1'],
    ['GET /api/ HTTP/1.1'],
    ['GET /healthz HTTP/1.1'],
  ];
  const statuses = new Set<string>();
  for (const [head, body] of requests) {
    const a = await send(fast, head, body);
    const b = await send(polka, head, body);
    assert.fixture(a, b, head.split('\r\n').join(' | '));
    statuses.add(a.slice(9, 12));
  }
  // The set covers answers, revalidations, preflights and errors (sync throws and rejected promises).
  assert.equal([...statuses].sort(), ['200', '204', '304', '400', '401', '404', '405']);
  // A revalidation with the ETag just served.
  const first = await send(fast, 'GET /api/fields/3/ HTTP/1.1');
  const tag = etagOf(first);
  assert.ok(tag);
  const notModified = `GET /api/fields/3/ HTTP/1.1\r\nIf-None-Match: ${tag}`;
  const a = await send(fast, notModified);
  assert.fixture(a, await send(polka, notModified));
  assert.is(a.slice(9, 12), '304');
});

t('answers before a snapshot is loaded (a synchronous throw) as Polka’s handler does', async () => {
  const { fast, polka } = await servePair(() => ({ snapshot: null }));
  for (const head of ['GET /api/fields/ HTTP/1.1', 'GET /readyz HTTP/1.1', 'GET /healthz HTTP/1.1']) {
    const a = await send(fast, head);
    assert.fixture(a, await send(polka, head), head);
  }
});

t('a reply-cache hit writes the bytes of its miss, for anonymous, CORS, API-key and JWT users', async () => {
  const { fast } = await servePair(() => ({ snapshot: s.state.snapshot }));
  const token = await new SignJWT({ groups: ['lab', 'staff'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('jwt-person')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(secret);
  for (const head of [
    'GET /api/fields/4/ HTTP/1.1',
    'HEAD /api/fields/5/ HTTP/1.1',
    'GET /api/fields/1/values/?limit=3 HTTP/1.1',
    `GET /api/fields/6/ HTTP/1.1\r\nOrigin: ${ORIGIN}`,
    'GET /api/fields/10/ HTTP/1.1\r\nOrigin: https://elsewhere.example',
    'GET /api/concepts/ HTTP/1.1\r\nAuthorization: Bearer fixture-staff-key',
    `GET /api/concepts/ HTTP/1.1\r\nAuthorization: Bearer ${token}`,
  ]) {
    // Each path is asked here first, so the first answer is a miss (the reply cache does not key the origin).
    const miss = await send(fast, head);
    assert.is(miss.slice(9, 12), '200', head);
    assert.fixture(await send(fast, head), miss, head.split('\r\n').join(' | '));
  }
});

t.run();
