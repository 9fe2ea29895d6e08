// Child entry: autocannon in a process of its own (pinned apart from the server by the caller), one JSON line when done.
// Usage: node --import tsx bench/lib/cannon-child.ts <url> <connections> <seconds>
const [url, connections, seconds] = process.argv.slice(2);

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
const PEER = 'autocannon'; // a bench peer: imported by name so the root type-check needs no bench/node_modules
const cannon = ((await import(PEER)) as { default: (o: object) => Promise<Result> }).default;
process.stdout.write(`${JSON.stringify({ event: 'started' })}\n`);
const r = await cannon({ url, connections: Number(connections), duration: Number(seconds), timeout: 30 });
process.stdout.write(
  `${JSON.stringify({
    event: 'done',
    rps: r.requests.average,
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  })}\n`,
);
