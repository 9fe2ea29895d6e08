// GET over node:http with a chosen Host header, keep-alive, and the body as bytes: for comparing replicas.
import { Agent, request } from 'node:http';

export type RawReply = { status: number; etag: string | null; body: Buffer };
export type RawClient = {
  /** GETs `origin + path`; rejects on a network error or when no answer comes within the timeout. */
  get(origin: string, path: string, headers?: Record<string, string>): Promise<RawReply>;
  /** Closes the client's keep-alive sockets. */
  close(): void;
};

/**
 * A keep-alive client that sends `host` as the Host header of every request, so every replica
 * sees the same one (as behind a load balancer) and builds the same `_links` and ETags.
 */
export function createRawClient(host: string, timeoutMs = 30_000): RawClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  return {
    get: (origin, path, headers = {}) =>
      new Promise((resolve, reject) => {
        const req = request(origin + path, { agent, headers: { ...headers, host }, timeout: timeoutMs }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              etag: (res.headers.etag as string | undefined) ?? null,
              body: Buffer.concat(chunks),
            }),
          );
          res.on('error', reject);
        });
        req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer within ${timeoutMs} ms`)));
        req.on('error', reject);
        req.end();
      }),
    close: () => agent.destroy(),
  };
}
