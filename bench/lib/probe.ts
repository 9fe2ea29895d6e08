// A client that opens a new connection every so often and times its first answer: connect, then the whole answer.
import { request } from 'node:http';

/** One probe: ms to the TCP connection, ms to the end of the answer (both from the start), its status. */
export type Probe = { connectMs: number; answerMs: number; status: number };

/** One GET on a connection of its own (no agent, no keep-alive reuse). */
export function probeOnce(url: string, timeoutMs = 60_000): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let connectMs = Number.NaN;
    const req = request(url, { agent: false, headers: { Connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ connectMs, answerMs: performance.now() - started, status: res.statusCode ?? 0 }));
    });
    req.on('socket', (socket) =>
      socket.once('connect', () => {
        connectMs = performance.now() - started;
      }),
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** Probes every `everyMs` for `seconds`, each on a new connection, without waiting for the previous one; `atMs` from the first. */
export async function probeNewConnections(
  url: string,
  everyMs: number,
  seconds: number,
): Promise<(Probe & { atMs: number })[]> {
  const pending: Promise<Probe & { atMs: number }>[] = [];
  const started = performance.now();
  while (performance.now() < started + seconds * 1000) {
    const atMs = performance.now() - started;
    pending.push(probeOnce(url).then((p) => ({ ...p, atMs })));
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return Promise.all(pending);
}
