// The request fuzzer, part 3: raw bytes over a socket — mutated requests, odd methods, broken framing, plain noise.
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { assertAnswer, type Rand, toRand } from '../helpers/fuzz.ts';
import { get, startTestServer } from '../helpers/server.ts';

const SEED = 2103;
const HANG_MS = 5000;
let s: Running;

test.before(async () => {
  s = await startTestServer(undefined, { headersTimeoutMs: 1000 });
});
test.after(async () => {
  await s.close();
});

/** Writes bytes, half-closes, and returns what came back before the server closed (or HANG_MS passed: a hang). */
function exchange(bytes: Buffer): Promise<{ text: string; hung: boolean }> {
  const { port } = s.server.address() as { port: number };
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      done({ text: Buffer.concat(chunks).toString('latin1'), hung: true });
    }, HANG_MS);
    socket.on('data', (b) => chunks.push(b));
    socket.on('close', () => {
      clearTimeout(timer);
      done({ text: Buffer.concat(chunks).toString('latin1'), hung: false });
    });
    socket.on('error', () => {});
  });
}

const VALID = [
  'GET /api/fields/1/ HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/fields/3/values/?limit=2 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer fixture-admin-key\r\n\r\n',
  'POST /api/fields/1/values/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n[{"value":"Ada"}]',
  'POST /api/fields/1/values/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n11\r\n[{"value":"Ada"}]\r\n0\r\n\r\n',
  'HEAD /api/concepts/ HTTP/1.0\r\n\r\n',
];

/** One hostile byte string: a valid request mutated (bytes flipped, cut, repeated, framing lied about) or noise. */
function toRaw(r: Rand): Buffer {
  const base = Buffer.from(r.pick(VALID), 'latin1');
  switch (r.int(7)) {
    case 0: // flip a few bytes
      for (let i = r.int(4) + 1; i > 0; i--) base[r.int(base.length)] = r.int(256);
      return base;
    case 1: // cut anywhere
      return base.subarray(0, r.int(base.length));
    case 2: // an odd method token
      return Buffer.from(
        base
          .toString('latin1')
          .replace(/^[A-Z]+/, r.pick(['TRACE', 'PROPFIND', 'G3T', 'get', 'M-SEARCH', 'PRI', 'QUERY'])),
        'latin1',
      );
    case 3: // lie about the length
      return Buffer.from(
        base
          .toString('latin1')
          .replace(/Content-Length: \d+/, `Content-Length: ${r.pick(['-1', '99999999999', '5', 'abc', '1, 2'])}`),
        'latin1',
      );
    case 4: // two requests, pipelined, the second broken
      return Buffer.concat([base, Buffer.from(r.pick(VALID).slice(0, 20), 'latin1')]);
    case 5: // duplicated and odd headers
      return Buffer.from(
        base
          .toString('latin1')
          .replace(
            'Host: x\r\n',
            `Host: x\r\nHost: y\r\n${r.pick(['X: \u0000', 'Transfer-Encoding: gzip', 'Expect: 100-continue', ' folded: yes', 'Content-Length: 0'])}\r\n`,
          ),
        'latin1',
      );
    default: // noise
      return Buffer.from(Array.from({ length: r.int(300) + 1 }, () => r.int(256)));
  }
}

test('200 seeded raw byte strings: every answer is a status line with no 5xx and a §9 body; no connection hangs', async () => {
  const r = toRand(SEED);
  let answered = 0;
  for (let i = 0; i < 200; i++) {
    const bytes = toRaw(r);
    const { text, hung } = await exchange(bytes);
    const what = JSON.stringify(bytes.toString('latin1').slice(0, 160));
    assert.not.ok(hung, `${what}: the connection stayed open`);
    // Each answer on the connection (pipelined requests give several).
    for (const m of text.matchAll(/HTTP\/1\.[01] (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g)) {
      answered++;
      const status = Number(m[1]);
      const type = /content-type: ([^\r]+)/i.exec(m[2])?.[1] ?? null;
      const length = Number(/content-length: (\d+)/i.exec(m[2])?.[1] ?? 0);
      const start = (m.index ?? 0) + m[0].length;
      const body = Buffer.from(text.slice(start), 'latin1').subarray(0, length).toString('utf8');
      assertAnswer(what, '/api/', status, type, body);
    }
  }
  assert.ok(answered > 100, `only ${answered} answers`);
  assert.is((await get(s.url, '/api/fields/1/')).status, 200);
});

test.run();
