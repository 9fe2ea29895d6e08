// Fair turns between connections (src/serve/connections.ts): above the threshold, each answered socket waits a turn; nothing is lost.
import { EventEmitter } from 'node:events';
import { Agent, request, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFairTurns } from '../../src/serve/connections.ts';
import type { Running } from '../../src/serve/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** Counts the server sockets' pauses (the fair turn) from their creation on. */
function countPauses(s: Running): { pauses: number } {
  const seen = { pauses: 0 };
  s.server.on('connection', (socket) => socket.on('pause', () => seen.pauses++));
  return seen;
}

/** `n` sequential keep-alive GETs on one connection of `agent`; their status codes. */
async function sequential(base: string, agent: Agent, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      await new Promise<number>((resolve, reject) => {
        request(`${base}/api/fields/${1 + (i % 6)}/`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      }),
    );
  }
  return out;
}

/** Ten requests pipelined in one write, then the connection closed: how many answers came back, and their statuses. */
function pipelined(s: Running): Promise<string[]> {
  const { port } = s.server.address() as { port: number };
  const one = 'GET /api/fields/3/ HTTP/1.1\r\nHost: x\r\n\r\n';
  const post =
    'POST /api/fields/1/values/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n[{"value":"Ada"}]';
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${one.repeat(5)}${post}${one.repeat(3)}GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (b) => (text += b));
    socket.on('close', () => done([...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1])));
  });
}

for (const [threshold, paused] of [
  [3, true],
  [256, false],
] as const) {
  test(`${paused ? 'above' : 'below'} the threshold (${threshold}): every keep-alive, pipelined and POST request is answered`, async () => {
    const s = await startTestServer(undefined, { fairConnections: threshold });
    const seen = countPauses(s);
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    try {
      const runs = await Promise.all(Array.from({ length: 12 }, () => sequential(s.url, agent, 15)));
      for (const statuses of runs) assert.equal(statuses, Array(15).fill(200));
      assert.equal(await pipelined(s), [...Array(5).fill('200'), '200', ...Array(3).fill('200'), '200']);
      assert.is(seen.pauses > 0, paused, `${seen.pauses} pauses`);
    } finally {
      agent.destroy();
      await s.close();
    }
  });
}

/** A socket that records its pauses and resumes. */
function fakeSocket() {
  return {
    destroyed: false,
    paused: false,
    resumes: 0,
    isPaused() {
      return this.paused;
    },
    pause() {
      this.paused = true;
    },
    resume() {
      this.paused = false;
      this.resumes++;
    },
    once() {},
  };
}
const turn = () => new Promise((r) => setImmediate(r));

test('turns: answered sockets wait, then 16 resume per turn, oldest first; 4 per turn while connections arrive', async () => {
  const server = new EventEmitter();
  const hook = createFairTurns(server as unknown as Server, 2);
  const sockets = Array.from({ length: 40 }, fakeSocket);
  for (const s of sockets) server.emit('connection', s);
  for (const s of sockets) {
    let finish: (() => void) | undefined;
    const res = { req: { socket: s }, once: (_: string, f: () => void) => (finish = f) };
    hook(res as unknown as ServerResponse);
    finish!.call(res);
  }
  assert.ok(sockets.every((s) => s.paused));
  await turn(); // the turn of the answers: connections arrived during it, so only 4 resume
  assert.equal(
    sockets.map((s) => s.resumes),
    [...Array(4).fill(1), ...Array(36).fill(0)],
  );
  await turn();
  assert.equal(
    sockets.map((s) => s.resumes),
    [...Array(20).fill(1), ...Array(20).fill(0)],
  );
  await turn();
  await turn();
  assert.ok(sockets.every((s) => s.resumes === 1 && !s.paused));
});

test('turns: at or below the threshold, or with 0, answers pause nothing', () => {
  for (const threshold of [0, 3]) {
    const server = new EventEmitter();
    const hook = createFairTurns(server as unknown as Server, threshold);
    for (let i = 0; i < 3; i++) server.emit('connection', fakeSocket());
    let listened = false;
    hook({ req: { socket: fakeSocket() }, once: () => (listened = true) } as unknown as ServerResponse);
    assert.is(listened, false);
  }
});

test.run();
