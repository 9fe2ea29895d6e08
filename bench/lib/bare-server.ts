// Child entry: the bare node:http reference, replaying recorded responses byte for byte.
// Usage: node --import tsx bench/lib/bare-server.ts <responses.json>, a list of { url, status, headers, body }
// (headers as raw [name, value, …] pairs, body in base64), as bench/scenarios/http.ts records them from Sorrel.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Recorded = { url: string; status: number; headers: string[]; body: string };

const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Recorded[];
const responses = new Map(
  recorded.map((r) => [r.url, { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') }]),
);

const server = createServer((req, res) => {
  const r = responses.get(req.url ?? '');
  if (!r) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not recorded');
    return;
  }
  res.writeHead(r.status, r.headers);
  res.end(r.body);
});
server.keepAliveTimeout = 65_000; // as Sorrel's server
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${port}` })}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
