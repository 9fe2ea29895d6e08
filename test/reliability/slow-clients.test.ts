// Slow clients against the server's timeouts: slowloris heads, slow bodies, idle keep-alive, clients that never read.
import { connect, type Socket } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { get, startTestServer } from '../helpers/server.ts';

const HEADERS_MS = 400;
const REQUEST_MS = 800;
const KEEPALIVE_MS = 300;
let s: Running;

test.before(async () => {
  s = await startTestServer(undefined, {
    headersTimeoutMs: HEADERS_MS,
    requestTimeoutMs: REQUEST_MS,
    keepAliveTimeoutMs: KEEPALIVE_MS,
  });
});
test.after(async () => {
  await s.close();
});

type Conn = { socket: Socket; text: () => string; closed: Promise<number> };

/** A raw connection; `closed` resolves to the ms from opening to the server's close. */
function open(): Promise<Conn> {
  const { port } = s.server.address() as { port: number };
  const started = performance.now();
  return new Promise((ready) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (b) => {
      out += b;
    });
    socket.on('error', () => {});
    const closed = new Promise<number>((r) => socket.on('close', () => r(performance.now() - started)));
    socket.on('connect', () => ready({ socket, text: () => out, closed }));
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function trickle(c: Conn, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (c.socket.destroyed || i >= text.length) return clearInterval(timer);
    c.socket.write(text[i++]);
  }, everyMs);
}

/** A GET on a fresh connection is answered (5 s: a hang detector) while the slow clients hold theirs. */
async function assertServing(): Promise<void> {
  const started = performance.now();
  assert.is((await get(s.url, '/api/fields/1/', { Connection: 'close' })).status, 200);
  assert.ok(performance.now() - started < 5000, `a probe took ${Math.round(performance.now() - started)} ms`);
}

test('slowloris: heads sent a byte at a time are cut with 408 REQUEST_TIMEOUT; others are served meanwhile', async () => {
  const conns = await Promise.all(Array.from({ length: 20 }, open));
  for (const c of conns) trickle(c, `GET /api/fields/1/ HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(500)}\r\n\r\n`, 50);
  await assertServing();
  const closedAfter = await Promise.all(conns.map((c) => c.closed));
  for (const [i, c] of conns.entries()) {
    assert.match(c.text(), /^HTTP\/1\.1 408 /);
    assert.match(c.text(), /"code":"REQUEST_TIMEOUT"/);
    assert.ok(closedAfter[i] < HEADERS_MS + 5000, `closed after ${Math.round(closedAfter[i])} ms`);
  }
});

test('a slow body is cut with 408 REQUEST_TIMEOUT once the request timeout passes', async () => {
  const conns = await Promise.all(Array.from({ length: 5 }, open));
  const body = `[${'{"value":"Ada"},'.repeat(20)}{"value":"Bob"}]`;
  for (const c of conns) {
    c.socket.write(
      `POST /api/fields/1/values/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    trickle(c, body, 100);
  }
  await assertServing();
  const closedAfter = await Promise.all(conns.map((c) => c.closed));
  for (const [i, c] of conns.entries()) {
    assert.match(c.text(), /^HTTP\/1\.1 408 /, c.text());
    assert.match(c.text(), /"code":"REQUEST_TIMEOUT"/);
    assert.ok(closedAfter[i] < REQUEST_MS + 5000, `closed after ${Math.round(closedAfter[i])} ms`);
  }
});

test('an idle keep-alive connection is reused within the keep-alive timeout and closed after it', async () => {
  const c = await open();
  const request = 'GET /api/fields/1/ HTTP/1.1\r\nHost: x\r\n\r\n';
  c.socket.write(request);
  await new Promise((r) => setTimeout(r, KEEPALIVE_MS / 3));
  c.socket.write(request);
  const closedAfter = await c.closed;
  assert.is(c.text().match(/HTTP\/1\.1 200 /g)?.length, 2);
  assert.ok(closedAfter >= KEEPALIVE_MS, `closed after ${Math.round(closedAfter)} ms`);
  assert.ok(closedAfter < KEEPALIVE_MS + 5000, `closed after ${Math.round(closedAfter)} ms`);
});

test('clients that ask for large answers and never read them do not hold up others', async () => {
  const conns = await Promise.all(Array.from({ length: 10 }, open));
  for (const c of conns) {
    c.socket.pause(); // never read: the answers fill the socket buffers
    for (let i = 0; i < 20; i++) c.socket.write('GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n');
  }
  await new Promise((r) => setTimeout(r, 200));
  await assertServing();
  for (const c of conns) c.socket.destroy();
});

test.run();
